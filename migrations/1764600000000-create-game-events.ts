import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log of stored games (issue 10): one row per change, numbered per game from 1, written in
 * the transaction of the change. `games.last_seq` is the number of the last one, read with the game so
 * a snapshot and its seq always agree. Games stored before this migration start at 0.
 */
export class CreateGameEvents1764600000000 implements MigrationInterface {
  name = 'CreateGameEvents1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games ADD COLUMN last_seq integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0)`);
    await q.query(`
      CREATE TABLE game_events (
        game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 1),
        event text NOT NULL CHECK (event IN ('move', 'resign', 'draw_offer', 'draw_accept', 'takeback', 'timeout')),
        state jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE game_events`);
    await q.query(`ALTER TABLE games DROP COLUMN last_seq`);
  }
}
