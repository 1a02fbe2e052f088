/**
 * A computer side with two service processes on one PostgreSQL: the instance that takes a person's
 * move answers for the computer, the other sees it, and each ply is stored once; when the instance
 * searching a computer move is killed, the other picks the move up (its sweep) and plays it.
 */
import { Client } from 'pg';
import { SpawnedService, spawnService } from '../api/harness';
import { getGame, play, sleep, whenReady } from './client';
import { createPostgresDatabase } from './db';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

async function untilPly(app: SpawnedService, id: string, ply: number, ms: number): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const g = await getGame(app, id);
    if (g.ply >= ply || Date.now() > deadline) return g;
    await sleep(100);
  }
}

describe('computer side across two service processes', () => {
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

  it('moves taken on either instance are answered once per ply', async () => {
    const created = await a.request('POST', '/v1/games', { variant: 'brandubh', computer: { side: 'defenders', level: 1, budgetMs: 30 } });
    const id = created.body.id;
    for (let ply = 0; ply < 6; ply += 2) {
      const mover = ply % 4 === 0 ? b : a;
      const g = await getGame(mover, id);
      const legal = await mover.request('POST', '/v1/legal-moves', { variant: 'brandubh', moves: g.moves });
      const r = await play(mover, id, legal.body.moves[0].notation, ply, created.body.tokens.attackers);
      expect(r.status).toBe(201);
      expect((await untilPly(ply % 4 === 0 ? a : b, id, ply + 2, 20_000)).ply).toBe(ply + 2);
    }
    const c = new Client({ connectionString: pg.url });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT ply, count(*)::int AS n FROM moves WHERE game_id = $1 GROUP BY ply ORDER BY ply', [id]);
      expect(rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await c.end();
    }
  });

  it('a computer move abandoned by a killed instance is played by the other', async () => {
    // The computer moves first and thinks for 5 s on A; A dies meanwhile.
    const created = await a.request('POST', '/v1/games', {
      variant: 'copenhagen',
      computer: { side: 'attackers', level: 10, budgetMs: 5000 },
    });
    expect(created.status).toBe(201);
    await sleep(300);
    a.child.kill('SIGKILL');
    const g = await untilPly(b, created.body.id, 1, 45_000);
    expect(g.ply).toBe(1);
    expect(g.sideToMove).toBe('defenders');
  });
});
