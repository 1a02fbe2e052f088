/**
 * A pooled PostgreSQL connection lost while a transaction holds it between two statements (its server
 * process terminated): the statement after the loss fails as the database being unavailable (503), no
 * uncaught exception escapes, and the service goes on with fresh connections.
 */
import { Client } from 'pg';
import { DatabaseService } from '../../src/games/database/database.service';
import { startApp } from '../api/harness';
import { createGame, getGame, sleep, whenReady } from './client';
import { eventually } from './live-client';
import { PG_ADMIN_URL, createPostgresDatabase } from './db';

describe('a pooled connection lost while taken out of the pool', () => {
  it('fails the statement after it as 503 and leaves the service running', async () => {
    const db = await createPostgresDatabase();
    const s = await whenReady(await startApp({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
    const crashes: unknown[] = [];
    const onCrash = (e: unknown) => crashes.push(e);
    process.on('uncaughtException', onCrash);
    try {
      let pid: number | undefined;
      let go!: () => void;
      const gate = new Promise<void>((resolve) => (go = resolve));
      const held = s.app.get(DatabaseService).transaction(async (m) => {
        pid = (await m.query('SELECT pg_backend_pid() AS pid'))[0].pid;
        await gate;
        return m.query('SELECT 1');
      });
      await eventually(() => pid !== undefined, 10_000, 'the transaction holding its connection');
      const admin = new Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        expect((await admin.query('SELECT pg_terminate_backend($1) AS done', [pid])).rows[0].done).toBe(true);
      } finally {
        await admin.end();
      }
      // The server's "terminating connection" message reaches the idle, taken-out connection.
      await sleep(500);
      go();
      await expect(held).rejects.toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(crashes).toEqual([]);
      const g = await createGame(s);
      expect((await getGame(s, g.id)).ply).toBe(0);
    } finally {
      process.off('uncaughtException', onCrash);
      await s.close();
      await db.drop();
    }
  });
});
