import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Open seats (api.md section 11): the side left to whoever claims it with the invite code, and the
 * code's SHA-256 (the code itself is shown once, to the creator). The invite is looked up by its hash,
 * so the index is unique and holds only games that have one. The open side's token hash is '' until the
 * claim: no token hashes to it. The claim is an event of its own, `seat_taken`.
 */
const KINDS_BEFORE = `'move', 'resign', 'draw_offer', 'draw_accept', 'takeback', 'timeout', 'takeback_offer'`;

export class OpenSeats1764840000000 implements MigrationInterface {
  name = 'OpenSeats1764840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games ADD COLUMN open_seat text CHECK (open_seat IN ('attackers', 'defenders'))`);
    await q.query(`ALTER TABLE games ADD COLUMN invite_hash text`);
    await q.query(`CREATE UNIQUE INDEX games_invite_idx ON games (invite_hash) WHERE invite_hash IS NOT NULL`);
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(`ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN (${KINDS_BEFORE}, 'seat_taken'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM game_events WHERE event = 'seat_taken'`);
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(`ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN (${KINDS_BEFORE}))`);
    await q.query(`DROP INDEX games_invite_idx`);
    await q.query(`ALTER TABLE games DROP COLUMN invite_hash`);
    await q.query(`ALTER TABLE games DROP COLUMN open_seat`);
  }
}
