/**
 * Throwaway databases for the stored-games tests: a fresh PostgreSQL database per test file (created on
 * the server at PG_ADMIN_URL, dropped afterwards) and a fresh temporary directory for PGlite. Not a test
 * file itself.
 *
 * `databases()` is synchronous so that it can feed `describe.each`; each entry creates its database in
 * `setup()` (call it in `beforeAll`) and removes it in `teardown()` (call it in `afterAll`, after the
 * app using it has stopped).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** The maintenance database of the local server (trust auth); override with TEST_PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type DatabaseName = 'pglite' | 'postgres';

export interface TestDatabase {
  name: DatabaseName;
  /** Creates the database; resolves to the environment the app needs to use it. */
  setup(): Promise<Record<string, string>>;
  /** The environment returned by the last setup() (throws before it). */
  env(): Record<string, string>;
  /** Drops the database / removes the directory. Safe to call twice or without setup(). */
  teardown(): Promise<void>;
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function urlFor(db: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

/** CREATE DATABASE tafl_test_<random>; resolves to its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `tafl_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  let dropped = false;
  return {
    name,
    url: urlFor(name),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // FORCE (PostgreSQL 13+) ends connections a killed app may have left behind.
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A fresh temporary directory for PGlite, and a function that removes it. */
export function createPgliteDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tafl-pglite-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function pgliteDatabase(): TestDatabase {
  let made: { dir: string; remove: () => void } | null = null;
  return {
    name: 'pglite',
    async setup() {
      made = createPgliteDir();
      return this.env();
    },
    env() {
      if (!made) throw new Error('pglite database: setup() was not called');
      // DATABASE_URL must be absent for the embedded mode: an empty value counts as unset.
      return { DATABASE_URL: '', PGLITE_DIR: made.dir };
    },
    async teardown() {
      made?.remove();
      made = null;
    },
  };
}

export function postgresDatabase(): TestDatabase {
  let made: { url: string; drop: () => Promise<void> } | null = null;
  return {
    name: 'postgres',
    async setup() {
      made = await createPostgresDatabase();
      return this.env();
    },
    env() {
      if (!made) throw new Error('postgres database: setup() was not called');
      return { DATABASE_URL: made.url };
    },
    async teardown() {
      const m = made;
      made = null;
      await m?.drop();
    },
  };
}

/** Both database modes, for `describe.each(databases())('... on $name', (db) => ...)`. */
export function databases(): TestDatabase[] {
  return [pgliteDatabase(), postgresDatabase()];
}
