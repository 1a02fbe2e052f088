import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 11): a game's URL and signing secret, and the outbox of deliveries, one row per
 * event, written in the transaction of the change. The partial index serves the dispatcher's look for
 * due deliveries; (game_id, seq) keeps each game's queue in order.
 */
export class CreateWebhookDeliveries1764820000000 implements MigrationInterface {
  name = 'CreateWebhookDeliveries1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE games ADD COLUMN webhook_url text`);
    await q.query(`ALTER TABLE games ADD COLUMN webhook_secret text`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 1),
        event_id uuid NOT NULL UNIQUE,
        url text NOT NULL,
        body text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease_until timestamptz,
        last_status integer,
        last_error text,
        created_at timestamptz NOT NULL,
        delivered_at timestamptz,
        PRIMARY KEY (game_id, seq)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`ALTER TABLE games DROP COLUMN webhook_secret`);
    await q.query(`ALTER TABLE games DROP COLUMN webhook_url`);
  }
}
