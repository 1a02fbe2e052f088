import { MigrationInterface, QueryRunner } from 'typeorm';

/** The event kinds as the open-seats migration left them. */
const KINDS_BEFORE = `'move', 'resign', 'draw_offer', 'draw_accept', 'takeback', 'timeout', 'takeback_offer', 'seat_taken'`;

/**
 * External engines (api.md section 15): a game whose engine fails ends with the event `engine_failure`.
 * The games' `reason` column has no check, so the new outcome reason needs no change there; the
 * events' kinds are checked, so that check gains the new kind.
 */
export class EngineFailure1764860000000 implements MigrationInterface {
  name = 'EngineFailure1764860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(`ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN (${KINDS_BEFORE}, 'engine_failure'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM game_events WHERE event = 'engine_failure'`);
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(`ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN (${KINDS_BEFORE}))`);
  }
}
