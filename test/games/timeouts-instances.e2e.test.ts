/**
 * Flag fall in real time with two service processes on one PostgreSQL (the one test here on the
 * system clock): games whose clocks run out with no move are finished by whichever instance looks
 * first, each exactly once, within 2 s of its deadline, and the timeout reaches a stream on the
 * other instance. `npm run build` first (npm test does it).
 */
import { Client } from 'pg';
import { SpawnedService, postJson, spawnService } from '../api/harness';
import { BRANDUBH_GAME, Created, getGame, play, whenReady } from './client';
import { createPostgresDatabase } from './db';
import { eventually, openStream } from './live-client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

describe('flag fall across two service processes on one PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: SpawnedService;
  let b: SpawnedService;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    const env = { DATABASE_URL: pg.url, LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([spawnService(env), spawnService(env)]);
    await Promise.all([whenReady(a), whenReady(b)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.drop();
  });

  it('40 games run out of time with no move: each finished once, within 2 s of its deadline, streamed by the other instance', async () => {
    const games = Array.from({ length: 40 }, (_, i) => ({
      variant: 'brandubh',
      timeControl: { type: 'correspondence', perMoveMs: 1_500 + 10 * i },
    }));
    const made = await postJson(a, '/v1/games/bulk', { games });
    expect(made.status).toBe(201);
    const created: Created[] = made.body.games;
    // One game moves first: its deadline then is the defenders'.
    const moved = await play(b, created[0].id, BRANDUBH_GAME[0], 0, created[0].tokens.attackers);
    expect(moved.status).toBe(201);
    const stream = await openStream(b.base, created[1].id);
    await stream.waitFor(1);
    const deadlines = new Map(created.map((c) => [c.id, Date.parse(c.game.clocks.deadline)]));
    deadlines.set(created[0].id, Date.parse(moved.body.game.clocks.deadline));

    await eventually(async () => (await getGame(a, created.at(-1)!.id)).outcome.status === 'finished', 10_000, 'the last timeout');
    expect(await stream.ended).toBe('end');
    expect(stream.events.at(-1)).toMatchObject({ event: 'timeout', outcome: { winner: 'defenders', reason: 'timeout' } });

    const lateness: number[] = [];
    for (const c of created) {
      const g = await getGame(b, c.id);
      expect(g.outcome).toMatchObject({ status: 'finished', reason: 'timeout', winner: c === created[0] ? 'attackers' : 'defenders' });
      lateness.push(Date.parse(g.updatedAt) - deadlines.get(c.id)!);
    }
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT game_id, count(*)::int AS n FROM game_events WHERE event = 'timeout' GROUP BY game_id`);
      expect(rows).toHaveLength(created.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }
    console.log(`timeouts on two instances: lateness after the deadline ${Math.min(...lateness)}–${Math.max(...lateness)} ms`);
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...lateness)).toBeLessThan(2_000);
  });
});
