/**
 * The event log in the database: appended inside the transaction of the change it records, read back
 * by seq. The notification of an append is part of the same transaction, so PostgreSQL sends it only
 * once the change is committed, and never for one rolled back.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { GameEventKind, GameStateEvent, GameStateFields, gameStateEvent } from './game-event';

/** The channel every instance LISTENs on; a notification's payload is `{"gameId","seq"}`, never the event. */
export const GAME_EVENTS_CHANNEL = 'tafl_game_events';

/**
 * Events read per statement: a client resuming from far back gets its history in slices. A slice is
 * offered to a stream at once, so it must stay well under the smallest STREAM_BUFFER_BYTES (64 KiB):
 * 100 events of a 19×19 game are about 45 kB.
 */
export const EVENTS_PER_READ = 100;

const APPEND = `
  WITH e AS (
    INSERT INTO game_events (game_id, seq, event, state, created_at) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING game_id, seq
  )
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', json_build_object('gameId', e.game_id, 'seq', e.seq)::text) FROM e`;

/** Many events in one statement (a flag-fall sweep), each notified as append() does. */
const APPEND_MANY = `
  WITH e AS (
    INSERT INTO game_events (game_id, seq, event, state, created_at)
    SELECT x.game_id, x.seq, x.event, x.state, x.at FROM jsonb_to_recordset($1::jsonb) AS x(game_id uuid, seq integer, event text, state jsonb, at timestamptz)
    RETURNING game_id, seq
  )
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', json_build_object('gameId', e.game_id, 'seq', e.seq)::text) FROM e`;

export interface NewEvent {
  gameId: string;
  seq: number;
  event: GameEventKind;
  state: GameStateFields;
  at: Date;
}

const AFTER = `SELECT seq, event, state FROM game_events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`;

interface EventRow {
  seq: number;
  event: GameEventKind;
  state: GameStateFields | string;
}

/** A notification's payload, or null when it is not one of ours. */
export function parseNotification(payload: string): { gameId: string; seq: number } | null {
  try {
    const v = JSON.parse(payload) as { gameId?: unknown; seq?: unknown };
    return typeof v.gameId === 'string' && Number.isInteger(v.seq) ? { gameId: v.gameId, seq: v.seq as number } : null;
  } catch {
    return null;
  }
}

@Injectable()
export class GameEventsRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Inside the caller's transaction, under the game's row lock (which is what keeps seq gapless). */
  async append(m: EntityManager, gameId: string, seq: number, event: GameEventKind, state: GameStateFields, at: Date): Promise<void> {
    await m.query(APPEND, [gameId, seq, event, JSON.stringify(state), at]);
  }

  /** append() for many games at once, inside the caller's transaction and under their row locks. */
  async appendMany(m: EntityManager, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const json = events.map((e) => ({ game_id: e.gameId, seq: e.seq, event: e.event, state: e.state, at: e.at.toISOString() }));
    await m.query(APPEND_MANY, [JSON.stringify(json)]);
  }

  /** Up to `limit` events of a game after `seq`, in order. */
  async after(gameId: string, seq: number, limit = EVENTS_PER_READ): Promise<GameStateEvent[]> {
    const rows = await this.db.read((m) => m.query(AFTER, [gameId, seq, limit]) as Promise<EventRow[]>);
    // node-postgres parses jsonb; a driver that does not hands over the text.
    return rows.map((r) => gameStateEvent(Number(r.seq), r.event, typeof r.state === 'string' ? JSON.parse(r.state) : r.state));
  }
}
