/**
 * Game review over HTTP (api.md section 16): POST /v1/analyze-game as JSON and as NDJSON lines,
 * GraphQL analyzeGame, a stored game's POST /v1/games/{id}/analysis, problems for bad options and
 * states (nothing searched), the search time charged to the rate limit.
 */
import { TestApp, gql, postJson, startApp } from '../api/harness';
import { createGame, play, sideOfPly } from '../games/client';

let s: TestApp;
beforeAll(async () => {
  s = await startApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_WINDOW_MS: '600000' });
});
afterAll(async () => s?.close());

const GAME = { variant: 'brandubh', moves: ['d2-e2', 'c4-c5', 'e2-e1', 'd3-d2'] };

async function ndjson(path: string, body: unknown): Promise<{ status: number; type: string | null; lines: Record<string, unknown>[] }> {
  const r = await postJson(s, path, body, { accept: 'application/x-ndjson' });
  const lines =
    r.status === 200
      ? r.text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [];
  return { status: r.status, type: r.headers.get('content-type'), lines };
}

describe('POST /v1/analyze-game', () => {
  it("answers every ply (score before and after, best move, loss, mark) and each side's average loss", async () => {
    const r = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 3 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.plies).toHaveLength(4);
    expect(r.body.plies.map((p: { ply: number }) => p.ply)).toEqual([1, 2, 3, 4]);
    expect(r.body.plies.map((p: { move: string }) => p.move)).toEqual(GAME.moves);
    for (const p of r.body.plies) {
      expect(p).toMatchObject({
        side: expect.any(String),
        scoreBefore: expect.any(Number),
        scoreAfter: expect.any(Number),
        bestMove: expect.any(String),
      });
      expect(p.loss).toBeGreaterThanOrEqual(0);
      expect(['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'only', 'forced']).toContain(p.mark);
      if (p.mark === 'best') expect(p.loss).toBe(0);
    }
    const attackers = r.body.plies.filter((p: { side: string }) => p.side === 'attackers');
    const average = attackers.reduce((a: number, p: { loss: number }) => a + p.loss, 0) / attackers.length;
    expect(r.body.sides.attackers.moves).toBe(2);
    expect(r.body.sides.attackers.averageLoss).toBeCloseTo(average, 1);
    expect(r.body.sides.defenders.marks.map((m: { mark: string }) => m.mark)).toEqual([
      'best',
      'good',
      'inaccuracy',
      'mistake',
      'blunder',
      'only',
      'forced',
    ]);
    expect(r.body).toMatchObject({ level: 10, budgetMsPerPly: 50, searchMs: 0 });
    // Seeded: the same bytes again.
    const again = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 3 });
    expect(again.text).toBe(r.text);
  });

  it('streams one NDJSON line per ply as it is judged, then the summary; the plies equal the JSON answer', async () => {
    const json = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 5 });
    const r = await ndjson('/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 5 });
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/x-ndjson/);
    expect(r.lines.map((l) => l.type)).toEqual(['ply', 'ply', 'ply', 'ply', 'review']);
    expect(r.lines.slice(0, 4).map(({ type: _t, ...p }) => p)).toEqual(json.body.plies);
    expect(r.lines[4]).toMatchObject({ plies: 4, sides: json.body.sides, nodes: json.body.nodes });
  });

  it('refuses bad options and states with a problem, before any search', async () => {
    const level = await postJson(s, '/v1/analyze-game', { ...GAME, level: 11 });
    expect(level.status).toBe(400);
    const budget = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 0 });
    expect(budget.status).toBe(400);
    expect(JSON.stringify(budget.body.errors)).toContain('budgetMsPerPly');
    // 121 plies × 5000 ms is more search than one review may ask for (600,000 ms): refused before the replay.
    const tooMuch = await postJson(s, '/v1/analyze-game', { variant: 'brandubh', moves: Array(121).fill('d2-e2'), budgetMsPerPly: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors[0]).toMatchObject({ code: 'BAD_BUDGET', field: 'budgetMsPerPly' });
    const illegal = await postJson(s, '/v1/analyze-game', { variant: 'brandubh', moves: ['d2-e2', 'd2-e2'] });
    expect(illegal.status).toBe(422);
    expect(illegal.body).toMatchObject({ code: 'ILLEGAL_MOVE', index: 1 });
    const streamed = await ndjson('/v1/analyze-game', { variant: 'brandubh', moves: ['a1-a2'] });
    expect(streamed.status).toBe(422);
    expect(streamed.type).toMatch(/^application\/problem\+json/);
    const unknown = await postJson(s, '/v1/analyze-game', { ...GAME, depth: 3 });
    expect(unknown.status).toBe(400);
  });

  it('charges the search time to the rate limit', async () => {
    const before = await postJson(s, '/v1/analyze-game', { variant: 'brandubh', moves: [], budgetMsPerPly: 10 });
    const left = Number(before.headers.get('ratelimit-remaining'));
    const r = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 100 });
    expect(r.status).toBe(200);
    const after = await postJson(s, '/v1/analyze-game', { variant: 'brandubh', moves: [], budgetMsPerPly: 10 });
    const nowLeft = Number(after.headers.get('ratelimit-remaining'));
    // Two requests, and the review's search time at a unit per started 10 ms of each search.
    expect(r.body.searchMs).toBeGreaterThan(100);
    expect(left - nowLeft).toBeGreaterThanOrEqual(2 + Math.floor(r.body.searchMs / 10));
  });
});

describe('GraphQL analyzeGame', () => {
  it('answers the same review as REST', async () => {
    const rest = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 9 });
    const r = await gql(
      s,
      `query($s: GameStateInput!) { analyzeGame(state: $s, budgetMsPerPly: 50, seed: 9) {
        plies { ply side move scoreBefore scoreAfter bestMove loss mark }
        sides { attackers { moves averageLoss marks { mark count } } defenders { moves averageLoss marks { mark count } } }
        level budgetMsPerPly nodes searchMs } }`,
      { s: GAME },
    );
    expect(r.body.errors, r.text).toBeUndefined();
    expect(r.body.data.analyzeGame).toEqual(rest.body);
    const bad = await gql(s, `query($s: GameStateInput!) { analyzeGame(state: $s, level: 0) { level } }`, { s: GAME });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('POST /v1/games/{id}/analysis', () => {
  it("reviews a stored game's moves so far; an unknown game is 404", async () => {
    const { id, tokens } = await createGame(s);
    for (const [i, move] of GAME.moves.entries()) {
      const played = await play(s, id, move, i, tokens[sideOfPly(i)]);
      expect(played.status, played.text).toBe(201);
    }
    const stored = await postJson(s, `/v1/games/${id}/analysis`, { budgetMsPerPly: 50, seed: 3 });
    const stateless = await postJson(s, '/v1/analyze-game', { ...GAME, budgetMsPerPly: 50, seed: 3 });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.text).toBe(stateless.text);
    const lines = await ndjson(`/v1/games/${id}/analysis`, { budgetMsPerPly: 20 });
    expect(lines.lines.map((l) => l.type)).toEqual(['ply', 'ply', 'ply', 'ply', 'review']);
    const missing = await postJson(s, '/v1/games/00000000-0000-4000-8000-000000000000/analysis', {});
    expect(missing.status).toBe(404);
  });
});
