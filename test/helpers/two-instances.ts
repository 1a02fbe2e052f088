/**
 * Two service processes on one throwaway PostgreSQL database, as the service scales: for the tests of
 * anything with state. `npm run build` first (npm test does it). Not a test file itself.
 */
import { Client } from 'pg';
import { SpawnedService, spawnService } from '../api/harness';
import { whenReady } from '../games/client';
import { createPostgresDatabase } from '../games/db';

export interface TwoInstances {
  a: SpawnedService;
  b: SpawnedService;
  /** A connection of the test's own, to look at what was stored. */
  sql: Client;
  stop(): Promise<void>;
}

export async function twoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const pg = await createPostgresDatabase();
  const settings = { DATABASE_URL: pg.url, LOG_LEVEL: 'warn', ...env };
  const [a, b] = await Promise.all([spawnService(settings), spawnService(settings)]);
  await Promise.all([whenReady(a), whenReady(b)]);
  const sql = new Client({ connectionString: pg.url });
  await sql.connect();
  return {
    a,
    b,
    sql,
    stop: async () => {
      await sql.end();
      await Promise.all([a.stop(), b.stop()]);
      await pg.drop();
    },
  };
}
