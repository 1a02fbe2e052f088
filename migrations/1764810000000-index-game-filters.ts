import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The filters of GET /v1/games (issue 11): either side's name (one expression index per side, ORed
 * as bitmaps) and metadata containment (GIN, jsonb_path_ops: smaller, and @> is all it answers).
 * created_at ranges use games_created_idx.
 */
export class IndexGameFilters1764810000000 implements MigrationInterface {
  name = 'IndexGameFilters1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX games_attackers_idx ON games ((players->>'attackers'), created_at DESC)`);
    await q.query(`CREATE INDEX games_defenders_idx ON games ((players->>'defenders'), created_at DESC)`);
    await q.query(`CREATE INDEX games_metadata_idx ON games USING gin (metadata jsonb_path_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const i of ['games_metadata_idx', 'games_defenders_idx', 'games_attackers_idx']) await q.query(`DROP INDEX ${i}`);
  }
}
