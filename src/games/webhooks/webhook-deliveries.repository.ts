/**
 * The webhook outbox: a delivery row per event of a game with a webhook, written inside the
 * transaction of the change (so an event and its delivery exist together or not at all); claimed by
 * the dispatchers of every instance without two taking the same row (FOR UPDATE SKIP LOCKED, then a
 * lease), one at a time per game (the head of its queue) so that each game's events arrive in order.
 */
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface ClaimedDelivery {
  gameId: string;
  seq: number;
  eventId: string;
  url: string;
  body: string;
  attempts: number;
  createdAt: Date;
  secret: string;
}

export interface DeliveryRow {
  seq: number;
  eventId: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** Any number of rows in one statement (a flag-fall sweep enqueues hundreds), as one JSON parameter. */
const ENQUEUE = `INSERT INTO webhook_deliveries (game_id, seq, event_id, url, body, status, next_attempt_at, created_at)
  SELECT d.game_id, d.seq, d.event_id, d.url, d.body, 'pending', d.at, d.at
  FROM jsonb_to_recordset($1::jsonb) AS d(game_id uuid, seq integer, event_id uuid, url text, body text, at timestamptz)`;

export interface NewDelivery {
  gameId: string;
  seq: number;
  url: string;
  body: string;
  at: Date;
}

/**
 * Due deliveries that head their game's queue (no earlier one of the game still pending), not leased
 * by another dispatcher; locked and leased in one statement. A dispatcher that dies mid-attempt leaves
 * a lease that runs out, and the delivery is tried again: at least once.
 */
const CLAIM = `
  UPDATE webhook_deliveries w SET lease_until = $2, attempts = w.attempts + 1
  FROM games g
  WHERE g.id = w.game_id AND (w.game_id, w.seq) IN (
    SELECT d.game_id, d.seq FROM webhook_deliveries d
    WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1)
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.game_id = d.game_id AND e.status = 'pending' AND e.seq < d.seq)
    ORDER BY d.next_attempt_at, d.game_id, d.seq
    LIMIT $3
    FOR UPDATE OF d SKIP LOCKED)
  RETURNING w.game_id, w.seq, w.event_id, w.url, w.body, w.attempts, w.created_at, g.webhook_secret`;

/** The outcomes of a batch of attempts in one statement: delivered, retried later, or given up. */
const SETTLE = `
  UPDATE webhook_deliveries w SET status = o.status, next_attempt_at = COALESCE(o.retry_at, w.next_attempt_at), lease_until = NULL,
    last_status = o.last_status, last_error = o.last_error, delivered_at = o.delivered_at
  FROM jsonb_to_recordset($1::jsonb) AS o(game_id uuid, seq integer, status text, retry_at timestamptz, last_status integer, last_error text, delivered_at timestamptz)
  WHERE w.game_id = o.game_id AND w.seq = o.seq`;

/** What became of one attempt. */
export interface AttemptOutcome {
  delivery: ClaimedDelivery;
  status: DeliveryStatus;
  /** When a pending delivery is tried again. */
  retryAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

const LOG = `SELECT seq, event_id, body::json->>'event' AS event, status, attempts, last_status, last_error, next_attempt_at, delivered_at, created_at
  FROM webhook_deliveries WHERE game_id = $1 ORDER BY seq LIMIT $2`;

interface ClaimRow {
  game_id: string;
  seq: number;
  event_id: string;
  url: string;
  body: string;
  attempts: number;
  created_at: Date;
  webhook_secret: string;
}

interface LogRow {
  seq: number;
  event_id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  created_at: Date | string;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Inside the caller's transaction: the deliveries of these events, due at once. */
  async enqueueMany(m: EntityManager, rows: readonly NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    const json = rows.map((r) => ({
      game_id: r.gameId,
      seq: r.seq,
      event_id: randomUUID(),
      url: r.url,
      body: r.body,
      at: r.at.toISOString(),
    }));
    await m.query(ENQUEUE, [JSON.stringify(json)]);
  }

  async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.db.transaction((m) => m.query(CLAIM, [now, leaseUntil, limit]) as Promise<[ClaimRow[], number] | ClaimRow[]>);
    // node-postgres answers an UPDATE … RETURNING as [rows, count] through TypeORM; PGlite as rows.
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as ClaimRow[];
    return list.map((r) => ({
      gameId: r.game_id,
      seq: Number(r.seq),
      eventId: r.event_id,
      url: r.url,
      body: r.body,
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
      secret: r.webhook_secret,
    }));
  }

  async settle(outcomes: readonly AttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const json = outcomes.map((o) => ({
      game_id: o.delivery.gameId,
      seq: o.delivery.seq,
      status: o.status,
      retry_at: o.retryAt?.toISOString() ?? null,
      last_status: o.lastStatus,
      last_error: o.lastError?.slice(0, 500) ?? null,
      delivered_at: o.deliveredAt?.toISOString() ?? null,
    }));
    await this.db.transaction((m) => m.query(SETTLE, [JSON.stringify(json)]));
  }

  async log(gameId: string, limit = 1000): Promise<DeliveryRow[]> {
    const rows = await this.db.read((m) => m.query(LOG, [gameId, limit]) as Promise<LogRow[]>);
    return rows.map((r) => ({
      seq: Number(r.seq),
      eventId: r.event_id,
      event: r.event,
      status: r.status,
      attempts: Number(r.attempts),
      lastStatus: r.last_status === null ? null : Number(r.last_status),
      lastError: r.last_error,
      nextAttemptAt: r.status === 'pending' ? date(r.next_attempt_at) : null,
      deliveredAt: date(r.delivered_at),
      createdAt: date(r.created_at)!,
    }));
  }
}
