/**
 * Every query, lock and page of stored games. Reads come back as one snapshot of a game and its moves;
 * writes happen inside the caller's transaction under the game's row lock, except a move on a game the
 * caller holds in memory: one statement, conditional on the game's seq (playIfCurrent).
 */
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { ClockState } from './clocks/clock';
import { DatabaseService } from './database/database.service';
import type { GameStateFields } from './events/game-event';
import { GAME_EVENTS_CHANNEL } from './events/game-events.repository';
import type { NewDelivery } from './webhooks/webhook-deliveries.repository';
import { CursorKey } from './cursor';
import { GameChanges, GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { isUuid } from './game-id';

export interface StoredGame {
  game: GameEntity;
  /** In ply order. */
  moves: MoveEntity[];
}

export interface PageQuery {
  variant?: string;
  status?: 'ongoing' | 'finished';
  /** The key of the previous page's last game; games strictly older come next. */
  after: CursorKey | null;
  limit: number;
  /** Either side's name. */
  player?: string;
  /** ISO instants, exclusive. */
  createdAfter?: string;
  createdBefore?: string;
  /** Each key must hold this value (as text, or as the JSON number or boolean it spells). */
  metadata?: Record<string, string>;
}

/** A game of a list: its row and the notation of its last move (null before any), without the others. */
export interface ListedGame {
  game: GameEntity;
  last: string | null;
}

export interface StoredPage {
  games: ListedGame[];
  /** Whether a game follows the page's last one. */
  more: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The moves of the game row `g`, aggregated into the same statement as the row: a PostgreSQL statement
 * sees one snapshot, so the row and its moves cannot straddle a concurrent commit, whichever pooled
 * connection runs it.
 */
const MOVES_OF_G = `COALESCE((
  SELECT json_agg(json_build_object('ply', m.ply, 'move', m.move, 'notation', m.notation, 'side', m.side, 'createdAt', m.created_at) ORDER BY m.ply)
  FROM moves m WHERE m.game_id = g.id), '[]'::json)`;

/** The notation of the last move of the game row `g`: one index probe, whatever the game's length. */
const LAST_MOVE_OF_G = `(SELECT m.notation FROM moves m WHERE m.game_id = g.id ORDER BY m.ply DESC LIMIT 1)`;

const FINISH_ON_TIME = `
  UPDATE games g SET status = 'finished', winner = v.winner, reason = 'timeout', draw_offered_by = NULL, takeback_offered_by = NULL,
    clock = v.clock, deadline = NULL, last_seq = v.last_seq, updated_at = v.updated_at
  FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, winner text, clock jsonb, last_seq integer, updated_at timestamptz)
  WHERE g.id = v.id AND g.status = 'ongoing' AND g.last_seq = v.last_seq - 1`;

/**
 * playIfCurrent's statement. Data-modifying CTEs all run, once, in the statement's one snapshot, and
 * each INSERT takes its row from the UPDATE's RETURNING: no match, no row anywhere. An UPDATE that waits
 * for another writer's lock re-checks `last_seq` against the row it committed, so of two plays of the
 * same seq one matches. The notification is that of GameEventsRepository.append, sent at commit.
 */
const PLAY_IF_CURRENT = `
  WITH g AS (
    UPDATE games SET position = $3, ply = $4, status = $5, winner = $6, reason = $7, draw_offered_by = NULL, takeback_offered_by = NULL,
      clock = $8::jsonb, deadline = $9, last_seq = $10, updated_at = $11
    WHERE id = $1 AND last_seq = $2
    RETURNING id
  ), m AS (
    INSERT INTO moves (game_id, ply, move, notation, side, clock_before, created_at)
    SELECT g.id, $12, $13, $14, $15, $16::jsonb, $11 FROM g
  ), w AS (
    INSERT INTO webhook_deliveries (game_id, seq, event_id, url, body, status, next_attempt_at, created_at)
    SELECT g.id, $10, $18::uuid, $19, $20, 'pending', $11, $11 FROM g WHERE $19::text IS NOT NULL
  ), e AS (
    INSERT INTO game_events (game_id, seq, event, state, created_at) SELECT g.id, $10, 'move', $17::jsonb, $11 FROM g
    RETURNING game_id, seq
  )
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', json_build_object('gameId', e.game_id, 'seq', e.seq)::text) FROM e`;

/** The rows of one move written by playIfCurrent: the game as it is after it, and what goes with it. */
export interface CurrentPlay {
  game: GameEntity;
  move: MoveEntity;
  event: GameStateFields;
  delivery: NewDelivery | null;
}

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** The (game, ply) key refused a second write of a ply: another request played it first. */
export function isDuplicateMove(e: unknown): boolean {
  return (e as { code?: string })?.code === UNIQUE_VIOLATION;
}

/** Rows per INSERT of moves: 1,000 × 6 columns stays far under PostgreSQL's 65,535 parameters. */
const MOVES_PER_INSERT = 1_000;

@Injectable()
export class GamesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Runs `fn` in one transaction (the play, resign and draw paths lock and write inside it). */
  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A game and its moves as of one moment, or null when no game has this id. */
  async findWithMoves(id: string): Promise<StoredGame | null> {
    // Inside read(): with the database down the answer is 503 whatever the id looks like.
    const [found] = await this.db.read(async (m) =>
      isUuid(id) ? withMoves(m.createQueryBuilder(GameEntity, 'g').where('g.id = :id', { id })) : [],
    );
    return found ?? null;
  }

  /** The game an invite code's hash opens, with its last move, or null. */
  async findByInvite(inviteHash: string): Promise<ListedGame | null> {
    const [found] = await this.db.read((m) =>
      withLastMove(m.createQueryBuilder(GameEntity, 'g').where('g.invite_hash = :inviteHash', { inviteHash })),
    );
    return found ?? null;
  }

  /** The game row under SELECT … FOR UPDATE, or null when no game has this id. */
  async lockGame(m: EntityManager, id: string): Promise<GameEntity | null> {
    if (!isUuid(id)) return null;
    return m.findOne(GameEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The moves of a game the caller has locked. A statement of its own on purpose: under READ
   * COMMITTED it takes its snapshot after the lock was granted, so it sees every move of the
   * transaction we waited for, and no other move can be written while we hold the lock. A moves
   * subquery inside the locking statement would keep the snapshot from before the wait (the row is
   * re-read at its newest version, the subquery is not).
   */
  async movesOf(m: EntityManager, gameId: string): Promise<MoveEntity[]> {
    return m.find(MoveEntity, { where: { gameId }, order: { ply: 'ASC' } });
  }

  /** The moves' notations of a game, in ply order, outside any transaction (GraphQL's `moves` of a summary). */
  async notations(gameId: string): Promise<string[]> {
    const moves = await this.db.read((m) => m.find(MoveEntity, { select: { notation: true }, where: { gameId }, order: { ply: 'ASC' } }));
    return moves.map((x) => x.notation);
  }

  /** The clock as it stood before the move at `ply` (what a takeback restores), inside the caller's lock. */
  async clockBefore(m: EntityManager, gameId: string, ply: number): Promise<ClockState | null> {
    const move = await m.findOne(MoveEntity, { select: { clockBefore: true }, where: { gameId, ply } });
    return move?.clockBefore ?? null;
  }

  /**
   * A move of a game as one autocommitted statement, applied only if the game is still at `expectedSeq`
   * (no change anywhere since the caller's copy): the game row, the move, the event and its notification,
   * and the webhook delivery if the game has one. False when the game had changed, and then nothing is
   * written. A second write of the same ply still fails on the (game, ply) key (isDuplicateMove).
   */
  async playIfCurrent(expectedSeq: number, p: CurrentPlay): Promise<boolean> {
    const { game, move, event, delivery } = p;
    const rows = await this.db.statement('tafl_play_if_current', PLAY_IF_CURRENT, [
      game.id,
      expectedSeq,
      game.position,
      game.ply,
      game.status,
      game.winner,
      game.reason,
      json(game.clock),
      game.deadline,
      game.lastSeq,
      game.updatedAt,
      move.ply,
      move.move,
      move.notation,
      move.side,
      json(move.clockBefore),
      JSON.stringify(event),
      delivery ? randomUUID() : null,
      delivery?.url ?? null,
      delivery?.body ?? null,
    ]);
    return rows.length === 1;
  }

  async appendMove(m: EntityManager, move: MoveEntity): Promise<void> {
    await m.insert(MoveEntity, move);
  }

  /** A takeback: the game's last move goes. */
  async deleteMove(m: EntityManager, gameId: string, ply: number): Promise<void> {
    await m.delete(MoveEntity, { gameId, ply });
  }

  /**
   * Up to `limit` ongoing games whose deadline has passed at `now`, locked. SKIP LOCKED: a game another
   * instance (or a move) holds is left to it, so no two transactions finish the same game, and none waits.
   */
  async lockDue(m: EntityManager, now: Date, limit: number): Promise<GameEntity[]> {
    return m
      .createQueryBuilder(GameEntity, 'g')
      .where(`g.status = 'ongoing'`)
      .andWhere('g.deadline IS NOT NULL AND g.deadline <= :now', { now })
      .orderBy('g.deadline', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /**
   * Games finished on time by the scheduler, in one statement: conditional on each still being ongoing
   * at the seq it was locked at, so a row can never be finished twice even if a lock were bypassed.
   */
  async finishOnTime(m: EntityManager, games: readonly GameEntity[]): Promise<void> {
    const rows = games.map((g) => ({
      id: g.id,
      winner: g.winner,
      clock: g.clock,
      last_seq: g.lastSeq,
      updated_at: g.updatedAt.toISOString(),
    }));
    await m.query(FINISH_ON_TIME, [JSON.stringify(rows)]);
  }

  /** A plain UPDATE of the given columns: save() would SELECT the row again first. */
  async updateGame(m: EntityManager, id: string, changes: GameChanges): Promise<void> {
    await m.update(GameEntity, { id }, changes);
  }

  /**
   * Ongoing games with a computer side whose last change is older than `before`: computer moves an
   * instance started and did not finish (it stopped, say). Whose turn it is, the caller checks.
   */
  async computerGamesIdleSince(before: Date, limit: number): Promise<{ id: string; ply: number; updatedAt: Date }[]> {
    const rows = (await this.db.read((m) =>
      m.query(
        `SELECT id, ply, updated_at FROM games WHERE computer IS NOT NULL AND status = 'ongoing' AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
        [before, limit],
      ),
    )) as { id: string; ply: number; updated_at: Date | string }[];
    return rows.map((r) => ({ id: r.id, ply: Number(r.ply), updatedAt: new Date(r.updated_at) }));
  }

  /** New games with the moves they start with (an import), all in one transaction: all or none. */
  async insertGames(games: readonly StoredGame[]): Promise<void> {
    await this.db.transaction(async (m) => {
      // One statement for the game rows of a bulk creation (at most 100 × 20 columns).
      await m.insert(GameEntity, games.map((g) => g.game) as never);
      for (const { moves } of games) {
        // One INSERT holds at most 65,535 parameters (seven per move): long imports go in slices.
        for (let i = 0; i < moves.length; i += MOVES_PER_INSERT) await m.insert(MoveEntity, moves.slice(i, i + MOVES_PER_INSERT));
      }
    });
  }

  /** Newest first by (created_at, id); each game with its last move, not its others (a list shows summaries). */
  async page(q: PageQuery): Promise<StoredPage> {
    const rows = await this.db.read((m) => {
      const qb = m.createQueryBuilder(GameEntity, 'g');
      if (q.variant) qb.andWhere('g.variant = :variant', { variant: q.variant });
      if (q.status) qb.andWhere('g.status = :status', { status: q.status });
      if (q.after) qb.andWhere('(g.created_at, g.id) < (:at, :id)', { at: q.after.at, id: q.after.id });
      // Two expression indexes, one per side, which PostgreSQL ORs as bitmaps.
      if (q.player) qb.andWhere(`(g.players->>'attackers' = :player OR g.players->>'defenders' = :player)`, { player: q.player });
      if (q.createdAfter) qb.andWhere('g.created_at > :createdAfter', { createdAfter: q.createdAfter });
      if (q.createdBefore) qb.andWhere('g.created_at < :createdBefore', { createdBefore: q.createdBefore });
      // Containment, which the GIN index answers; "3" also finds the number 3, "true" the boolean.
      Object.entries(q.metadata ?? {}).forEach(([key, value], i) => {
        const forms = [JSON.stringify({ [key]: value })];
        if (/^-?\d+(\.\d+)?$|^(true|false)$/.test(value)) forms.push(`{${JSON.stringify(key)}:${value}}`);
        qb.andWhere(
          `(${forms.map((_, j) => `g.metadata @> :m${i}_${j}::jsonb`).join(' OR ')})`,
          Object.fromEntries(forms.map((f, j) => [`m${i}_${j}`, f])),
        );
      });
      return withLastMove(
        qb
          .orderBy('g.created_at', 'DESC')
          .addOrderBy('g.id', 'DESC')
          .limit(q.limit + 1),
      );
    });
    return { games: rows.slice(0, q.limit), more: rows.length > q.limit };
  }
}

/** Runs a query of game rows with each row's moves aggregated beside it. */
async function withMoves(qb: SelectQueryBuilder<GameEntity>): Promise<StoredGame[]> {
  const { entities, raw } = await qb.addSelect(MOVES_OF_G, 'g_moves_json').getRawAndEntities();
  const movesById = new Map<string, MoveEntity[]>();
  for (const row of raw as { g_id: string; g_moves_json: unknown }[]) movesById.set(row.g_id, moveRows(row.g_id, row.g_moves_json));
  return entities.map((game) => ({ game, moves: movesById.get(game.id) ?? [] }));
}

/** Runs a query of game rows with each row's last move beside it. */
async function withLastMove(qb: SelectQueryBuilder<GameEntity>): Promise<ListedGame[]> {
  const { entities, raw } = await qb.addSelect(LAST_MOVE_OF_G, 'g_last_move').getRawAndEntities();
  const last = new Map<string, string | null>();
  for (const row of raw as { g_id: string; g_last_move: string | null }[]) last.set(row.g_id, row.g_last_move);
  return entities.map((game) => ({ game, last: last.get(game.id) ?? null }));
}

interface MoveJson {
  ply: number;
  move: string;
  notation: string;
  side: MoveEntity['side'];
  createdAt: string;
}

function moveRows(gameId: string, json: unknown): MoveEntity[] {
  // node-postgres parses json columns; a driver that does not hands over the text.
  const list = (typeof json === 'string' ? JSON.parse(json) : json) as MoveJson[];
  return list.map((j) =>
    Object.assign(new MoveEntity(), {
      gameId,
      ply: j.ply,
      move: j.move,
      notation: j.notation,
      side: j.side,
      clockBefore: null,
      createdAt: new Date(j.createdAt),
    }),
  );
}
