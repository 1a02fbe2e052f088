/**
 * Concurrent writers of one stored game: 20 simultaneous POST /v1/games/{id}/moves at the same
 * expectedPly (20 different legal moves of the side to move, the same token). Exactly one is stored
 * (201), the other nineteen are refused as stale (409 STALE_PLY), and the stored game holds that one
 * move. Against a throwaway PostgreSQL database and against PGlite (where writes are serialized).
 */
import { TestApp, getJson, postJson, spawnService } from '../api/harness';
import { Created, createGame, expectProblem, getGame, play, sideOfPly, startReady, summaryOf, whenReady } from './client';
import { databases } from './db';

vi.setConfig({ testTimeout: 30_000 });

const WRITERS = 20;
const ROUNDS = 6;

async function legalMoves(app: TestApp, variant: string, position: string): Promise<string[]> {
  const r = await postJson(app, '/v1/legal-moves', { variant, position });
  expect(r.status).toBe(200);
  return r.body.moves.map((m: { notation: string }) => m.notation.split('x')[0]);
}

/** Spread the choice over the list so the moves start from different pieces. */
function pick<T>(list: T[], n: number): T[] {
  if (list.length < n) throw new Error(`only ${list.length} legal moves, need ${n}`);
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
}

describe.each(databases())('concurrent moves on $name', (db) => {
  let s: TestApp;

  beforeAll(async () => {
    s = await startReady(await db.setup());
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it(`${WRITERS} concurrent moves at the same expectedPly: one 201, ${WRITERS - 1} × 409, the stored game holds exactly that move (${ROUNDS} rounds)`, async () => {
    const g: Created = await createGame(s, { variant: 'copenhagen' });
    let game = await getGame(s, g.id);
    for (let round = 0; round < ROUNDS; round++) {
      const ply = game.ply;
      expect(ply).toBe(round);
      const side = sideOfPly(ply);
      expect(game.sideToMove).toBe(side);
      const moves = pick(await legalMoves(s, 'copenhagen', game.position), WRITERS);
      const answers = await Promise.all(moves.map((m) => play(s, g.id, m, ply, g.tokens[side])));
      const statuses = answers.map((a) => a.status);
      const won = answers.filter((a) => a.status === 201);
      expect({
        round,
        created: won.length,
        stale: statuses.filter((x) => x === 409).length,
        other: statuses.filter((x) => x !== 201 && x !== 409),
      }).toEqual({
        round,
        created: 1,
        stale: WRITERS - 1,
        other: [],
      });
      for (const a of answers) if (a.status === 409) expectProblem(a, 409, 'STALE_PLY');
      const winner = won[0].body;
      expect(moves).toContain(`${winner.move.from}-${winner.move.to}`);
      expect(winner.game.ply).toBe(ply + 1);

      const stored = await getGame(s, g.id);
      expect(stored.ply).toBe(ply + 1);
      expect(stored.moves).toHaveLength(ply + 1);
      expect(stored.moves.slice(0, ply)).toEqual(game.moves);
      expect(stored.moves[ply]).toBe(winner.move.notation);
      expect(stored.position).toBe(winner.game.position);
      game = stored;
    }
    // The stored move list replays to the stored position (no lost or doubled write in between).
    const check = await postJson(s, '/v1/validate-game', { variant: 'copenhagen', moves: game.moves.map((m: string) => m.split('x')[0]) });
    expect(check.body).toMatchObject({ valid: true, position: game.position });
  });

  it('concurrent stale writers with both tokens never store anything', async () => {
    const g = await createGame(s, { variant: 'copenhagen' });
    const moves = pick(await legalMoves(s, 'copenhagen', g.game.position), WRITERS);
    const answers = await Promise.all(moves.map((m, i) => play(s, g.id, m, 1 + (i % 3), i % 2 ? g.tokens.defenders : g.tokens.attackers)));
    for (const a of answers) expectProblem(a, 409, 'STALE_PLY');
    expect(summaryOf(await getGame(s, g.id))).toEqual(g.game);
  });

  if (db.name === 'postgres') {
    it('two service processes on the same database: the row lock holds across processes (one 201, the rest 409)', async () => {
      // The second instance is a real process (the compiled main.ts), as in a deployment of several.
      const s2 = await whenReady(await spawnService(db.env()));
      try {
        const g = await createGame(s, { variant: 'copenhagen' });
        let game = g.game;
        for (let round = 0; round < 3; round++) {
          const side = sideOfPly(game.ply);
          const moves = pick(await legalMoves(s, 'copenhagen', game.position), WRITERS);
          const answers = await Promise.all(moves.map((m, i) => play(i % 2 ? s2 : s, g.id, m, game.ply, g.tokens[side])));
          const statuses = answers.map((a) => a.status).sort();
          expect(statuses).toEqual([201, ...Array(WRITERS - 1).fill(409)]);
          const winner = answers.find((a) => a.status === 201)!.body;
          const [a, b] = await Promise.all([getGame(s, g.id), getGame(s2, g.id)]);
          expect(a).toEqual(b);
          expect(a.ply).toBe(game.ply + 1);
          expect(a.moves[game.ply]).toBe(winner.move.notation);
          game = a;
        }
      } finally {
        await s2.close();
      }
    });
  }

  it('moves on different games at the same time are all stored', async () => {
    const games = await Promise.all(Array.from({ length: 10 }, () => createGame(s, { variant: 'brandubh' })));
    for (let ply = 0; ply < 4; ply++) {
      const move = ['d2-e2', 'd3-d2', 'b4-b2', 'd2-d3'][ply];
      const answers = await Promise.all(games.map((g) => play(s, g.id, move, ply, g.tokens[sideOfPly(ply)])));
      expect(answers.map((a) => a.status)).toEqual(games.map(() => 201));
    }
    const stored = await Promise.all(games.map((g) => getJson(s, `/v1/games/${g.id}`)));
    for (const r of stored) expect(r.body).toMatchObject({ ply: 4, moves: ['d2-e2', 'd3-d2', 'b4-b2', 'd2-d3'] });
  });
});
