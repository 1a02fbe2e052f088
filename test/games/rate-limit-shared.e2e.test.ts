/**
 * Two service processes on one PostgreSQL share each client's quota (issue 8 item 7): a client that
 * alternates between them gets the limit once in all, not once per process. Each process takes the
 * quota from the database in leases of a 32nd of the limit, so at most one lease goes unused.
 */
import { Client } from 'pg';
import { SpawnedService, spawnService } from '../api/harness';
import { whenReady } from './client';
import { postgresDatabase } from './db';

const MAX = 64;
const LEASE = MAX / 32;

const db = postgresDatabase();
let s1: SpawnedService;
let s2: SpawnedService;

beforeAll(async () => {
  const env = { ...(await db.setup()), RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '600000' };
  s1 = await whenReady(await spawnService(env));
  s2 = await whenReady(await spawnService(env));
});
afterAll(async () => {
  await Promise.all([s1?.close(), s2?.close()]);
  await db.teardown();
});

describe('a quota shared by two processes', () => {
  it('admits between MAX − one lease and MAX requests in all, alternating between the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * MAX; i++) statuses.push((await (i % 2 ? s2 : s1).request('GET', '/v1/variants/brandubh')).status);
    const ok = statuses.filter((x) => x === 200).length;
    console.log(`rate limit across two processes: ${ok} of ${statuses.length} requests admitted for a limit of ${MAX} (lease ${LEASE})`);
    expect(statuses.filter((x) => x !== 200 && x !== 429)).toEqual([]);
    expect(ok).toBeLessThanOrEqual(MAX);
    expect(ok).toBeGreaterThanOrEqual(MAX - LEASE);
    // Both processes refuse now, whichever the client asks.
    expect((await s1.request('GET', '/v1/variants')).status).toBe(429);
    expect((await s2.request('GET', '/v1/variants')).status).toBe(429);

    // The count lives in the database: exactly the limit was handed out for this client.
    const c = new Client({ connectionString: db.env().DATABASE_URL });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT key, used FROM rate_limit_windows');
      expect(rows).toEqual([{ key: '127.0.0.1', used: String(MAX) }]);
    } finally {
      await c.end();
    }
  });
});
