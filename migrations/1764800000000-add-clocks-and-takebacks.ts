import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tournament play (issue 11): a game's time control, options and clock; the deadline the flag-fall
 * scheduler looks for (indexed only where a clock runs); a standing takeback offer; and, on each move,
 * the clock as it stood before it, which a takeback restores. Games stored before have no clock.
 */
export class AddClocksAndTakebacks1764800000000 implements MigrationInterface {
  name = 'AddClocksAndTakebacks1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games ADD COLUMN time_control jsonb`);
    await q.query(`ALTER TABLE games ADD COLUMN clock jsonb`);
    await q.query(`ALTER TABLE games ADD COLUMN deadline timestamptz`);
    await q.query(`ALTER TABLE games ADD COLUMN options jsonb NOT NULL DEFAULT '{"takebacks": false, "drawOffers": true}'::jsonb`);
    await q.query(`ALTER TABLE games ADD COLUMN takeback_offered_by text CHECK (takeback_offered_by IN ('attackers', 'defenders'))`);
    await q.query(`CREATE INDEX games_deadline_idx ON games (deadline) WHERE status = 'ongoing' AND deadline IS NOT NULL`);
    await q.query(`ALTER TABLE moves ADD COLUMN clock_before jsonb`);
    // A takeback offer is an event of its own (the accepted takeback is `takeback`).
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(
      `ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN ('move', 'resign', 'draw_offer', 'draw_accept', 'takeback', 'timeout', 'takeback_offer'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM game_events WHERE event = 'takeback_offer'`);
    await q.query(`ALTER TABLE game_events DROP CONSTRAINT game_events_event_check`);
    await q.query(
      `ALTER TABLE game_events ADD CONSTRAINT game_events_event_check CHECK (event IN ('move', 'resign', 'draw_offer', 'draw_accept', 'takeback', 'timeout'))`,
    );
    await q.query(`ALTER TABLE moves DROP COLUMN clock_before`);
    await q.query(`DROP INDEX games_deadline_idx`);
    for (const c of ['takeback_offered_by', 'options', 'deadline', 'clock', 'time_control'])
      await q.query(`ALTER TABLE games DROP COLUMN ${c}`);
  }
}
