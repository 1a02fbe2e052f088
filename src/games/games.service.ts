/**
 * Stored games: create, read, list, play with per-side tokens, resign, draws, export and import. The
 * engine judges every move; the database keeps moves and the state derived from them.
 */
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager, In } from 'typeorm';
import { CompiledVariant, GameState, IllegalReason, OutcomeReason, Winner, loadState } from '../engine';
import { builtInVariant } from '../variants';
import { otgPositionToTfenBoard, otgRulesString, parseOtg, tfenBoardToOtgPosition, toOtg } from '../records/otg';
import { DatabaseService } from './database/database.service';
import { GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { ProblemError } from '../http/problem-error';
import { OutcomeView, outcomeView } from '../http/views/move-outcome.views';
import { CreatedGameView, GamePageView, GameView, PlayedMoveView } from './game.views';
import { hashToken, newToken, tokenMatches } from './tokens';

type Side = 'attackers' | 'defenders';

export interface CreateGameInput {
  variant: string;
  position?: string | null;
  players?: { attackers?: string | null; defenders?: string | null } | null;
  metadata?: Record<string, unknown> | null;
}

export interface ListQuery {
  variant?: string;
  status?: string;
  cursor?: string;
  limit?: number;
}

const UNIQUE_VIOLATION = '23505';
const other = (s: Side): Side => (s === 'attackers' ? 'defenders' : 'attackers');

@Injectable()
export class GamesService {
  constructor(private readonly db: DatabaseService) {}

  private variant(id: string): CompiledVariant {
    const v = typeof id === 'string' ? builtInVariant(id) : undefined;
    if (!v) {
      throw ProblemError.variantNotFound(String(id));
    }
    return v;
  }

  /** The engine state of a stored game, rebuilt from its moves (repetition needs the whole history). */
  private replay(game: GameEntity, moves: MoveEntity[]): GameState {
    const r = loadState(this.variant(game.variant), { position: game.startPosition, moves: moves.map((m) => m.move) });
    if (!r.ok) throw new Error(`stored game ${game.id} no longer replays: ${JSON.stringify(r.error)}`);
    return r.value;
  }

  private view(game: GameEntity, moves: MoveEntity[]): GameView {
    return {
      id: game.id,
      variant: game.variant,
      startPosition: game.startPosition,
      moves: moves.map((m) => m.notation),
      ply: game.ply,
      position: game.position,
      sideToMove: game.position.endsWith(' d') ? 'defenders' : 'attackers',
      outcome: outcomeOf(game),
      players: { attackers: game.players?.attackers ?? null, defenders: game.players?.defenders ?? null },
      metadata: game.metadata ?? {},
      drawOfferedBy: game.drawOfferedBy,
      createdAt: game.createdAt.toISOString(),
      updatedAt: game.updatedAt.toISOString(),
    };
  }

  private async movesOf(m: EntityManager, gameId: string): Promise<MoveEntity[]> {
    return m.find(MoveEntity, { where: { gameId }, order: { ply: 'ASC' } });
  }

  private async load(m: EntityManager, id: string, lock: boolean): Promise<GameEntity> {
    if (!isUuid(id)) throw ProblemError.gameNotFound(id);
    const game = await m.findOne(GameEntity, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!game) throw ProblemError.gameNotFound(id);
    return game;
  }

  /** Stores a new game (optionally with moves already validated) and returns its tokens once. */
  private async insert(state: GameState, input: CreateGameInput, startPosition: string, extra: Partial<GameEntity> = {}): Promise<CreatedGameView> {
    const tokens = { attackers: newToken(), defenders: newToken() };
    const now = new Date();
    const outcome = state.outcomeInfo();
    const game: GameEntity = Object.assign(new GameEntity(), {
      id: randomUUID(),
      variant: state.v.id,
      startPosition,
      position: state.tfen(),
      ply: state.plies.length,
      status: outcome.status,
      winner: outcome.winner,
      reason: outcome.reason,
      players: { attackers: input.players?.attackers ?? null, defenders: input.players?.defenders ?? null },
      metadata: input.metadata ?? {},
      attackersTokenHash: hashToken(tokens.attackers),
      defendersTokenHash: hashToken(tokens.defenders),
      drawOfferedBy: null,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
    const moves = moveRows(game, state, 0, now);
    await this.db.transaction(async (m) => {
      await m.insert(GameEntity, game as never);
      if (moves.length) await m.insert(MoveEntity, moves);
    });
    return { id: game.id, tokens, game: this.view(game, moves) };
  }

  async create(input: CreateGameInput): Promise<CreatedGameView> {
    const v = this.variant(input.variant);
    const r = loadState(v, { position: input.position ?? null });
    if (!r.ok) {
      const errors = r.error.kind === 'bad-input' ? r.error.errors : [];
      throw ProblemError.badInput(errors.map((e) => e.message).join('; '), errors);
    }
    return this.insert(r.value, input, r.value.tfen());
  }

  async get(id: string): Promise<GameView> {
    return this.db.read(async (m) => {
      const game = await this.load(m, id, false);
      return this.view(game, await this.movesOf(m, id));
    });
  }

  async list(q: ListQuery): Promise<GamePageView> {
    const limit = q.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw ProblemError.invalidField('limit', 'limit must be an integer from 1 to 100');
    }
    if (q.status !== undefined && q.status !== 'ongoing' && q.status !== 'finished') {
      throw ProblemError.invalidField('status', 'status must be ongoing or finished');
    }
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    return this.db.read(async (m) => {
      const qb = m.createQueryBuilder(GameEntity, 'g');
      if (q.variant) qb.andWhere('g.variant = :variant', { variant: q.variant });
      if (q.status) qb.andWhere('g.status = :status', { status: q.status });
      if (after) qb.andWhere('(g.created_at, g.id) < (:at, :id)', { at: after.at, id: after.id });
      const rows = await qb.orderBy('g.created_at', 'DESC').addOrderBy('g.id', 'DESC').limit(limit + 1).getMany();
      const page = rows.slice(0, limit);
      const moves = page.length ? await m.find(MoveEntity, { where: { gameId: In(page.map((g) => g.id)) }, order: { ply: 'ASC' } }) : [];
      const byGame = new Map<string, MoveEntity[]>();
      for (const mv of moves) (byGame.get(mv.gameId) ?? byGame.set(mv.gameId, []).get(mv.gameId)!).push(mv);
      const last = page[page.length - 1];
      return {
        items: page.map((g) => this.view(g, byGame.get(g.id) ?? [])),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    });
  }

  /** Which side a token belongs to in this game, or 401. */
  private sideOf(game: GameEntity, token: string | null): Side {
    if (token && tokenMatches(token, game.attackersTokenHash)) return 'attackers';
    if (token && tokenMatches(token, game.defendersTokenHash)) return 'defenders';
    throw ProblemError.unauthorized(token ? 'the token does not belong to this game' : 'send "Authorization: Bearer <token>" with a side\'s token');
  }

  async play(id: string, token: string | null, move: string, expectedPly: number): Promise<PlayedMoveView> {
    try {
      return await this.db.transaction(async (m) => {
        const game = await this.load(m, id, true);
        const side = this.sideOf(game, token);
        if (expectedPly !== game.ply) {
          throw ProblemError.stalePly(`expectedPly is ${expectedPly} but the game is at ply ${game.ply}; read the game and retry`);
        }
        if (game.status === 'finished') throw illegal(game.ply, move, 'GAME_OVER', `the game is over (${game.reason})`);
        const toMove: Side = game.position.endsWith(' d') ? 'defenders' : 'attackers';
        if (side !== toMove) throw ProblemError.notYourTurn(`it is the ${toMove}' turn; this is the ${side}' token`);
        const moves = await this.movesOf(m, id);
        const state = this.replay(game, moves);
        const checked = state.check(move);
        if (!checked.ok) throw illegal(game.ply, move, checked.reason, checked.message);
        const info = state.play(checked.move);
        const now = new Date();
        const [row] = moveRows(game, state, game.ply, now);
        await m.insert(MoveEntity, row);
        const outcome = state.outcomeInfo();
        const changes = {
          position: state.tfen(),
          ply: game.ply + 1,
          status: outcome.status,
          winner: outcome.winner,
          reason: outcome.reason,
          drawOfferedBy: null,
          updatedAt: now,
        };
        // A plain UPDATE: save() would SELECT the row again first.
        await m.update(GameEntity, { id }, changes);
        Object.assign(game, changes);
        return { game: this.view(game, [...moves, row]), move: info };
      });
    } catch (e) {
      // Without a row lock (or if it was bypassed) the (game, ply) key still refuses a second write.
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) {
        throw ProblemError.stalePly(`ply ${expectedPly} was just played by another request; read the game and retry`);
      }
      throw e;
    }
  }

  /** Resign, offer or accept a draw: changes only the game row. */
  private async decide(id: string, token: string | null, act: (game: GameEntity, side: Side) => void): Promise<{ game: GameView }> {
    return this.db.transaction(async (m) => {
      const game = await this.load(m, id, true);
      const side = this.sideOf(game, token);
      if (game.status === 'finished') throw illegal(game.ply, null, 'GAME_OVER', `the game is over (${game.reason})`);
      act(game, side);
      game.updatedAt = new Date();
      const { status, winner, reason, drawOfferedBy, updatedAt } = game;
      await m.update(GameEntity, { id }, { status, winner, reason, drawOfferedBy, updatedAt });
      return { game: this.view(game, await this.movesOf(m, id)) };
    });
  }

  resign(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, (game, side) => Object.assign(game, { status: 'finished', winner: other(side), reason: 'resigned', drawOfferedBy: null }));
  }

  offerDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, (game, side) => {
      game.drawOfferedBy = side;
    });
  }

  acceptDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, (game, side) => {
      if (game.drawOfferedBy !== other(side)) {
        throw ProblemError.noDrawOffer(`the ${other(side)} have not offered a draw`);
      }
      Object.assign(game, { status: 'finished', winner: 'draw', reason: 'draw_agreed', drawOfferedBy: null });
    });
  }

  async exportGame(id: string, format: string): Promise<{ contentType: string; body: string | object }> {
    if (format !== 'otg' && format !== 'json') {
      throw ProblemError.invalidField('format', 'format must be otg or json');
    }
    const { game, moves } = await this.db.read(async (m) => {
      const g = await this.load(m, id, false);
      return { game: g, moves: await this.movesOf(m, id) };
    });
    const state = this.replay(game, moves);
    if (format === 'json') {
      return { contentType: 'application/json', body: { ...this.view(game, moves), plies: state.plies.map((move, index) => ({ index, move })) } };
    }
    return { contentType: 'text/plain; charset=utf-8', body: this.toRecord(game, state) };
  }

  private toRecord(game: GameEntity, state: GameState): string {
    const v = state.v;
    const [board, sideLetter] = game.startPosition.split(' ');
    const result = game.winner === 'attackers' ? '1' : game.winner === 'defenders' ? '-1' : game.winner === 'draw' ? '0' : '';
    const tags: Record<string, string> = { date: game.createdAt.toISOString().slice(0, 10).replace(/-/g, '.') };
    if (game.players?.attackers) tags.attackers = clean(game.players.attackers);
    if (game.players?.defenders) tags.defenders = clean(game.players.defenders);
    if (result) tags.result = result;
    if (game.reason) tags.termination = game.reason;
    tags.variant = v.id;
    tags.compiler = 'tafl-rules-service';
    const rules = otgRulesString({ dim: String(v.geo.size), name: v.id, atkf: sideLetter === 'a' ? 'y' : 'n', start: tfenBoardToOtgPosition(board) });
    return toOtg({
      tags,
      rules,
      plies: state.plies
        .filter((p) => p.from !== null)
        .map((p) => ({ from: p.from!, to: p.to!, captures: p.captures })),
      // `---` can only stand in the resigning side's own slot; the result tag always carries the winner.
      resigned: game.reason === 'resigned' && game.winner === (sideLetterOf(game.position) === 'a' ? 'defenders' : 'attackers'),
    });
  }

  async importGame(variantId: string, record: string): Promise<CreatedGameView> {
    const v = this.variant(variantId);
    const parsed = parseOtg(String(record));
    if (!parsed.ok) {
      const e = parsed.error;
      throw ProblemError.badInput(`the record cannot be read: ${e.reason} (line ${e.line})`, [
        { code: 'BAD_RECORD', field: 'record', message: `${e.reason} (line ${e.line}${e.token ? `, "${e.token}"` : ''})` },
      ]);
    }
    const g = parsed.game;
    let position: string | null = null;
    if (g.rules?.start) {
      const board = otgPositionToTfenBoard(g.rules.start, v.geo.size);
      if (!board.ok) {
        throw ProblemError.badInput(`the record's start position cannot be read: ${board.reason}`, [
          { code: 'BAD_RECORD', field: 'record', message: board.reason },
        ]);
      }
      position = `${board.board} ${g.firstSide === 'attackers' ? 'a' : 'd'}`;
    }
    const state = loadState(v, { position, moves: g.plies.map((p) => p.notation) });
    if (!state.ok) {
      const e = state.error;
      if (e.kind === 'illegal-move') throw illegal(e.illegal.index, e.illegal.move, e.illegal.reason, e.illegal.message);
      throw ProblemError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
    }
    const players = { attackers: g.tagMap.attackers ?? null, defenders: g.tagMap.defenders ?? null };
    // A game the moves leave ongoing may still have ended off the board: trust the result tag for the
    // winner (a `---` can only be written in the side-to-move's slot), and the termination for a draw.
    const extra: Partial<GameEntity> = {};
    if (state.value.outcomeInfo().status === 'ongoing') {
      const byTag = ({ '1': 'attackers', '-1': 'defenders', '0': 'draw' } as Record<string, string>)[g.tagMap.result ?? ''];
      if (g.resigned || g.tagMap.termination === 'resigned') {
        const winner = byTag === 'attackers' || byTag === 'defenders' ? byTag : g.resigned ? other(g.resigned) : null;
        if (winner) Object.assign(extra, { status: 'finished', winner, reason: 'resigned' });
      } else if (g.tagMap.termination === 'draw_agreed' && byTag === 'draw') {
        Object.assign(extra, { status: 'finished', winner: 'draw', reason: 'draw_agreed' });
      }
    }
    return this.insert(state.value, { variant: variantId, players, metadata: { importedTags: g.tagMap } }, startOf(v, position), extra);
  }
}

/** Rows for the state's plies from `fromPly` on; sides alternate from the game's start position. */
function moveRows(game: GameEntity, state: GameState, fromPly: number, at: Date): MoveEntity[] {
  const first: Side = game.startPosition.endsWith(' d') ? 'defenders' : 'attackers';
  return state.plies.slice(fromPly).map((p, i) => {
    const ply = fromPly + i;
    return Object.assign(new MoveEntity(), {
      gameId: game.id,
      ply,
      move: p.from === null ? 'pass' : `${p.from}-${p.to}`,
      notation: p.notation,
      side: ply % 2 === 0 ? first : other(first),
      createdAt: at,
    });
  });
}

function startOf(v: CompiledVariant, position: string | null): string {
  if (position) {
    const s = GameState.fromTfen(v, position);
    if (s.ok) return s.state.tfen();
  }
  return GameState.start(v).tfen();
}

function outcomeOf(game: GameEntity): OutcomeView {
  if (game.status === 'ongoing') return outcomeView({ status: 'ongoing', winner: null, reason: null });
  return outcomeView({ status: 'finished', winner: game.winner as Winner, reason: game.reason as OutcomeReason });
}

function illegal(index: number, move: unknown, reason: IllegalReason, message: string): ProblemError {
  return ProblemError.illegalMove({ index, move, reason, message });
}

function sideLetterOf(position: string): string {
  return position.slice(-1);
}

function clean(s: string): string {
  return s.replace(/[\]\n\r]/g, ' ');
}

function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

function encodeCursor(g: GameEntity): string {
  return Buffer.from(JSON.stringify({ at: g.createdAt.toISOString(), id: g.id })).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof c.at === 'string' && typeof c.id === 'string' && isUuid(c.id) && !Number.isNaN(Date.parse(c.at))) return c;
  } catch {
    /* fall through */
  }
  throw new ProblemError({ code: 'BAD_USER_INPUT', detail: 'cursor is not one this service issued', errors: [{ code: 'INVALID_FIELD', field: 'cursor', message: 'bad cursor' }] });
}
