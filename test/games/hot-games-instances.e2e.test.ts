/**
 * Games held in memory by two service processes on one PostgreSQL: each instance's copy of a game goes
 * stale whenever the other changes it, and the seq every write is conditional on must catch that every
 * time. Plays alternating between the instances, the same ply played on both at once, offers on one
 * (the seq moves, the ply does not) and a takeback on one (ply going down: the same ply again with
 * another position), each followed by moves on the other. After
 * each: both instances read the same game, every ply is stored once, the events run 1, 2, 3… without a
 * gap, and the stored moves replay to the stored position. `npm run build` first (npm test does it).
 */
import { Client } from 'pg';
import { SpawnedService, postJson, spawnService } from '../api/harness';
import { Created, bearer, createGame, expectProblem, getGame, play, sideOfPly, whenReady } from './client';
import { createPostgresDatabase } from './db';
import { longGame } from './long-game';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describe('hot games across two service processes', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: SpawnedService;
  let b: SpawnedService;
  let sql: Client;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    const env = { DATABASE_URL: pg.url, LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([spawnService(env), spawnService(env)]);
    await Promise.all([whenReady(a), whenReady(b)]);
    sql = new Client({ connectionString: pg.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.drop();
  });

  /** Both instances agree on the game; it is stored once per ply, its events are gapless, its moves replay. */
  async function consistent(id: string): Promise<any> {
    const [ga, gb] = await Promise.all([getGame(a, id), getGame(b, id)]);
    expect(ga).toEqual(gb);
    const moves = await sql.query('SELECT ply, count(*)::int AS n FROM moves WHERE game_id = $1 GROUP BY ply ORDER BY ply', [id]);
    expect(moves.rows).toEqual(Array.from({ length: ga.ply }, (_, ply) => ({ ply, n: 1 })));
    const events = await sql.query('SELECT seq FROM game_events WHERE game_id = $1 ORDER BY seq', [id]);
    const { rows } = await sql.query('SELECT last_seq FROM games WHERE id = $1', [id]);
    expect(events.rows.map((r) => r.seq)).toEqual(Array.from({ length: rows[0].last_seq }, (_, i) => i + 1));
    const replay = await postJson(a, '/v1/validate-game', { variant: ga.variant, moves: ga.moves });
    expect(replay.body).toMatchObject({ valid: true, position: ga.position });
    return ga;
  }

  async function legalMoves(variant: string, moves: string[]): Promise<string[]> {
    const r = await postJson(a, '/v1/legal-moves', { variant, moves });
    return r.body.moves.map((m: { notation: string }) => m.notation.split('x')[0]);
  }

  it('plays alternating between the instances in every pattern are all stored, in order', async () => {
    const moves = longGame('copenhagen', 40, 3);
    const g = await createGame(a, { variant: 'copenhagen' });
    // Runs on one instance (its copy current) and switches (the other's copy stale, or none).
    const on = 'aaaabababbbabbaabaabbbbaabababaaabbabbab';
    for (let ply = 0; ply < moves.length; ply++) {
      const r = await play(on[ply] === 'a' ? a : b, g.id, moves[ply], ply, g.tokens[sideOfPly(ply)]);
      expect({ ply, status: r.status }).toEqual({ ply, status: 201 });
      expect(r.body.game.ply).toBe(ply + 1);
      expect(r.body.move.notation.split('x')[0]).toBe(moves[ply]);
    }
    const stored = await consistent(g.id);
    expect(stored.ply).toBe(moves.length);
    expect(stored.moves.map((m: string) => m.split('x')[0])).toEqual(moves);
  });

  it('the same ply played on both instances at once: one 201, the rest 409 STALE_PLY, nothing stored twice', async () => {
    const g = await createGame(a, { variant: 'copenhagen' });
    const played: string[] = [];
    for (let round = 0; round < 8; round++) {
      const ply = played.length;
      // Alternately the instance that made the last move (its copy current) and the other goes first.
      const [first, second] = round % 2 ? [a, b] : [b, a];
      const choices = await legalMoves('copenhagen', played);
      const pick = (i: number) => choices[Math.floor((i * choices.length) / 6)];
      const token = g.tokens[sideOfPly(ply)];
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => play(i % 2 ? second : first, g.id, pick(i), ply, token)));
      const won = answers.filter((r) => r.status === 201);
      expect({ round, statuses: answers.map((r) => r.status).sort() }).toEqual({ round, statuses: [201, 409, 409, 409, 409, 409] });
      for (const r of answers) if (r.status !== 201) expectProblem(r, 409, 'STALE_PLY');
      played.push(won[0].body.move.notation.split('x')[0]);
      // The winner's instance plays the next move alone sometimes, so both paths meet the race.
      if (round % 3 === 2) {
        const next = (await legalMoves('copenhagen', played))[0];
        expect((await play(round % 2 ? b : a, g.id, next, played.length, g.tokens[sideOfPly(played.length)])).status).toBe(201);
        played.push(next);
      }
      const stored = await consistent(g.id);
      expect(stored.moves.map((m: string) => m.split('x')[0])).toEqual(played);
    }
  });

  it('a move retried on the other instance (its copy a ply behind) is answered again, 200 Tafl-Replayed, and stored once', async () => {
    const moves = longGame('brandubh', 6, 11);
    const g = await createGame(a, { variant: 'brandubh' });
    for (let ply = 0; ply < 2; ply++) expect((await play(b, g.id, moves[ply], ply, g.tokens[sideOfPly(ply)])).status).toBe(201);
    // Both instances hold the game at ply 2; A takes ply 2, and the client, unanswered, retries on B.
    const original = await play(a, g.id, moves[2], 2, g.tokens.attackers);
    expect(original.status).toBe(201);
    const retried = await play(b, g.id, moves[2], 2, g.tokens.attackers);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('tafl-replayed')).toBe('true');
    expect(retried.body.move).toEqual(original.body.move);
    expect(retried.body.game).toMatchObject({ ply: 3, position: original.body.game.position });
    // The game plays on from either instance.
    expect((await play(b, g.id, moves[3], 3, g.tokens.defenders)).status).toBe(201);
    expect((await consistent(g.id)).ply).toBe(4);
  });

  it('an offer on one instance, then a move on the other at the ply its copy holds: stored, the offer withdrawn', async () => {
    const moves = longGame('brandubh', 6, 9);
    const g = await createGame(a, { variant: 'brandubh', options: { takebacks: true } });
    for (let ply = 0; ply < 2; ply++) expect((await play(a, g.id, moves[ply], ply, g.tokens[sideOfPly(ply)])).status).toBe(201);
    // Neither changes the ply: A's copy still looks right for ply 2, but its seq is behind.
    expect((await postJson(b, `/v1/games/${g.id}/draw-offer`, {}, bearer(g.tokens.defenders))).status).toBe(200);
    const r = await play(a, g.id, moves[2], 2, g.tokens.attackers);
    expect(r.status).toBe(201);
    expect(r.body.game).toMatchObject({ ply: 3, drawOfferedBy: null });
    expect((await postJson(b, `/v1/games/${g.id}/takeback-offer`, {}, bearer(g.tokens.attackers))).status).toBe(200);
    const t = await play(a, g.id, moves[3], 3, g.tokens.defenders);
    expect(t.status).toBe(201);
    expect(t.body.game).toMatchObject({ ply: 4, takebackOfferedBy: null });
    const events = await sql.query('SELECT event FROM game_events WHERE game_id = $1 ORDER BY seq', [g.id]);
    expect(events.rows.map((e) => e.event)).toEqual(['move', 'move', 'draw_offer', 'move', 'takeback_offer', 'move']);
    await consistent(g.id);
  });

  it('a takeback on one instance, then moves on the other: its copy (a ply ahead) is refused, the game as stored is played', async () => {
    const moves = longGame('brandubh', 8, 5);
    const g: Created = await createGame(a, { variant: 'brandubh', options: { takebacks: true } });
    for (let ply = 0; ply < 4; ply++) expect((await play(a, g.id, moves[ply], ply, g.tokens[sideOfPly(ply)])).status).toBe(201);
    // Ply 3 was the defenders': they ask on B, the attackers agree on B. The game is at ply 3 again.
    expect((await postJson(b, `/v1/games/${g.id}/takeback-offer`, {}, bearer(g.tokens.defenders))).status).toBe(200);
    const back = await postJson(b, `/v1/games/${g.id}/takeback-accept`, {}, bearer(g.tokens.attackers));
    expect(back.body.game.ply).toBe(3);
    expect((await getGame(b, g.id)).moves.map((m: string) => m.split('x')[0])).toEqual(moves.slice(0, 3));
    // A's copy is at ply 4 (attackers to move): the attackers' move there would fit it, and is stale.
    expectProblem(await play(a, g.id, moves[4], 4, g.tokens.attackers), 409, 'STALE_PLY');
    // The defenders play ply 3 again, another move than before, on A; then on B, on A.
    const other = (await legalMoves('brandubh', moves.slice(0, 3))).find((m) => m !== moves[3])!;
    const again = [...moves.slice(0, 3), other];
    expect((await play(a, g.id, other, 3, g.tokens.defenders)).status).toBe(201);
    for (const [ply, on] of [
      [4, b],
      [5, a],
    ] as const) {
      const next = (await legalMoves('brandubh', again))[0];
      const r = await play(on, g.id, next, ply, g.tokens[sideOfPly(ply)]);
      expect({ ply, status: r.status }).toEqual({ ply, status: 201 });
      again.push(next);
    }
    const stored = await consistent(g.id);
    expect(stored.moves.map((m: string) => m.split('x')[0])).toEqual(again);
  });
});
