import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored moves (issue 14): every move rewrites its game row, which PostgreSQL does in place (a HOT
 * update: no new entry in any of the games indexes, less WAL, less to vacuum) only when no indexed
 * column changes and the row's page has room. `updated_at` changes with every move and was the key of
 * the computer sweep's index, so every move added an entry to every index of games (six, and the
 * partial ones the row is in). The sweep's index now holds the ids of the ongoing games with a
 * computer side (the sweep reads them all, a few thousand at most: each is a search the service runs),
 * and new pages of games keep a fifth free for the rows' next versions. Timed games still move their
 * deadline, an indexed column: not HOT.
 */
export class HotGameUpdates1764830000000 implements MigrationInterface {
  name = 'HotGameUpdates1764830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX games_computer_waiting_idx`);
    await q.query(`CREATE INDEX games_computer_waiting_idx ON games (id) WHERE computer IS NOT NULL AND status = 'ongoing'`);
    await q.query(`ALTER TABLE games SET (fillfactor = 80)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games RESET (fillfactor)`);
    await q.query(`DROP INDEX games_computer_waiting_idx`);
    await q.query(`CREATE INDEX games_computer_waiting_idx ON games (updated_at) WHERE computer IS NOT NULL AND status = 'ongoing'`);
  }
}
