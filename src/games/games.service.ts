/**
 * Stored games: create, read, list, play with per-side tokens, resign, draws, export and import. This
 * is the orchestration: who may act and when, what the engine says of a move, what the outcome becomes.
 * Every change also appends its event (events/) in the same transaction, numbered by the game's
 * `lastSeq`. Queries live in GamesRepository, views in game.mapper, records in game-record.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CompiledVariant, GameState, IllegalReason, MoveInfo, Position, loadState } from '../engine';
import { VariantCatalog } from '../variants/variant-catalog';
import { withBoardSource } from '../http/board-field';
import { ProblemError } from '../http/problem-error';
import { gameImages } from '../http/views/image-links.view';
import { recordReplay } from '../http/rate-limit/request-work';
import { decodeCursor, encodeCursor } from './cursor';
import { ComputerSide, GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { GameEventKind, stateFields } from './events/game-event';
import { GameEventsRepository } from './events/game-events.repository';
import { parseGameRecord, readGameRecord, writeGameRecord } from './game-record';
import type { OtgGame } from '../records/otg';
import { parseOtn } from '../records/otn-parse';
import type { CatalogEntry } from '../variants';
import { Side, otherSide, sideToMove, toExportJson, toGameView, toMoveRows } from './game.mapper';
import { CreatedGameView, GamePageView, GameView, PlayedMoveView } from './game.views';
import { GamesRepository, StoredGame, isDuplicateMove } from './games.repository';
import { hashToken, newToken, tokenMatches } from './tokens';

export interface CreateGameInput {
  variant: string;
  computer?: { side: Side; level?: number; budgetMs?: number } | null;
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

export interface ComputerTurn {
  v: CompiledVariant;
  startPosition: string;
  moves: string[];
  computer: ComputerSide;
}

export interface GamePicture {
  v: CompiledVariant;
  state: GameState;
  last: MoveInfo | null;
  start: Position;
  moves: string[];
  ply: number;
  current: boolean;
}

@Injectable()
export class GamesService {
  constructor(
    private readonly games: GamesRepository,
    private readonly events: GameEventsRepository,
    private readonly variants: VariantCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A built-in or registered custom variant (a custom one may be loaded from the database). */
  private async entry(id: string): Promise<CatalogEntry> {
    const entry = await this.variants.resolve(id);
    if (!entry) throw ProblemError.variantNotFound(String(id));
    return entry;
  }

  private async variant(id: string): Promise<CompiledVariant> {
    return (await this.entry(id)).compiled;
  }

  /** The engine state of a stored game, rebuilt from its moves (repetition needs the whole history). */
  private async replay({ game, moves }: StoredGame): Promise<GameState> {
    recordReplay(1 + moves.length);
    const r = loadState(await this.variant(game.variant), { position: game.startPosition, moves: moves.map((m) => m.move) });
    if (!r.ok) throw new Error(`stored game ${game.id} no longer replays: ${JSON.stringify(r.error)}`);
    return r.value;
  }

  /** The game as both transports answer it, with picture URLs and the GraphQL board's source. */
  private async view(game: GameEntity, moves: readonly MoveEntity[]): Promise<GameView> {
    const v = await this.variant(game.variant);
    const last = moves.at(-1)?.move ?? 'pass';
    const [from, to] = last === 'pass' ? [] : last.split('-');
    const image = gameImages(this.config.publicBaseUrl, game.id, game.ply);
    const view = toGameView(game, moves);
    if (image) view.image = image;
    return withBoardSource(view, { v, position: game.position, lastMove: from && to ? { from, to } : null, image });
  }

  private async read(id: string): Promise<StoredGame> {
    const found = await this.games.findWithMoves(id);
    if (!found) throw ProblemError.gameNotFound(id);
    return found;
  }

  private async lock(m: EntityManager, id: string): Promise<StoredGame> {
    const found = await this.games.lockForPlay(m, id);
    if (!found) throw ProblemError.gameNotFound(id);
    return found;
  }

  /** Stores a new game (optionally with moves already validated) and returns its tokens once. */
  private async insert(
    state: GameState,
    input: CreateGameInput,
    startPosition: string,
    extra: Partial<GameEntity> = {},
  ): Promise<CreatedGameView> {
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
      computer: input.computer
        ? { side: input.computer.side, level: input.computer.level ?? 5, budgetMs: input.computer.budgetMs ?? 1000 }
        : null,
      lastSeq: 0,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
    const moves = toMoveRows(game, state, 0, now);
    await this.games.insertGame(game, moves);
    this.changed(game);
    return { id: game.id, tokens, game: await this.view(game, moves) };
  }

  async create(input: CreateGameInput): Promise<CreatedGameView> {
    const v = await this.variant(input.variant);
    const r = loadState(v, { position: input.position ?? null });
    if (!r.ok) {
      const errors = r.error.kind === 'bad-input' ? r.error.errors : [];
      throw ProblemError.badInput(errors.map((e) => e.message).join('; '), errors);
    }
    return this.insert(r.value, input, r.value.tfen());
  }

  async get(id: string): Promise<GameView> {
    const { game, moves } = await this.read(id);
    return this.view(game, moves);
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
    const page = await this.games.page({ variant: q.variant, status: q.status, after, limit });
    const last = page.games[page.games.length - 1];
    return {
      items: await Promise.all(page.games.map(({ game, moves }) => this.view(game, moves))),
      nextCursor: page.more && last ? encodeCursor(last.game) : null,
    };
  }

  /** Which side a token belongs to in this game, or 401. */
  private sideOf(game: GameEntity, token: string | null): Side {
    if (token && tokenMatches(token, game.attackersTokenHash)) return 'attackers';
    if (token && tokenMatches(token, game.defendersTokenHash)) return 'defenders';
    throw ProblemError.unauthorized(
      token ? 'the token does not belong to this game' : 'send "Authorization: Bearer <token>" with a side\'s token',
    );
  }

  /** Listeners told of every committed change (the computer player starts its move from here). */
  private readonly listeners = new Set<(game: GameEntity) => void>();

  onChange(listener: (game: GameEntity) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(game: GameEntity): void {
    for (const l of this.listeners) l(game);
  }

  /**
   * The state a computer side searches when it is its turn at `ply` (null otherwise: another move
   * came first, the game ended, or no side is the computer's).
   */
  async computerTurn(id: string, ply: number): Promise<ComputerTurn | null> {
    const { game, moves } = await this.read(id);
    if (!game.computer || game.status !== 'ongoing' || game.ply !== ply || sideToMove(game.position) !== game.computer.side) return null;
    return {
      v: await this.variant(game.variant),
      startPosition: game.startPosition,
      moves: moves.map((x) => x.move),
      computer: game.computer,
    };
  }

  /** A move by a person (with a side's token) or, with `byComputer`, by the service for its computer side. */
  async play(id: string, token: string | null, move: string, expectedPly: number, byComputer = false): Promise<PlayedMoveView> {
    const played = await this.playInTransaction(id, token, move, expectedPly, byComputer);
    this.changed(played.entity);
    return played.answer;
  }

  private async playInTransaction(
    id: string,
    token: string | null,
    move: string,
    expectedPly: number,
    byComputer: boolean,
  ): Promise<{ answer: PlayedMoveView; entity: GameEntity }> {
    try {
      return await this.games.transaction(async (m) => {
        const stored = await this.lock(m, id);
        const { game, moves } = stored;
        const side = byComputer && game.computer ? game.computer.side : this.sideOf(game, token);
        if (!byComputer && game.computer?.side === side) {
          throw ProblemError.notYourTurn(`the service plays the ${side} of this game itself`);
        }
        if (expectedPly !== game.ply) {
          throw ProblemError.stalePly(`expectedPly is ${expectedPly} but the game is at ply ${game.ply}; read the game and retry`);
        }
        if (game.status === 'finished') throw illegal(game.ply, move, 'GAME_OVER', `the game is over (${game.reason})`);
        const toMove = sideToMove(game.position);
        if (side !== toMove) throw ProblemError.notYourTurn(`it is the ${toMove}' turn; this is the ${side}' token`);
        const state = await this.replay(stored);
        const checked = state.check(move);
        if (!checked.ok) throw illegal(game.ply, move, checked.error.reason, checked.error.message);
        const info = state.play(checked.value);
        const now = new Date();
        const [row] = toMoveRows(game, state, game.ply, now);
        await this.games.appendMove(m, row);
        const outcome = state.outcomeInfo();
        const changes = {
          position: state.tfen(),
          ply: game.ply + 1,
          status: outcome.status,
          winner: outcome.winner,
          reason: outcome.reason,
          drawOfferedBy: null,
          lastSeq: game.lastSeq + 1,
          updatedAt: now,
        };
        await this.games.updateGame(m, id, changes);
        Object.assign(game, changes);
        await this.events.append(m, id, game.lastSeq, 'move', stateFields(game, info), now);
        return { answer: { game: await this.view(game, [...moves, row]), move: info }, entity: game };
      });
    } catch (e) {
      // Without a row lock (or if it was bypassed) the (game, ply) key still refuses a second write.
      if (isDuplicateMove(e)) {
        throw ProblemError.stalePly(`ply ${expectedPly} was just played by another request; read the game and retry`);
      }
      throw e;
    }
  }

  /** Resign, offer or accept a draw: changes the game row (no move) and appends the event `kind`. */
  private async decide(
    id: string,
    token: string | null,
    kind: GameEventKind,
    act: (game: GameEntity, side: Side) => void,
  ): Promise<{ game: GameView }> {
    return this.games.transaction(async (m) => {
      const { game, moves } = await this.lock(m, id);
      const side = this.sideOf(game, token);
      if (game.status === 'finished') throw illegal(game.ply, null, 'GAME_OVER', `the game is over (${game.reason})`);
      act(game, side);
      game.updatedAt = new Date();
      game.lastSeq += 1;
      const { status, winner, reason, drawOfferedBy, lastSeq, updatedAt } = game;
      await this.games.updateGame(m, id, { status, winner, reason, drawOfferedBy, lastSeq, updatedAt });
      await this.events.append(m, id, lastSeq, kind, stateFields(game, null), updatedAt);
      return { game: await this.view(game, moves) };
    });
  }

  resign(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'resign', (game, side) =>
      Object.assign(game, { status: 'finished', winner: otherSide(side), reason: 'resigned', drawOfferedBy: null }),
    );
  }

  offerDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'draw_offer', (game, side) => {
      game.drawOfferedBy = side;
    });
  }

  acceptDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'draw_accept', (game, side) => {
      if (game.drawOfferedBy !== otherSide(side)) {
        throw ProblemError.noDrawOffer(`the ${otherSide(side)} have not offered a draw`);
      }
      Object.assign(game, { status: 'finished', winner: 'draw', reason: 'draw_agreed', drawOfferedBy: null });
    });
  }

  async exportGame(id: string, format: string): Promise<{ contentType: string; body: string | object }> {
    if (format !== 'otg' && format !== 'json') {
      throw ProblemError.invalidField('format', 'format must be otg or json');
    }
    const stored = await this.read(id);
    const state = await this.replay(stored);
    const entry = await this.entry(stored.game.variant);
    if (format === 'json') return { contentType: 'application/json', body: toExportJson(stored.game, stored.moves, state) };
    return { contentType: 'text/plain; charset=utf-8', body: writeGameRecord(stored.game, state, entry) };
  }

  /**
   * A stored game as a picture shows it: the state after `ply` moves (the current one without), the move
   * that led there, the start, and the moves up to it. `current`: no ply was asked for.
   */
  async pictureOf(id: string, plyText: unknown): Promise<GamePicture> {
    const stored = await this.read(id);
    const total = stored.moves.length;
    let ply = total;
    if (plyText !== undefined && plyText !== '') {
      const n = typeof plyText === 'string' && /^\d{1,6}$/.test(plyText) ? Number(plyText) : -1;
      if (n < 0 || n > total)
        throw ProblemError.invalidField('ply', `ply must be a whole number from 0 to ${total}, the moves played so far`);
      ply = n;
    }
    const v = await this.variant(stored.game.variant);
    const moves = stored.moves.slice(0, ply).map((m) => m.move);
    recordReplay(1 + ply);
    const state = loadState(v, { position: stored.game.startPosition, moves });
    const start = loadState(v, { position: stored.game.startPosition, moves: [] });
    if (!state.ok || !start.ok) throw new Error(`stored game ${id} no longer replays`);
    return {
      v,
      state: state.value,
      last: state.value.plies.at(-1) ?? null,
      start: start.value.pos,
      moves,
      ply,
      current: ply === total && (plyText === undefined || plyText === ''),
    };
  }

  /**
   * The variant a record is imported under (api.md section 9): the one named in the request; else its
   * `[variant:]` tag when that is a known id (this service's own exports carry it); else the built-in
   * whose rules its `[rules:]` string equals, or a custom variant of those rules (registered once the
   * moves replay, so a refused record stores nothing).
   */
  private async recordVariant(variantId: string | null | undefined, g: OtgGame): Promise<{ entry: CatalogEntry; register: boolean }> {
    if (variantId !== undefined && variantId !== null) return { entry: await this.entry(variantId), register: false };
    const tagged = g.tagMap.variant ? await this.variants.resolve(g.tagMap.variant) : undefined;
    if (tagged) return { entry: tagged, register: false };
    if (!g.rules) {
      throw ProblemError.badInput('the record has no [rules:] tag and no variant was given', [
        { code: 'BAD_RECORD', field: 'variant', message: 'give variant, or a record with a [rules:] tag' },
      ]);
    }
    const parsed = parseOtn(g.rules.text);
    if (!parsed.ok) {
      const problems = parsed.error.map((p) => ({ ...p, field: `record.rules${p.field?.startsWith('otn.') ? p.field.slice(3) : ''}` }));
      throw ProblemError.badInput(`the record's rules cannot be played: ${parsed.error.map((p) => p.message).join('; ')}`, problems);
    }
    const builtIn = this.variants.builtInWithRules(parsed.value.rules);
    if (builtIn) return { entry: builtIn, register: false };
    const source = { name: 'OpenTafl rules string', note: g.rules.text };
    return { entry: this.variants.custom(parsed.value.rules, parsed.value.name, source), register: true };
  }

  async importGame(variantId: string | null | undefined, record: string): Promise<CreatedGameView> {
    const g = parseGameRecord(record);
    const chosen = await this.recordVariant(variantId, g);
    const v = chosen.entry.compiled;
    const r = readGameRecord(v, g);
    // The same cap as every stateless request: a record is replayed in full before anything is stored.
    if (r.moves.length > this.config.maxMoves) throw ProblemError.tooManyMoves(this.config.maxMoves, r.moves.length, 'record');
    recordReplay(1 + r.moves.length);
    const state = loadState(v, { position: r.position, moves: r.moves });
    if (!state.ok) {
      const e = state.error;
      if (e.kind === 'illegal-move') throw illegal(e.illegal.index, e.illegal.move, e.illegal.reason, e.illegal.message);
      throw ProblemError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
    }
    if (chosen.register) await this.variants.register(chosen.entry.rules, chosen.entry.meta.name, g.rules?.text ?? null);
    // An ending the moves already show wins over what the tags claim.
    const extra: Partial<GameEntity> = state.value.outcomeInfo().status === 'ongoing' && r.offBoard ? { ...r.offBoard } : {};
    return this.insert(state.value, { variant: v.id, players: r.players, metadata: { importedTags: r.tags } }, r.startPosition, extra);
  }
}

function illegal(index: number, move: unknown, reason: IllegalReason, message: string): ProblemError {
  return ProblemError.illegalMove({ index, move, reason, message });
}
