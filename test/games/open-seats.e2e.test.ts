/**
 * Open seats and invitations (api.md section 11) in one process on both databases: a side left open at
 * creation, the invite that shows the game and claims the seat, the refusals (BAD_INVITE, SEAT_TAKEN,
 * SEAT_OPEN), clocks that start at the claim, the `seat_taken` event, and GraphQL's claimSeat.
 */
import { ServiceClock } from '../../src/games/clocks/service-clock';
import { getJson, gql, postJson, startApp } from '../api/harness';
import { BRANDUBH_GAME, action, bearer, expectProblem, getGame, play, whenReady } from './client';
import { databases } from './db';

vi.setConfig({ testTimeout: 30_000 });

const FISCHER = { type: 'fischer', initialMs: 60_000, incrementMs: 5_000 };
const T0 = Date.parse('2026-12-03T12:00:00Z');

describe.each(databases())('open seats on $name', (db) => {
  let s: Awaited<ReturnType<typeof startApp>>;
  let now = T0;

  beforeAll(async () => {
    s = await whenReady(
      await startApp({ ...(await db.setup()), PUBLIC_BASE_URL: 'https://tafl.example', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }),
    );
    (s.app.get(ServiceClock) as ServiceClock).use(() => now);
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  const create = (body: Record<string, unknown>) => postJson(s, '/v1/games', body);
  const claim = (id: string, body: Record<string, unknown>) => postJson(s, `/v1/games/${id}/claim`, body);

  it('leaves the defenders open: one token, an invite on PUBLIC_BASE_URL, seats shown on every read', async () => {
    const r = await create({ variant: 'brandubh', players: { attackers: 'Alice', defenders: { open: true } } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body.tokens)).toEqual(['attackers']);
    expect(r.body.invite).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      url: `https://tafl.example/v1/invites/${r.body.invite.code}`,
    });
    expect(r.body.game.seats).toEqual({ attackers: 'taken', defenders: 'open' });
    expect(r.body.game.players).toEqual({ attackers: 'Alice', defenders: null });
    const read = await getGame(s, r.body.id);
    expect(read.seats).toEqual({ attackers: 'taken', defenders: 'open' });
    // The code is shown once: no read of the game carries it.
    expect(JSON.stringify(read)).not.toContain(r.body.invite.code);

    const invite = await getJson(s, `/v1/invites/${r.body.invite.code}`);
    expect(invite.status).toBe(200);
    expect(invite.body).toMatchObject({ id: r.body.id, variant: 'brandubh', players: { attackers: 'Alice', defenders: null }, ply: 0 });
    expect(invite.body.seats).toEqual({ attackers: 'taken', defenders: 'open' });
    expectProblem(await getJson(s, '/v1/invites/no-such-code'), 404, 'NOT_FOUND');

    // A game with both seats taken has no invite.
    const plain = await create({ variant: 'brandubh' });
    expect(plain.body.invite).toBeNull();
    expect(plain.body.game.seats).toEqual({ attackers: 'taken', defenders: 'taken' });
  });

  it('refuses both sides open, an open side beside the computer or a delayed start, and anything but { open: true }', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ players: { attackers: { open: true }, defenders: { open: true } } }, 'players'],
      [{ players: { attackers: { open: true } }, computer: { side: 'defenders' } }, 'players'],
      [{ players: { defenders: { open: true } }, startAt: new Date(T0 + 60_000).toISOString() }, 'startAt'],
      [{ players: { defenders: { open: false } } }, 'players.defenders'],
      [{ players: { defenders: { open: true, name: 'x' } } }, 'players.defenders'],
      [{ players: { defenders: 'Bob', open: 'defenders' } }, 'players'],
    ];
    for (const [extra, field] of cases) {
      const r = await create({ variant: 'brandubh', ...extra });
      expectProblem(r, 400, 'BAD_USER_INPUT');
      expect(
        r.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(extra),
      ).toContain(field);
    }
  });

  it('the taken side plays its turn; a move for the open side is SEAT_OPEN; one claim wins, the next is SEAT_TAKEN', async () => {
    const c = await create({ variant: 'brandubh', players: { defenders: { open: true } }, webhook: { url: 'http://127.0.0.1:9/hook' } });
    const { id, tokens, invite } = c.body;
    expect((await play(s, id, BRANDUBH_GAME[0], 0, tokens.attackers)).status).toBe(201);
    // The defenders' turn, and nobody holds their seat.
    expectProblem(await play(s, id, BRANDUBH_GAME[1], 1, tokens.attackers), 409, 'SEAT_OPEN');

    expectProblem(await claim(id, { code: 'wrong-code' }), 403, 'BAD_INVITE');
    expectProblem(await claim(id, { code: invite.code.slice(0, -1) + (invite.code.endsWith('A') ? 'B' : 'A') }), 403, 'BAD_INVITE');
    expectProblem(await claim(id, {}), 400, 'BAD_USER_INPUT');
    expectProblem(await claim('00000000-0000-4000-8000-000000000000', { code: invite.code }), 404, 'GAME_NOT_FOUND');
    // A refused claim changed nothing.
    expect((await getGame(s, id)).seats.defenders).toBe('open');

    const won = await claim(id, { code: invite.code, name: 'Bob' });
    expect(won.status).toBe(201);
    expect(won.body).toMatchObject({ id, side: 'defenders', token: expect.any(String) });
    expect(won.body.game).toMatchObject({ seats: { attackers: 'taken', defenders: 'taken' }, players: { defenders: 'Bob' }, ply: 1 });
    expectProblem(await claim(id, { code: invite.code, name: 'Carol' }), 409, 'SEAT_TAKEN');
    // The invite still shows the game, now with both seats taken.
    expect((await getJson(s, `/v1/invites/${invite.code}`)).body.seats).toEqual({ attackers: 'taken', defenders: 'taken' });

    const moved = await play(s, id, BRANDUBH_GAME[1], 1, won.body.token);
    expect(moved.status).toBe(201);
    expect(moved.body.game.players).toEqual({ attackers: null, defenders: 'Bob' });

    const deliveries = await getJson(s, `/v1/games/${id}/webhook-deliveries`, bearer(won.body.token));
    expect(deliveries.body.items.map((d: { seq: number; event: string }) => [d.seq, d.event])).toEqual([
      [1, 'move'],
      [2, 'seat_taken'],
      [3, 'move'],
    ]);
  });

  it('with the attackers open, the first move is theirs: SEAT_OPEN for the defenders, who may still resign', async () => {
    const c = await create({ variant: 'brandubh', players: { attackers: { open: true }, defenders: 'Dora' } });
    const { id, tokens, invite } = c.body;
    expect(Object.keys(tokens)).toEqual(['defenders']);
    expectProblem(await play(s, id, BRANDUBH_GAME[0], 0, tokens.defenders), 409, 'SEAT_OPEN');
    expect((await action(s, id, 'resign', tokens.defenders)).status).toBe(200);
    // The game is over: its seat can no longer be taken.
    const late = await claim(id, { code: invite.code });
    expectProblem(late, 422, 'ILLEGAL_MOVE');
    expect(late.body.reason).toBe('GAME_OVER');
  });

  it('clocks wait, full and stopped, until the claim; then the side to move runs from the claim', async () => {
    now = T0;
    const c = await create({ variant: 'brandubh', players: { defenders: { open: true } }, timeControl: FISCHER });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const waiting = c.body.game.clocks;
    expect(waiting).toEqual({ attackersMs: 60_000, defendersMs: 60_000, running: null, deadline: null });
    now = T0 + 3_600_000;
    expect((await getGame(s, c.body.id)).clocks).toEqual(waiting);
    const won = await claim(c.body.id, { code: c.body.invite.code });
    expect(won.body.game.clocks).toEqual({
      attackersMs: 60_000,
      defendersMs: 60_000,
      running: 'attackers',
      deadline: new Date(now + 60_000).toISOString(),
    });
    now += 10_000;
    const moved = await play(s, c.body.id, BRANDUBH_GAME[0], 0, c.body.tokens.attackers);
    expect(moved.body.game.clocks).toMatchObject({ attackersMs: 55_000, defendersMs: 60_000, running: 'defenders' });
    now = T0;
  });

  it('GraphQL: createGame with players.open, invite, claimSeat, and the same refusals', async () => {
    const created = await gql(
      s,
      `mutation { createGame(input: { variant: "brandubh", players: { attackers: "Gql", open: defenders } }) {
        id tokens { attackers defenders } invite { code url } game { seats { attackers defenders } } } }`,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).toBeUndefined();
    const g = created.body.data.createGame;
    expect(g.tokens).toEqual({ attackers: expect.any(String), defenders: null });
    expect(g.game.seats).toEqual({ attackers: 'taken', defenders: 'open' });
    const invite = await gql(s, `query($code: String!) { invite(code: $code) { id players { attackers } } }`, { code: g.invite.code });
    expect(invite.body.data.invite).toEqual({ id: g.id, players: { attackers: 'Gql' } });

    const CLAIM = `mutation($id: ID!, $code: String!) { claimSeat(id: $id, code: $code, name: "Gql D") { side token game { players { defenders } seats { defenders } } } }`;
    const bad = await gql(s, CLAIM, { id: g.id, code: 'nope' });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_INVITE');
    const won = await gql(s, CLAIM, { id: g.id, code: g.invite.code });
    expect(won.body.data.claimSeat).toMatchObject({
      side: 'defenders',
      game: { players: { defenders: 'Gql D' }, seats: { defenders: 'taken' } },
    });
    const again = await gql(s, CLAIM, { id: g.id, code: g.invite.code });
    expect(again.body.errors[0].extensions.code).toBe('SEAT_TAKEN');
  });
});
