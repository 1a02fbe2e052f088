import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit quotas shared by every process on one database (issue 8). Unlogged: a count lost in a crash
 * only forgives one window, and the table is written on every lease.
 */
export class CreateRateLimitWindows1764500000000 implements MigrationInterface {
  name = 'CreateRateLimitWindows1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE UNLOGGED TABLE rate_limit_windows (
        key text NOT NULL,
        window_start bigint NOT NULL,
        used bigint NOT NULL CHECK (used >= 0),
        granted bigint NOT NULL CHECK (granted >= 0),
        PRIMARY KEY (key, window_start)
      )`);
    await q.query(`CREATE INDEX rate_limit_windows_start_idx ON rate_limit_windows (window_start)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limit_windows`);
  }
}
