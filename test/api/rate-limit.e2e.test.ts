/**
 * The rate limit as a client meets it (issue 8 item 7): every route counts, unknown ones included; the
 * probes do not; a request costs one unit plus one per 100 plies it replays, on REST and GraphQL alike;
 * every answer says what is left. A stored game's read costs one unit, its export its plies.
 */
import { TestApp, getJson, gql, postJson, startApp } from './harness';
import { GameState } from '../../src/engine/game-state';
import { Position } from '../../src/engine/position';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariant } from '../../src/variants';
import { startReady } from '../games/client';

const MAX = 40;
/** 499 moves: with the start position, 500 plies asked for, five units on top of the request's own. */
const LONG = Array.from({ length: 499 }, (_, i) => (i % 2 ? 'd3-d2' : 'd2-e2'));

let s: TestApp;
beforeEach(async () => {
  s = await startApp({ RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '600000', MAX_MOVES: '1000' }, { database: false });
});
afterEach(async () => s?.close());

const remaining = (r: { headers: Headers }) => Number(r.headers.get('ratelimit-remaining'));

describe('rate limit (issue 8 item 7)', () => {
  it('every answer carries RateLimit-Limit, -Remaining and -Reset; each plain request costs one unit', async () => {
    const a = await getJson(s, '/v1/variants/brandubh');
    expect(a.headers.get('ratelimit-limit')).toBe(String(MAX));
    expect(remaining(a)).toBe(MAX - 1);
    expect(Number(a.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(remaining(await getJson(s, '/v1/variants'))).toBe(MAX - 2);
  });

  it('unknown routes spend the quota too, and are refused with 429 once it is spent', async () => {
    for (let i = 0; i < MAX; i++) expect((await getJson(s, `/no/such/route/${i}`)).status).toBe(404);
    const refused = await getJson(s, '/no/such/route');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The probes are never counted.
    expect((await getJson(s, '/health')).status).toBe(200);
    expect((await getJson(s, '/ready')).status).not.toBe(429);
  });

  it('a REST request replaying 500 plies costs 1 + 5 units', async () => {
    const before = remaining(await getJson(s, '/v1/variants/brandubh'));
    const long = await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: LONG });
    expect(remaining(long)).toBe(before - 1);
    const after = remaining(await getJson(s, '/v1/variants/brandubh'));
    expect(after).toBe(before - 1 - 5 - 1);
  });

  it('a GraphQL request costs the plies of all its fields: two aliases of 500 plies cost 1 + 10 units', async () => {
    const before = remaining(await getJson(s, '/v1/variants/brandubh'));
    const q = 'query($s: GameStateInput!) { a: evaluateOutcome(state: $s) { sideToMove } b: evaluateOutcome(state: $s) { sideToMove } }';
    await gql(s, q, { s: { variant: 'brandubh', moves: LONG } });
    expect(remaining(await getJson(s, '/v1/variants/brandubh'))).toBe(before - 1 - 10 - 1);
  });

  it('work charged past the limit refuses what follows', async () => {
    // Seven long requests cost 42 units of 40: the seventh is admitted, its work spends the rest.
    for (let i = 0; i < 7; i++) expect((await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: LONG })).status).not.toBe(429);
    expect((await getJson(s, '/v1/variants/brandubh')).status).toBe(429);
  });
});

/** A legal Copenhagen game of `plies` plies still going on, from seeded random playouts. */
function ongoingGame(plies: number): string[] {
  const v = builtInVariant('copenhagen')!;
  const buf = new Int32Array(4 * v.geo.cells);
  for (let seed = 1; ; seed++) {
    const pos = Position.start(v);
    const r = randomPlayout(pos, seededRandom(seed), plies, buf);
    if (r.plies !== plies) continue;
    const made: number[] = [];
    for (let i = 0; i < plies; i++) {
      made.unshift(pos.lastMove());
      pos.unmake();
    }
    const state = GameState.start(v);
    return made.map((m) => state.play(m).notation);
  }
}

describe('rate limit of stored games (README)', () => {
  it('GET /v1/games/{id} costs 1 whatever the game holds; its export costs 1 + its plies / 100', async () => {
    const a = await startReady({ RATE_LIMIT_MAX: '100', RATE_LIMIT_WINDOW_MS: '600000', MAX_MOVES: '1000' });
    try {
      const moves = ongoingGame(399);
      const turns: string[] = [];
      for (let i = 0; i < moves.length; i += 2) turns.push(`${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}`);
      const imported = await postJson(a, '/v1/games/import', {
        variant: 'copenhagen',
        record: `[variant:copenhagen]\n\n${turns.join('\n')}\n`,
      });
      expect(imported.status).toBe(201);
      const id = imported.body.id as string;
      const cost = async (path: string) => {
        const before = remaining(await getJson(a, '/v1/variants/copenhagen'));
        expect((await getJson(a, path)).status).toBe(200);
        return before - 1 - remaining(await getJson(a, '/v1/variants/copenhagen'));
      };
      expect(await cost(`/v1/games/${id}`)).toBe(1);
      // 399 moves from the start: 400 positions replayed, 4 units on top of the request's own.
      expect(await cost(`/v1/games/${id}/export?format=json`)).toBe(1 + 4);
    } finally {
      await a.close();
    }
  });
});
