/**
 * Stored moves on games the instance holds in memory (hot-games), in-process on both databases. The
 * same script of plays, refusals, offers, a takeback and a flag fall is run on two games at the same
 * instants: one the instance keeps, one whose copy the test drops before every request (so each goes
 * the locked way, reading and replaying the moves); every answer, event, delivery and export must be the
 * same. Then: the plies charged to the rate limit, a finished game, the bound, and (PostgreSQL) a change
 * the copy has not seen. The service's clock is set by the test.
 */
import { Client } from 'pg';
import { ServiceClock } from '../../src/games/clocks/service-clock';
import { HotGames } from '../../src/games/acts/hot-games';
import { Answer, TestApp, getJson, postJson, startApp } from '../api/harness';
import { BRANDUBH_GAME, Created, Side, bearer, createGame, expectProblem, getGame, play, playAll, whenReady } from './client';
import { databases } from './db';
import { longGame, recordOf } from './long-game';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const T0 = Date.UTC(2026, 11, 1, 12);
const FISCHER = { type: 'fischer', initialMs: 60_000, incrementMs: 5_000 };
const HOT_GAMES = 3;

type Step =
  | { at: number; play: number; by: Side | 'nobody'; move?: string }
  | { at: number; act: 'draw-offer' | 'takeback-offer' | 'takeback-accept'; by: Side };

/** Plays, refusals of each kind, offers, a takeback (ply 4 → 3, played again) and a late move. */
const SCRIPT: Step[] = [
  { at: 1_000, play: 0, by: 'attackers' },
  { at: 2_000, play: 1, by: 'defenders' },
  { at: 2_500, play: 1, by: 'attackers', move: BRANDUBH_GAME[2] }, // stale
  { at: 2_600, play: 2, by: 'defenders', move: BRANDUBH_GAME[2] }, // not their turn
  { at: 2_700, play: 2, by: 'attackers', move: 'a1-a2' }, // illegal
  { at: 2_800, play: 2, by: 'nobody' }, // no such token
  { at: 3_000, act: 'draw-offer', by: 'defenders' },
  { at: 4_000, play: 2, by: 'attackers' },
  { at: 5_000, play: 3, by: 'defenders' },
  { at: 5_500, act: 'takeback-offer', by: 'defenders' },
  { at: 6_000, act: 'takeback-accept', by: 'attackers' },
  ...Array.from({ length: 11 }, (_, i) => ({ at: 7_000 + 1_000 * i, play: 3 + i, by: (i % 2 ? 'attackers' : 'defenders') as Side })),
  // Both clocks are long spent: the flag falls before the move is looked at, then the game is over.
  { at: 3_600_000, play: 14, by: 'attackers' },
  { at: 3_601_000, play: 14, by: 'attackers' },
];

describe.each(databases())('hot games on $name', (db) => {
  let s: TestApp & { app: { get: (t: unknown) => unknown } };
  let hot: HotGames;
  let now = T0;

  beforeAll(async () => {
    const env = await db.setup();
    s = (await whenReady(
      await startApp({
        ...env,
        HOT_GAMES: String(HOT_GAMES),
        TIMEOUT_SWEEP_MS: '0',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.0/8',
        WEBHOOK_POLL_MS: '0',
        // Large leases: every charge is taken from the one this process holds, so counts are exact.
        RATE_LIMIT_MAX: '3200000',
        RATE_LIMIT_WINDOW_MS: '3600000',
      }),
    )) as typeof s;
    (s.app.get(ServiceClock) as ServiceClock).use(() => now);
    hot = s.app.get(HotGames) as HotGames;
  });
  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  function run(g: Created, step: Step): Promise<Answer> {
    now = T0 + step.at;
    if ('act' in step) return postJson(s, `/v1/games/${g.id}/${step.act}`, {}, bearer(g.tokens[step.by]));
    const token = step.by === 'nobody' ? 'not-a-token' : g.tokens[step.by];
    return play(s, g.id, step.move ?? BRANDUBH_GAME[step.play], step.play, token);
  }

  /** An answer as sent (its text, keys in their order), with the game's id written out of it. */
  const same = (a: Answer, g: Created) => ({ status: a.status, text: a.text.replaceAll(g.id, 'ID') });

  it('a held game answers every play, refusal, offer, takeback and flag fall as the locked path does', async () => {
    now = T0;
    const body = { variant: 'brandubh', timeControl: FISCHER, options: { takebacks: true }, webhook: { url: 'http://127.0.0.1:9/hook' } };
    const held = await createGame(s, body);
    const cold = await createGame(s, body);
    const before = { ...hot.counts };
    for (const step of SCRIPT) {
      const a = await run(held, step);
      hot.drop(cold.id);
      const b = await run(cold, step);
      expect({ step, ...same(a, held) }).toEqual({ step, ...same(b, cold) });
    }
    // 15 moves stored: each but the first (the new game was in no one's memory yet) one conditional statement.
    expect(hot.counts.written - before.written).toBe(14);
    expect(hot.counts.overtaken).toBe(before.overtaken);

    const read = async (g: Created, path: string) => same(await getJson(s, path.replace('{id}', g.id), bearer(g.tokens.attackers)), g);
    for (const path of ['/v1/games/{id}', '/v1/games/{id}/stream?sinceSeq=0', '/v1/games/{id}/export?format=json']) {
      expect(await read(held, path)).toEqual(await read(cold, path));
    }
    const log = async (g: Created) =>
      JSON.parse((await read(g, '/v1/games/{id}/webhook-deliveries')).text).items.map((d: any) => [d.seq, d.event, d.status, d.createdAt]);
    expect(await log(held)).toEqual(await log(cold));
    const game = await getGame(s, held.id);
    expect(game).toMatchObject({ ply: 14, outcome: { status: 'finished', winner: 'defenders', reason: 'timeout' } });
    expect((await log(held)).map((d: unknown[]) => d[1])).toEqual([
      'move',
      'move',
      'draw_offer',
      'move',
      'move',
      'takeback_offer',
      'takeback',
      ...Array(11).fill('move'),
      'timeout',
    ]);
  });

  it('a play on a held game replays one ply; the play that finds it nowhere replays them all (rate-limit units)', async () => {
    const moves = longGame('copenhagen', 301, 7);
    const imported = await postJson(s, '/v1/games/import', { variant: 'copenhagen', record: recordOf(moves.slice(0, 299)) });
    expect(imported.status).toBe(201);
    const g = imported.body as Created;
    const remaining = (a: Answer) => Number(a.headers.get('ratelimit-remaining'));
    const probe = () => getJson(s, '/v1/variants/brandubh');
    /** What a request was charged after its own unit: its remaining, less the next request's, less one. */
    const charged = async (a: Answer) => remaining(a) - remaining(await probe()) - 1;
    await probe();
    // 299 moves and the start replayed: 3 units on top of the request's own.
    expect(await charged(await play(s, g.id, moves[299], 299, g.tokens.defenders))).toBe(3);
    const held = await play(s, g.id, moves[300], 300, g.tokens.attackers);
    expect(await charged(held)).toBe(0);
    expect(hot.peek(g.id)?.notations).toHaveLength(301);
    // The answer carries the game's summary, the same size at any ply; the stored list has every move, in order.
    expect(held.body.game).not.toHaveProperty('moves');
    expect((await getGame(s, g.id)).moves.map((m: string) => m.split('x')[0])).toEqual(moves.slice(0, 301));
  });

  it('the move that finishes a game leaves it out of memory; the next play is GAME_OVER', async () => {
    const g = await createGame(s);
    const last = await playAll(s, g, BRANDUBH_GAME);
    expect(last.game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    expect(hot.peek(g.id)).toBeUndefined();
    const r = await play(s, g.id, 'd6-d5', BRANDUBH_GAME.length, g.tokens.defenders);
    expectProblem(r, 422, 'ILLEGAL_MOVE');
    expect(r.body.errors[0]).toMatchObject({ code: 'GAME_OVER' });
    expect(hot.peek(g.id)).toBeUndefined();
  });

  it(`holds at most HOT_GAMES (${HOT_GAMES}) games, the least recently played out first; an evicted game plays on`, async () => {
    const games = [];
    for (let i = 0; i <= HOT_GAMES; i++) {
      const g = await createGame(s);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 1));
      games.push(g);
    }
    expect(hot.size).toBe(HOT_GAMES);
    expect(hot.peek(games[0].id)).toBeUndefined();
    for (const g of games.slice(1)) expect(hot.peek(g.id)).toBeDefined();
    const back = await play(s, games[0].id, BRANDUBH_GAME[1], 1, games[0].tokens.defenders);
    expect(back.status).toBe(201);
    expect((await getGame(s, games[0].id)).moves).toEqual(BRANDUBH_GAME.slice(0, 2));
    expect(hot.peek(games[0].id)?.game.lastSeq).toBe(2);
    expect(hot.peek(games[1].id)).toBeUndefined();
  });

  if (db.name === 'postgres') {
    it('a change the held copy has not seen: the write matches nothing, the play is decided on the game as stored', async () => {
      const g = await createGame(s, { variant: 'brandubh', options: { takebacks: true } });
      await playAll(s, g, BRANDUBH_GAME.slice(0, 2));
      expect(hot.peek(g.id)?.game.lastSeq).toBe(2);
      // Another instance took back the last move (nothing tells this one): the game is at ply 1 again,
      // at seq 4, behind this instance's back.
      const c = new Client({ connectionString: db.env().DATABASE_URL });
      await c.connect();
      try {
        await c.query(`UPDATE games SET ply = 1, position = $2, last_seq = 4 WHERE id = $1`, [g.id, '3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3 d']);
        await c.query(`DELETE FROM moves WHERE game_id = $1 AND ply = 1`, [g.id]);
        await c.query(
          `INSERT INTO game_events (game_id, seq, event, state, created_at)
           SELECT game_id, s.seq, s.event, state, created_at FROM game_events, (VALUES (3, 'takeback_offer'), (4, 'takeback')) AS s(seq, event)
           WHERE game_id = $1 AND game_events.seq = 1`,
          [g.id],
        );
        const before = { ...hot.counts };
        // The copy says ply 2 and takes the move; its write finds seq 4, matches nothing, and the locked
        // path answers from the game as stored (ply 1).
        expectProblem(await play(s, g.id, BRANDUBH_GAME[2], 2, g.tokens.attackers), 409, 'STALE_PLY');
        expect(hot.counts).toEqual({ written: before.written, overtaken: before.overtaken + 1 });
        const r = await play(s, g.id, 'd5-c5', 1, g.tokens.defenders);
        expect(r.status).toBe(201);
        expect(r.body.game).toMatchObject({ ply: 2 });
        expect((await getGame(s, g.id)).moves).toEqual([BRANDUBH_GAME[0], 'd5-c5']);
        expect(hot.peek(g.id)).toMatchObject({ game: { lastSeq: 5, ply: 2 }, notations: [BRANDUBH_GAME[0], 'd5-c5'] });
        expect(hot.peek(g.id)!.state.tfen()).toBe(r.body.game.position);
        const { rows } = await c.query(`SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq`, [g.id]);
        expect(rows.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
      } finally {
        await c.end();
      }
    });
  }
});
