/**
 * Tournament play (api.md section 8) in-process on both databases: time controls on create, clocks in
 * every answer and event, a late move, flag fall by the scheduler, takebacks with clocks, bulk creation
 * and the OTG time tags. The service's clock is set by the test (ServiceClock), never slept on.
 */
import { ServiceClock } from '../../src/games/clocks/service-clock';
import { parseOtg } from '../../src/records/otg';
import { TestApp, getJson, gql, postJson, startApp } from '../api/harness';
import { BRANDUBH_GAME, Created, bearer, createGame, expectProblem, getGame, listAll, play, whenReady } from './client';
import { databases } from './db';
import { eventually } from './live-client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const T0 = Date.UTC(2026, 11, 1, 12);
const FISCHER = { type: 'fischer', initialMs: 60_000, incrementMs: 5_000 };

/** Every event of a finished game, from its stream (which ends after the finishing event). */
async function eventsOf(s: TestApp, id: string): Promise<any[]> {
  const r = await getJson(s, `/v1/games/${id}/stream?sinceSeq=0`);
  return r.text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

describe.each(databases())('tournament play on $name', (db) => {
  let s: TestApp & { app: { get: (t: unknown) => unknown } };
  let now = T0;
  const at = (ms: number) => (now = T0 + ms);

  beforeAll(async () => {
    const env = await db.setup();
    s = (await whenReady(await startApp({ ...env, TIMEOUT_SWEEP_MS: '50' }))) as typeof s;
    (s.app.get(ServiceClock) as ServiceClock).use(() => now);
  });
  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });
  beforeEach(() => at(0));

  const timed = (timeControl: unknown, extra: Record<string, unknown> = {}) =>
    createGame(s, { variant: 'brandubh', timeControl, ...extra });

  it('a game without a time control has no clocks; one with answers them from its creation', async () => {
    expect((await createGame(s)).game).toMatchObject({ timeControl: null, clocks: null, options: { takebacks: false, drawOffers: true } });
    const g = await timed(FISCHER);
    expect(g.game).toMatchObject({
      timeControl: FISCHER,
      clocks: { attackersMs: 60_000, defendersMs: 60_000, running: 'attackers', deadline: new Date(T0 + 60_000).toISOString() },
    });
    expect(g.game.clocks).not.toHaveProperty('attackersPeriods');
    at(15_000);
    expect((await getGame(s, g.id)).clocks).toMatchObject({ attackersMs: 45_000, defendersMs: 60_000 });
  });

  it.each([
    [{ type: 'rapid' }, 'timeControl.type'],
    [{ type: 'fischer', initialMs: 0 }, 'timeControl.initialMs'],
    [{ type: 'byoyomi', initialMs: 1000, periods: 3 }, 'timeControl.periodMs'],
    [{ type: 'correspondence', perMoveMs: 'a day' }, 'timeControl.perMoveMs'],
    [{ type: 'delay', initialMs: 1000, delayMs: 10, perMoveMs: 5 }, 'timeControl.perMoveMs'],
  ])('refuses the time control %j with a 400 naming %s', async (timeControl, field) => {
    const r = await postJson(s, '/v1/games', { variant: 'brandubh', timeControl });
    expectProblem(r, 400, 'BAD_USER_INPUT');
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
  });

  it('refuses a bad startAt and unknown options', async () => {
    expectProblem(await postJson(s, '/v1/games', { variant: 'brandubh', timeControl: FISCHER, startAt: 'soon' }), 400, 'BAD_USER_INPUT');
    const r = await postJson(s, '/v1/games', { variant: 'brandubh', options: { undo: true } });
    expectProblem(r, 400, 'BAD_USER_INPUT');
    expect(r.body.errors[0].field).toBe('options.undo');
  });

  it('fischer: each move charges its time and adds the increment once; the event carries the clocks', async () => {
    const g = await timed(FISCHER);
    at(10_000);
    const r = await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    expect(r.status).toBe(201);
    expect(r.body.game.clocks).toEqual({
      attackersMs: 55_000,
      defendersMs: 60_000,
      running: 'defenders',
      deadline: new Date(T0 + 70_000).toISOString(),
    });
    at(30_000);
    await play(s, g.id, BRANDUBH_GAME[1], 1, g.tokens.defenders);
    expect((await getGame(s, g.id)).clocks).toMatchObject({ attackersMs: 55_000, defendersMs: 45_000, running: 'attackers' });
    await postJson(s, `/v1/games/${g.id}/resign`, {}, bearer(g.tokens.attackers));
    const events = await eventsOf(s, g.id);
    expect(events[0].clocks).toMatchObject({ attackersMs: 55_000, defendersMs: 60_000, running: 'defenders' });
    expect(events.at(-1)).toMatchObject({ event: 'resign', clocks: { running: null, deadline: null } });
  });

  it('delay, byoyomi and correspondence as the clock module has them', async () => {
    const d = await timed({ type: 'delay', initialMs: 30_000, delayMs: 5_000 });
    at(12_000);
    expect((await play(s, d.id, BRANDUBH_GAME[0], 0, d.tokens.attackers)).body.game.clocks).toMatchObject({ attackersMs: 23_000 });

    at(0);
    const b = await timed({ type: 'byoyomi', initialMs: 10_000, periods: 3, periodMs: 5_000 });
    expect(b.game.clocks).toMatchObject({ attackersMs: 10_000, attackersPeriods: 3, defendersPeriods: 3 });
    at(21_000);
    expect((await getGame(s, b.id)).clocks).toMatchObject({ attackersMs: 4_000, attackersPeriods: 1 });
    expect((await play(s, b.id, BRANDUBH_GAME[0], 0, b.tokens.attackers)).body.game.clocks).toMatchObject({
      attackersMs: 5_000,
      attackersPeriods: 1,
      defendersMs: 10_000,
    });

    at(0);
    const c = await timed({ type: 'correspondence', perMoveMs: 86_400_000 });
    at(86_000_000);
    await play(s, c.id, BRANDUBH_GAME[0], 0, c.tokens.attackers);
    expect((await getGame(s, c.id)).clocks).toMatchObject({ attackersMs: 86_400_000, defendersMs: 86_400_000, running: 'defenders' });
  });

  it('startAt: no time runs before it', async () => {
    const g = await timed(FISCHER, { startAt: new Date(T0 + 3_600_000).toISOString() });
    at(1_800_000);
    expect((await getGame(s, g.id)).clocks).toMatchObject({ attackersMs: 60_000, deadline: new Date(T0 + 3_660_000).toISOString() });
  });

  it('a late move is refused with GAME_OVER and finishes the game on time, with a timeout event', async () => {
    const g = await timed({ type: 'fischer', initialMs: 60_000, incrementMs: 0 }, { players: { attackers: 'A', defenders: 'D' } });
    at(60_000);
    const r = await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    expectProblem(r, 422, 'ILLEGAL_MOVE');
    expect(r.body.reason).toBe('GAME_OVER');
    const game = await getGame(s, g.id);
    expect(game).toMatchObject({
      ply: 0,
      outcome: { status: 'finished', winner: 'defenders', reason: 'timeout' },
      clocks: { attackersMs: 0, defendersMs: 60_000, running: null, deadline: null },
    });
    const events = await eventsOf(s, g.id);
    expect(events.map((e) => e.event)).toEqual(['timeout']);
    const otg = await getJson(s, `/v1/games/${g.id}/export?format=otg`);
    expect(parseOtg(otg.text)).toMatchObject({
      ok: true,
      value: { tagMap: { 'time-control': 'fischer 60+0', 'time-remaining': '0 60000', termination: 'timeout' } },
    });
  });

  it('export then import keeps the players, metadata (any JSON, "]" and "%" included), time control and clocks', async () => {
    const metadata = { event: 'club night [final]', round: 3, scores: [1, [0.5]], note: '100% ]]', nested: { a: null } };
    const BYO = { type: 'byoyomi', initialMs: 30_000, incrementMs: 0, periods: 3, periodMs: 10_000 };
    for (const timeControl of [FISCHER, BYO, { type: 'delay', initialMs: 20_000, delayMs: 2_000 }]) {
      const g = await timed(timeControl, { players: { attackers: 'Ann', defenders: 'Bo' }, metadata });
      at(12_000);
      await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
      at(47_000); // the defenders have used 35 s: byo-yomi's main time and one period are gone
      const shown = (await getGame(s, g.id)).clocks;
      const text = (await getJson(s, `/v1/games/${g.id}/export?format=otg`)).text;
      const r = await postJson(s, '/v1/games/import', { record: text });
      expect(r.status, r.text).toBe(201);
      const copy = await getGame(s, r.body.id);
      expect(copy).toMatchObject({ players: { attackers: 'Ann', defenders: 'Bo' }, metadata, timeControl, moves: [BRANDUBH_GAME[0]] });
      // The clocks as of the export, the side to move's turn starting at the import.
      expect(copy.clocks).toEqual({ ...shown, deadline: copy.clocks.deadline });
    }
    // A game without metadata exports none, and its import keeps the record's tags as before.
    const plain = await createGame(s);
    const text = (await getJson(s, `/v1/games/${plain.id}/export?format=otg`)).text;
    expect(text).not.toMatch(/\[metadata:/);
    const r = await postJson(s, '/v1/games/import', { record: text });
    expect(r.body.game.metadata).toMatchObject({ importedTags: { variant: 'brandubh' } });
    expect(r.body.game.timeControl).toBeNull();
  });

  it('the scheduler finishes a game whose clock runs out with no move, once', async () => {
    const g = await timed({ type: 'correspondence', perMoveMs: 1_000 });
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    at(999);
    await new Promise((r) => setTimeout(r, 200));
    expect((await getGame(s, g.id)).outcome.status).toBe('ongoing');
    at(1_000);
    await eventually(async () => (await getGame(s, g.id)).outcome.status === 'finished', 5_000, 'the timeout');
    expect((await getGame(s, g.id)).outcome).toMatchObject({ winner: 'attackers', reason: 'timeout' });
    expect((await eventsOf(s, g.id)).map((e) => e.event)).toEqual(['move', 'timeout']);
  });

  it('takebacks: offered by the mover, accepted by the other side; the clocks as before the move; a move withdraws an offer', async () => {
    const g = await timed(FISCHER, { options: { takebacks: true } });
    const take = (what: 'offer' | 'accept', token: string) => postJson(s, `/v1/games/${g.id}/takeback-${what}`, {}, bearer(token));
    expectProblem(await take('offer', g.tokens.attackers), 409, 'NO_TAKEBACK_OFFER');
    at(10_000);
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    expectProblem(await take('offer', g.tokens.defenders), 403, 'NOT_YOUR_TURN');
    expectProblem(await take('accept', g.tokens.defenders), 409, 'NO_TAKEBACK_OFFER');
    at(20_000);
    expect((await take('offer', g.tokens.attackers)).body.game).toMatchObject({ takebackOfferedBy: 'attackers' });
    expectProblem(await take('accept', g.tokens.attackers), 409, 'NO_TAKEBACK_OFFER');
    at(25_000);
    const back = await take('accept', g.tokens.defenders);
    expect(back.status).toBe(200);
    expect(back.body.game).toMatchObject({
      ply: 0,
      sideToMove: 'attackers',
      takebackOfferedBy: null,
      clocks: { attackersMs: 60_000, defendersMs: 60_000, running: 'attackers', deadline: new Date(T0 + 85_000).toISOString() },
    });
    expect((await getGame(s, g.id)).moves).toEqual([]);
    // The move again, then an offer that the next move withdraws.
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    await take('offer', g.tokens.attackers);
    const moved = await play(s, g.id, BRANDUBH_GAME[1], 1, g.tokens.defenders);
    expect(moved.body.game.takebackOfferedBy).toBeNull();
    await postJson(s, `/v1/games/${g.id}/resign`, {}, bearer(g.tokens.attackers));
    expect((await eventsOf(s, g.id)).map((e) => e.event)).toEqual([
      'move',
      'takeback_offer',
      'takeback',
      'move',
      'takeback_offer',
      'move',
      'resign',
    ]);
  });

  it('takebacks and draw offers are refused when the options leave them out', async () => {
    const g = await createGame(s, { variant: 'brandubh', options: { drawOffers: false } });
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    expectProblem(await postJson(s, `/v1/games/${g.id}/takeback-offer`, {}, bearer(g.tokens.attackers)), 409, 'OPTION_DISABLED');
    expectProblem(await postJson(s, `/v1/games/${g.id}/draw-offer`, {}, bearer(g.tokens.attackers)), 409, 'OPTION_DISABLED');
  });

  it('bulk: a round of games in one call, each with its tokens; one bad input and none is stored', async () => {
    const tag = `round-${db.name}-${Date.now()}`;
    const before = (await listAll(s)).items.length;
    const games = Array.from({ length: 8 }, (_, i) => ({
      variant: 'brandubh',
      timeControl: FISCHER,
      players: { attackers: `p${i}` },
      metadata: { tag },
    }));
    const bad = await postJson(s, '/v1/games/bulk', { games: [...games, { variant: 'brandubh', timeControl: { type: 'fischer' } }] });
    expectProblem(bad, 400, 'BAD_USER_INPUT');
    expect(bad.body.errors[0].field).toBe('games[8].timeControl.initialMs');
    expectProblem(await postJson(s, '/v1/games/bulk', { games: [...games, { variant: 'chess' }] }), 400, 'VARIANT_NOT_FOUND');
    expectProblem(await postJson(s, '/v1/games/bulk', { games: Array.from({ length: 101 }, () => games[0]) }), 400, 'BAD_USER_INPUT');
    expect((await listAll(s)).items.length).toBe(before);

    const ok = await postJson(s, '/v1/games/bulk', { games });
    expect(ok.status).toBe(201);
    expect(ok.body.games).toHaveLength(8);
    expect(ok.body.games.map((c: Created) => c.game.players.attackers)).toEqual(games.map((g) => g.players.attackers));
    const first: Created = ok.body.games[3];
    expect((await play(s, first.id, BRANDUBH_GAME[0], 0, first.tokens.attackers)).status).toBe(201);
    expect((await listAll(s)).items.length).toBe(before + 8);
  });

  it('finding games: by player, creation time and metadata; unknown parameters and variants are 400', async () => {
    const tag = `find-${db.name}-${Date.now()}`;
    // Created at the service's clock, T0.
    const before = new Date(T0 - 1).toISOString();
    const made = await postJson(s, '/v1/games/bulk', {
      games: [
        { variant: 'brandubh', players: { attackers: `Ann-${tag}`, defenders: 'Bo' }, metadata: { tag, round: 1, board: 'A' } },
        { variant: 'brandubh', players: { attackers: 'Cy', defenders: `Ann-${tag}` }, metadata: { tag, round: 2 } },
        { variant: 'tablut', players: { attackers: 'Cy' }, metadata: { tag, round: 2 } },
      ],
    });
    const ids = made.body.games.map((c: Created) => c.id);
    const find = async (q: string) => (await listAll(s, Object.fromEntries(new URLSearchParams(q)))).items.map((g: any) => g.id).sort();
    expect(await find(`player=Ann-${tag}`)).toEqual([ids[0], ids[1]].sort());
    expect(await find(`metadata.tag=${tag}&metadata.round=2`)).toEqual([ids[1], ids[2]].sort());
    expect(await find(`metadata.tag=${tag}&metadata.board=A&variant=brandubh`)).toEqual([ids[0]]);
    expect(await find(`metadata.tag=${tag}&createdAfter=${before}`)).toHaveLength(3);
    expect(await find(`metadata.tag=${tag}&createdBefore=${before}`)).toEqual([]);
    expectProblem(await getJson(s, '/v1/games?colour=white'), 400, 'BAD_USER_INPUT');
    expect((await getJson(s, '/v1/games?colour=white')).body.errors[0]).toMatchObject({ code: 'UNKNOWN_PARAMETER', field: 'colour' });
    expectProblem(await getJson(s, '/v1/games?variant=chess'), 400, 'VARIANT_NOT_FOUND');
    expectProblem(await getJson(s, '/v1/games?createdAfter=yesterday'), 400, 'BAD_USER_INPUT');
    expectProblem(await getJson(s, '/v1/games?player=a&player=b'), 400, 'BAD_USER_INPUT');
  });

  it('GraphQL: createGames with time controls and options, clocks on the game, takebacks by token', async () => {
    const made = await gql(
      s,
      `mutation($input: CreateGamesInput!) { createGames(input: $input) { games { id tokens { attackers defenders } webhookSecret
        game { timeControl { type initialMs periods periodMs incrementMs } options { takebacks } clocks { attackersMs attackersPeriods running deadline } } } } }`,
      {
        input: {
          games: [
            {
              variant: 'brandubh',
              timeControl: { type: 'byoyomi', initialMs: 10_000, periods: 2, periodMs: 5_000 },
              options: { takebacks: true },
            },
          ],
        },
      },
    );
    expect(made.body.errors).toBeUndefined();
    const [g] = made.body.data.createGames.games;
    expect(g).toMatchObject({
      webhookSecret: null,
      game: {
        timeControl: { type: 'byoyomi', initialMs: 10_000, periods: 2, periodMs: 5_000, incrementMs: 0 },
        options: { takebacks: true },
        clocks: { attackersMs: 10_000, attackersPeriods: 2, running: 'attackers', deadline: new Date(T0 + 20_000).toISOString() },
      },
    });
    const bad = await gql(
      s,
      `mutation { createGames(input: { games: [{ variant: "brandubh", timeControl: { type: fischer } }] }) { games { id } } }`,
    );
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    const offer = await gql(
      s,
      'mutation($id: ID!) { offerTakeback(id: $id) { game { takebackOfferedBy } } }',
      { id: g.id },
      bearer(g.tokens.attackers),
    );
    expect(offer.body.data.offerTakeback.game.takebackOfferedBy).toBe('attackers');
    const accept = await gql(
      s,
      'mutation($id: ID!) { acceptTakeback(id: $id) { game { ply clocks { attackersMs running } } } }',
      { id: g.id },
      bearer(g.tokens.defenders),
    );
    expect(accept.body.data.acceptTakeback.game).toEqual({ ply: 0, clocks: { attackersMs: 10_000, running: 'attackers' } });
    const found = await gql(s, 'query($p: String!) { games(player: $p, limit: 5) { items { id } } }', { p: 'nobody-has-this-name' });
    expect(found.body.data.games.items).toEqual([]);
  });
});
