import { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored games and their moves (issue 4). */
export class CreateGames1764400000000 implements MigrationInterface {
  name = 'CreateGames1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE games (
        id uuid PRIMARY KEY,
        variant text NOT NULL,
        start_position text NOT NULL,
        position text NOT NULL,
        ply integer NOT NULL DEFAULT 0 CHECK (ply >= 0),
        status text NOT NULL CHECK (status IN ('ongoing', 'finished')),
        winner text CHECK (winner IN ('attackers', 'defenders', 'draw')),
        reason text,
        players jsonb NOT NULL DEFAULT '{}'::jsonb,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        attackers_token_hash text NOT NULL,
        defenders_token_hash text NOT NULL,
        draw_offered_by text CHECK (draw_offered_by IN ('attackers', 'defenders')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX games_created_idx ON games (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX games_variant_status_idx ON games (variant, status)`);
    await q.query(`
      CREATE TABLE moves (
        game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply integer NOT NULL CHECK (ply >= 0),
        move text NOT NULL,
        notation text NOT NULL,
        side text NOT NULL CHECK (side IN ('attackers', 'defenders')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, ply)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE moves`);
    await q.query(`DROP TABLE games`);
  }
}
