import { MigrationInterface, QueryRunner } from 'typeorm';

/** A side of a stored game the service plays itself (api.md section 10): `{ side, level, budgetMs }` or null. */
export class AddComputerSide1764750000000 implements MigrationInterface {
  name = 'AddComputerSide1764750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games ADD COLUMN computer jsonb`);
    // The sweep that picks up computer moves an instance did not finish looks only at these games.
    await q.query(`CREATE INDEX games_computer_waiting_idx ON games (updated_at) WHERE computer IS NOT NULL AND status = 'ongoing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX games_computer_waiting_idx`);
    await q.query(`ALTER TABLE games DROP COLUMN computer`);
  }
}
