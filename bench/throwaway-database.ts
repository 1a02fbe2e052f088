/**
 * The benchmarks' throwaway PostgreSQL databases: made on the server BENCH_PG_ADMIN_URL names
 * (postgres://postgres@127.0.0.1:5432/postgres) and dropped when the benchmark ends.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on a connection of its own: CREATE and DROP DATABASE run outside any transaction. */
export async function adminQuery(sql: string): Promise<void> {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops it, cutting the connections still open to it. */
  drop: () => Promise<void>;
}

/** A new, empty database named `<prefix>_<random hex>`. */
export async function throwawayDatabase(prefix = 'tafl_bench'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
