/**
 * Claims of one open seat over two service processes on one PostgreSQL (api.md section 11): 50 at once,
 * half on each instance, and exactly one wins. The instance that held the game in memory before the
 * claim (it played the attackers' first move) takes the new token at once, a stream open on it carries
 * the `seat_taken` event, and the event log has that event once. `npm run build` first (npm test does it).
 */
import { SpawnedService, getJson, postJson } from '../api/harness';
import { TwoInstances, twoInstances } from '../helpers/two-instances';
import { BRANDUBH_GAME, createGame, expectProblem, getGame, play } from './client';
import { openStream } from './live-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const CLAIMS = 50;

describe('open seats across two service processes', () => {
  let two: TwoInstances;
  let a: SpawnedService;
  let b: SpawnedService;

  beforeAll(async () => {
    two = await twoInstances();
    ({ a, b } = two);
  });

  afterAll(() => two?.stop());

  it(`of ${CLAIMS} concurrent claims on two instances exactly one wins; the others are SEAT_TAKEN`, async () => {
    const created = (await postJson(a, '/v1/games', { variant: 'brandubh', players: { attackers: 'Host', defenders: { open: true } } }))
      .body;
    const { id, tokens, invite } = created;
    // Instance b holds the game in memory from here on, with the defenders' seat open.
    expect((await play(b, id, BRANDUBH_GAME[0], 0, tokens.attackers)).status).toBe(201);
    const stream = await openStream(b.base, id, { sinceSeq: 0 });
    expect(stream.status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: CLAIMS }, (_, i) => postJson(i % 2 ? a : b, `/v1/games/${id}/claim`, { code: invite.code, name: `guest ${i}` })),
    );
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) expectProblem(r, 409, 'SEAT_TAKEN');
    const winner = won[0].body;
    expect(winner.side).toBe('defenders');

    // Both instances read the claimed seat and the winner's name.
    const [ga, gb] = await Promise.all([getGame(a, id), getGame(b, id)]);
    expect(ga).toEqual(gb);
    expect(ga.seats).toEqual({ attackers: 'taken', defenders: 'taken' });
    expect(ga.players.defenders).toBe(winner.game.players.defenders);

    // The instance whose copy still had the seat open takes the new token, and plays on.
    expect((await play(b, id, BRANDUBH_GAME[1], 1, winner.token)).status).toBe(201);
    expect((await play(a, id, BRANDUBH_GAME[2], 2, tokens.attackers)).status).toBe(201);

    const events = (await stream.waitFor(4)).slice(1);
    expect(events.map((e) => [e.seq, e.event])).toEqual([
      [2, 'seat_taken'],
      [3, 'move'],
      [4, 'move'],
    ]);
    expect(events[0]).toMatchObject({
      seats: { attackers: 'taken', defenders: 'taken' },
      players: { defenders: winner.game.players.defenders },
    });
    stream.close();
    const log = await two.sql.query('SELECT seq, event FROM game_events WHERE game_id = $1 ORDER BY seq', [id]);
    expect(log.rows).toEqual([
      { seq: 1, event: 'move' },
      { seq: 2, event: 'seat_taken' },
      { seq: 3, event: 'move' },
      { seq: 4, event: 'move' },
    ]);
    const invited = await getJson(a, `/v1/invites/${invite.code}`);
    expect(invited.body.seats.defenders).toBe('taken');
  });

  it("an instance whose copy of the game predates a claim on the other takes the claimant's token", async () => {
    const g = await createGame(a, { variant: 'brandubh', players: { defenders: { open: true } } });
    const code = (g as unknown as { invite: { code: string } }).invite.code;
    expect((await play(b, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers)).status).toBe(201);
    const claimed = await postJson(a, `/v1/games/${g.id}/claim`, { code });
    expect(claimed.status).toBe(201);
    const moved = await play(b, g.id, BRANDUBH_GAME[1], 1, claimed.body.token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
  });
});
