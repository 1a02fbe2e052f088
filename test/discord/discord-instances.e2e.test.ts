/**
 * The Discord app on two service processes sharing one PostgreSQL, as it scales: an open game made on
 * one, its Join button pressed by ten users at once on both (one is seated, the other nine are told the
 * seat is taken), then the game played with each move sent to either process. Both read the same game
 * and the bindings hold one user per side. `npm run build` first (npm test does it).
 */
import { SpawnedService, getJson } from '../api/harness';
import { BRANDUBH_GAME } from '../games/client';
import { TwoInstances, twoInstances } from '../helpers/two-instances';
import { button, command, interact, keyPair } from './discord-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const HOST = '1000000000000000001';
const GUESTS = Array.from({ length: 10 }, (_, i) => `10000000000000001${String(i).padStart(2, '0')}`);

describe('the Discord app on two service processes', () => {
  let two: TwoInstances;
  let a: SpawnedService;
  let b: SpawnedService;
  const { publicKeyHex, privateKey } = keyPair();

  beforeAll(async () => {
    two = await twoInstances({ DISCORD_PUBLIC_KEY: publicKeyHex, DISCORD_APPLICATION_ID: '1100000000000000001' });
    ({ a, b } = two);
  });

  afterAll(() => two?.stop());

  it('ten Join presses at once on both: one seated; then moves on either instance', async () => {
    const created = await interact(a, privateKey, command(HOST, 'new', { variant: 'brandubh', opponent: 'open' }));
    const id = /game ([0-9a-f-]{36})/.exec(created.body.data.embeds[0].footer.text)![1];
    const presses = await Promise.all(GUESTS.map((g, i) => interact(i % 2 ? a : b, privateKey, button(g, `join:${id}`))));
    const seated = presses.filter((r) => r.body.type === 7);
    expect(seated).toHaveLength(1);
    for (const r of presses.filter((x) => x.body.type !== 7)) expect(r.body.data.flags).toBe(64);
    const guest = GUESTS[presses.findIndex((r) => r.body.type === 7)];
    // The host moves first: the joiner's message pings them, and only them.
    expect(seated[0].body.data.content).toBe(`<@${guest}> joined as the defenders. <@${HOST}>, your move.`);
    expect(seated[0].body.data.allowed_mentions).toEqual({ parse: [], users: [HOST] });

    for (const [ply, move] of BRANDUBH_GAME.entries()) {
      const r = await interact(ply % 2 ? a : b, privateKey, command(ply % 2 === 0 ? HOST : guest, 'move', { move }));
      expect(r.body.type, JSON.stringify(r.body)).toBe(4);
      expect(r.body.data.flags ?? 0).toBe(0);
    }
    const [ga, gb] = await Promise.all([getJson(a, `/v1/games/${id}`), getJson(b, `/v1/games/${id}`)]);
    expect(ga.body).toEqual(gb.body);
    expect(ga.body).toMatchObject({ ply: BRANDUBH_GAME.length, outcome: { status: 'finished', winner: 'attackers' } });
    expect(ga.body.players.defenders).toBe(`Player ${guest.slice(-3)}`);
  });
});
