import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom variants (issue 12, api.md section 9): stored under their content-derived id, so the same rules
 * always get the same row, whichever process registered them first.
 */
export class CreateCustomVariants1764700000000 implements MigrationInterface {
  name = 'CreateCustomVariants1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custom_variants (
        id text PRIMARY KEY CHECK (id ~ '^custom-[0-9a-f]{12}$'),
        name text NOT NULL,
        rules jsonb NOT NULL,
        otn text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE custom_variants`);
  }
}
