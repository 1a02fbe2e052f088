/**
 * Stored games: create, read, list, play with per-side tokens, resign, draws, export and import. This
 * is the orchestration: who may act and when, what the engine says of a move, what the outcome becomes.
 * Every change also appends its event (events/) in the same transaction, numbered by the game's
 * `lastSeq`. Queries live in GamesRepository, views in game.mapper, records in game-record.
 *
 * A move on a game this instance holds in memory (hot-games) is decided on that copy and written as one
 * statement conditional on the game's seq; when the copy is not there, not current, or a refusal is due,
 * the move takes the locked path (row lock, the moves read again), which decides every answer as before.
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
import { encodeCursor } from './cursor';
import { ListParameters, parseListQuery } from './list-query';
import { ComputerSide, GameEntity } from './entities/game.entity';
import { ClockState, afterMove, deadlineOf, hasFlagged, initialClock, restoredClock } from './clocks/clock';
import { ServiceClock } from './clocks/service-clock';
import { GameOptions, TimeControl, parseOptions, parseStartAt, parseTimeControl } from './clocks/time-control';
import { GameEventKind, GameStateFields, gameStateEvent, stateFields } from './events/game-event';
import { NewDelivery, WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { newWebhookSecret } from './webhooks/webhook-signature';
import { WebhookHosts } from './webhooks/webhook-url';
import { WebhookDeliveriesView } from './webhooks/webhook.views';
import { GameEventsRepository } from './events/game-events.repository';
import { parseGameRecord, readGameRecord, writeGameRecord } from './game-record';
import type { OtgGame } from '../records/otg';
import { parseOtn } from '../records/otn-parse';
import type { CatalogEntry } from '../variants';
import {
  Side,
  clocksAt,
  moveOfNotation,
  moverAt,
  notationsOf,
  otherSide,
  sideToMove,
  toExportJson,
  toGameView,
  toMoveRows,
} from './game.mapper';
import { BulkCreatedView, CreatedGameView, GamePageView, GameView, PlayedMoveView } from './game.views';
import { GameChanges, GamesRepository, StoredGame, isDuplicateMove } from './games.repository';
import { HotGame, HotGames } from './hot-games';
import { LockedGame } from './locked-game';
import { MovesJson } from './moves-json';
import { withMovesItems } from './played-move.json';
import { hashToken, newToken, tokenOf } from './tokens';

export interface CreateGameInput {
  variant: string;
  computer?: { side: Side; level?: number; budgetMs?: number } | null;
  position?: string | null;
  players?: { attackers?: string | null; defenders?: string | null } | null;
  metadata?: Record<string, unknown> | null;
  timeControl?: unknown;
  startAt?: string | null;
  options?: unknown;
  webhook?: unknown;
}

/** Bulk creation takes at most this many games in one call (api.md section 8). */
export const MAX_BULK_GAMES = 100;

/** A create input checked and turned into what a game row needs. */
interface PreparedGame {
  state: GameState;
  input: CreateGameInput;
  startPosition: string;
  timeControl: TimeControl | null;
  startAt: number | null;
  options: GameOptions;
  webhookUrl: string | null;
}

type NewGame = StoredGame & { tokens: CreatedGameView['tokens']; webhookSecret: string | null };

/** The outcome of a locked act: its value, or the game it found out of time (finished now, act refused). */
type Locked<T> = { flagged: false; value: T } | { flagged: true; game: GameEntity };

/** Games the flag-fall scheduler finishes per transaction. */
const DUE_PER_SWEEP = 200;

export interface ComputerTurn {
  v: CompiledVariant;
  startPosition: string;
  moves: string[];
  computer: ComputerSide;
}

/** What a change listener hears of a committed change: enough to know whose turn it is. */
export type GameChange = Pick<GameEntity, 'id' | 'ply' | 'position' | 'status' | 'computer'>;

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
    private readonly clock: ServiceClock,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly webhookHosts: WebhookHosts,
    private readonly hot: HotGames,
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
  private replay({ game, moves }: StoredGame): Promise<GameState> {
    return this.replayMoves(
      game,
      moves.map((m) => m.move),
    );
  }

  /** The engine state after `moves` (as the `move` column holds them) from the game's start. */
  private async replayMoves(game: GameEntity, moves: string[]): Promise<GameState> {
    recordReplay(1 + moves.length);
    const r = loadState(await this.variant(game.variant), { position: game.startPosition, moves });
    if (!r.ok) throw new Error(`stored game ${game.id} no longer replays: ${JSON.stringify(r.error)}`);
    return r.value;
  }

  /** The game as both transports answer it, with picture URLs and the GraphQL board's source. */
  private async view(game: GameEntity, notations: readonly string[], now = this.clock.now()): Promise<GameView> {
    return this.viewOf(await this.variant(game.variant), game, notations, now);
  }

  /** view() when the variant is at hand (a played game's state has it). */
  private viewOf(v: CompiledVariant, game: GameEntity, notations: readonly string[], now: number): GameView {
    const last = notations.length > 0 ? moveOfNotation(notations[notations.length - 1]) : 'pass';
    const [from, to] = last === 'pass' ? [] : last.split('-');
    const image = gameImages(this.config.publicBaseUrl, game.id, game.ply);
    const view = toGameView(game, notations, now);
    if (image) view.image = image;
    return withBoardSource(view, { v, position: game.position, lastMove: from && to ? { from, to } : null, image });
  }

  private async read(id: string): Promise<StoredGame> {
    const found = await this.games.findWithMoves(id);
    if (!found) throw ProblemError.gameNotFound(id);
    return found;
  }

  /**
   * The locked game's moves and state: the cache's entry if it holds this seq (no move row read, no
   * replay), else the move rows, replayed when the act asks for the state. The entry is taken out
   * either way: one held at another seq is of no use any more.
   */
  private async hold(m: EntityManager, game: GameEntity): Promise<LockedGame> {
    const cached = this.hot.take(game.id);
    if (cached && cached.game.lastSeq === game.lastSeq) {
      return new LockedGame(game, cached, cached.notations, () => Promise.resolve(cached.state));
    }
    const moves = await this.games.movesOf(m, game.id);
    return new LockedGame(game, null, notationsOf(moves), () => this.replay({ game, moves }));
  }

  /** Keeps an entry after a committed change, as long as the game can still be played. */
  private keep(entry: HotGame | null, id: string): void {
    if (entry && entry.game.status === 'ongoing') this.hot.put(entry);
    else this.hot.drop(id);
  }

  /** A new game row and its move rows (an import's), with tokens shown once. */
  private newGame(p: PreparedGame, now: number, extra: Partial<GameEntity> = {}): NewGame {
    const tokens = { attackers: newToken(), defenders: newToken() };
    const webhookSecret = p.webhookUrl ? newWebhookSecret() : null;
    const at = new Date(now);
    const outcome = p.state.outcomeInfo();
    const game: GameEntity = Object.assign(new GameEntity(), {
      id: randomUUID(),
      variant: p.state.v.id,
      startPosition: p.startPosition,
      position: p.state.tfen(),
      ply: p.state.plies.length,
      status: outcome.status,
      winner: outcome.winner,
      reason: outcome.reason,
      players: { attackers: p.input.players?.attackers ?? null, defenders: p.input.players?.defenders ?? null },
      metadata: p.input.metadata ?? {},
      attackersTokenHash: hashToken(tokens.attackers),
      defendersTokenHash: hashToken(tokens.defenders),
      drawOfferedBy: null,
      takebackOfferedBy: null,
      timeControl: p.timeControl,
      clock: p.timeControl ? initialClock(p.timeControl, p.startAt ?? now) : null,
      deadline: null,
      options: p.options,
      webhookUrl: p.webhookUrl,
      webhookSecret,
      computer: p.input.computer
        ? { side: p.input.computer.side, level: p.input.computer.level ?? 5, budgetMs: p.input.computer.budgetMs ?? 1000 }
        : null,
      lastSeq: 0,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    game.deadline = deadlineColumn(game);
    const moves = toMoveRows(game, p.state, 0, at);
    return { game, moves, tokens, webhookSecret };
  }

  /** Checks one create input; `at` prefixes the fields of its problems (`games[3].`) in a bulk call. */
  private async prepare(input: CreateGameInput, at = ''): Promise<PreparedGame> {
    const v = (await this.variants.resolve(input.variant))?.compiled;
    if (!v) throw ProblemError.variantNotFound(String(input.variant), 'body', `${at}variant`);
    const r = loadState(v, { position: input.position ?? null });
    if (!r.ok) {
      const errors = r.error.kind === 'bad-input' ? r.error.errors : [];
      throw ProblemError.badInput(
        errors.map((e) => `${at}${e.message}`).join('; '),
        at ? errors.map((e) => ({ ...e, field: `${at}position` })) : errors,
      );
    }
    return {
      state: r.value,
      input,
      startPosition: r.value.tfen(),
      timeControl: parseTimeControl(input.timeControl, `${at}timeControl`),
      startAt: parseStartAt(input.startAt, `${at}startAt`),
      options: parseOptions(input.options, `${at}options`),
      webhookUrl: this.webhookHosts.parse(input.webhook, `${at}webhook`),
    };
  }

  private async store(made: NewGame[], now: number): Promise<CreatedGameView[]> {
    await this.games.insertGames(made);
    for (const { game } of made) this.changed(game);
    return Promise.all(
      made.map(async ({ game, moves, tokens, webhookSecret }) => ({
        id: game.id,
        tokens,
        webhookSecret,
        game: await this.view(game, notationsOf(moves), now),
      })),
    );
  }

  async create(input: CreateGameInput): Promise<CreatedGameView> {
    const p = await this.prepare(input);
    const now = this.clock.now();
    const [created] = await this.store([this.newGame(p, now)], now);
    return created;
  }

  /** A tournament round: every game checked first, then all stored in one transaction, or none. */
  async createMany(inputs: CreateGameInput[], webhook?: unknown): Promise<BulkCreatedView> {
    if (!Array.isArray(inputs) || inputs.length < 1 || inputs.length > MAX_BULK_GAMES) {
      throw ProblemError.invalidField('games', `games must be a list of 1 to ${MAX_BULK_GAMES} create inputs`);
    }
    // A webhook given beside the games is every game's that names none of its own.
    const prepared: PreparedGame[] = [];
    for (const [i, input] of inputs.entries())
      prepared.push(await this.prepare({ ...input, webhook: input.webhook ?? webhook }, `games[${i}].`));
    const now = this.clock.now();
    return {
      games: await this.store(
        prepared.map((p) => this.newGame(p, now)),
        now,
      ),
    };
  }

  async get(id: string): Promise<GameView> {
    const { game, moves } = await this.read(id);
    return this.view(game, notationsOf(moves));
  }

  async list(q: ListParameters): Promise<GamePageView> {
    const query = parseListQuery(q, (id) => this.variants.get(id) !== undefined);
    const page = await this.games.page(query);
    const last = page.games[page.games.length - 1];
    const now = this.clock.now();
    return {
      items: await Promise.all(page.games.map(({ game, moves }) => this.view(game, notationsOf(moves), now))),
      nextCursor: page.more && last ? encodeCursor(last.game) : null,
    };
  }

  /** Which side a token belongs to in this game, or 401. */
  private sideOf(game: GameEntity, token: string | null): Side {
    const side = token ? tokenOf<Side>(token, { attackers: game.attackersTokenHash, defenders: game.defendersTokenHash }) : null;
    if (side) return side;
    throw ProblemError.unauthorized(
      token ? 'the token does not belong to this game' : 'send "Authorization: Bearer <token>" with a side\'s token',
    );
  }

  /**
   * Runs `act` on the game under its row lock, for the side whose token it is, at one instant `now`. The
   * clock is looked at first: a side to move whose time has run out loses on time, that is committed
   * (event `timeout`), and the act is refused with GAME_OVER. The cache keeps what was committed, or
   * gets its entry back when the act was refused before changing it.
   */
  private async locked<T>(
    id: string,
    token: string | null,
    act: (m: EntityManager, g: LockedGame, side: Side, now: number) => Promise<T>,
    byComputer = false,
  ): Promise<T> {
    let held: LockedGame | null = null;
    let out: Locked<T>;
    try {
      out = await this.games.transaction(async (m): Promise<Locked<T>> => {
        const game = await this.games.lockGame(m, id);
        if (!game) throw ProblemError.gameNotFound(id);
        const computer = game.computer;
        const side = byComputer && computer ? computer.side : this.sideOf(game, token);
        const now = this.clock.now();
        if (await this.finishIfFlagged(m, game, now)) return { flagged: true, game };
        held = await this.hold(m, game);
        return { flagged: false, value: await act(m, held, side, now) };
      });
    } catch (e) {
      const back = (held as LockedGame | null)?.rolledBack();
      if (back) this.hot.put(back);
      throw e;
    }
    if (out.flagged) {
      this.hot.drop(id);
      throw gameOver(out.game);
    }
    this.keep((held as LockedGame | null)?.committed() ?? null, id);
    return out.value;
  }

  /**
   * Writes a change of the locked game with its event: the flag-fall deadline follows the new state,
   * and the event carries the clocks as of `now`.
   */
  private async commit(m: EntityManager, game: GameEntity, changes: GameChanges, kind: GameEventKind, move: MoveInfo | null, now: number) {
    Object.assign(game, changes, { lastSeq: game.lastSeq + 1, updatedAt: new Date(now) });
    const deadline = deadlineColumn(game);
    game.deadline = deadline;
    await this.games.updateGame(m, game.id, { ...changes, deadline, lastSeq: game.lastSeq, updatedAt: game.updatedAt });
    const fields = stateFields(game, move, now);
    await this.events.append(m, game.id, game.lastSeq, kind, fields, game.updatedAt);
    // The outbox row is part of the change: committed with it or not at all.
    if (game.webhookUrl) await this.deliveries.enqueueMany(m, [deliveryOf({ game, kind, fields })]);
  }

  /** The webhook delivery log of a game, for either side's token holder. */
  async webhookDeliveries(id: string, token: string | null): Promise<WebhookDeliveriesView> {
    const { game } = await this.read(id);
    this.sideOf(game, token);
    const rows = await this.deliveries.log(id);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      items: rows.map((r) => ({
        ...r,
        nextAttemptAt: iso(r.nextAttemptAt),
        deliveredAt: iso(r.deliveredAt),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /**
   * If the side to move of the locked game has run out of time at `now`, finishes it (the other side
   * wins, reason timeout) and says so. The play path and every locked act come here first.
   */
  private async finishIfFlagged(m: EntityManager, game: GameEntity, now: number): Promise<boolean> {
    const changes = timeoutChanges(game, now);
    if (!changes) return false;
    await this.commit(m, game, changes, 'timeout', null, now);
    return true;
  }

  /**
   * The flag-fall scheduler's step (clocks/timeout-scheduler): the games whose deadline has passed,
   * locked (SKIP LOCKED: none another transaction holds), finished by the same timeoutChanges as the
   * play path, written as one conditional UPDATE, one INSERT of their events and one of their webhook
   * deliveries. Answers how many it finished.
   */
  async finishDueGames(): Promise<number> {
    return this.games.transaction(async (m) => {
      const now = this.clock.now();
      const finished: GameEntity[] = [];
      const events: AppendedEvent[] = [];
      for (const game of await this.games.lockDue(m, new Date(now), DUE_PER_SWEEP)) {
        const changes = timeoutChanges(game, now);
        if (!changes) continue;
        Object.assign(game, changes, { deadline: null, lastSeq: game.lastSeq + 1, updatedAt: new Date(now) });
        finished.push(game);
        events.push({ game, kind: 'timeout', fields: stateFields(game, null, now) });
      }
      if (finished.length === 0) return 0;
      await this.games.finishOnTime(m, finished);
      // Their cached copies could only send their next play the long way round.
      for (const game of finished) this.hot.drop(game.id);
      await this.events.appendMany(
        m,
        events.map((e) => ({ gameId: e.game.id, seq: e.game.lastSeq, event: e.kind, state: e.fields, at: e.game.updatedAt })),
      );
      await this.deliveries.enqueueMany(m, events.filter((e) => e.game.webhookUrl).map(deliveryOf));
      return finished.length;
    });
  }

  /** Listeners told of every committed change (the computer player starts its move from here). */
  private readonly listeners = new Set<(game: GameChange) => void>();

  onChange(listener: (game: GameChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(game: GameChange): void {
    for (const l of this.listeners) l(game);
  }

  private changedView(view: GameView): void {
    const c = view.computer;
    const computer = c ? { side: c.side, level: c.level ?? 5, budgetMs: c.budgetMs ?? 1000 } : null;
    this.changed({ id: view.id, ply: view.ply, position: view.position, status: view.outcome.status, computer });
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
    try {
      const played =
        (await this.playHot(id, token, move, expectedPly, byComputer)) ??
        (await this.locked(
          id,
          token,
          (m, g, side, now) => {
            if (!byComputer && g.game.computer?.side === side) {
              throw ProblemError.notYourTurn(`the service plays the ${side} of this game itself`);
            }
            return this.playAs(m, g, side, move, expectedPly, now);
          },
          byComputer,
        ));
      this.changedView(played.game);
      return played;
    } catch (e) {
      // Without a row lock (or if it was bypassed) the (game, ply) key still refuses a second write.
      if (isDuplicateMove(e)) {
        throw ProblemError.stalePly(`ply ${expectedPly} was just played by another request; read the game and retry`);
      }
      throw e;
    }
  }

  /**
   * A play decided on this instance's copy of the game (hot-games) and written as one statement that
   * applies only if the game's seq is still the copy's. Null whenever the locked path must answer: no
   * copy, a copy another change has overtaken (the write matched nothing), or any refusal but a wrong
   * token (the token hashes never change; the locked path checks them first too), so that every refusal
   * is decided on the game as stored, exactly as before.
   */
  private async playHot(
    id: string,
    token: string | null,
    move: string,
    expectedPly: number,
    byComputer: boolean,
  ): Promise<PlayedMoveView | null> {
    const hot = this.hot.peek(id);
    if (!hot) return null;
    const { game, state } = hot;
    const computer = game.computer;
    const side = byComputer && computer ? computer.side : this.sideOf(game, token);
    if (!byComputer && computer?.side === side) return null;
    const now = this.clock.now();
    if (timeoutChanges(game, now) || expectedPly !== game.ply || game.status !== 'ongoing' || side !== sideToMove(game.position))
      return null;
    const checked = state.check(move);
    if (!checked.ok) return null;
    // Taken before the state changes (nothing awaited since the peek): no other request can see it
    // until the write has said it was current.
    this.hot.take(id);
    recordReplay(1);
    const info = state.play(checked.value);
    const [row] = toMoveRows(game, state, game.ply, new Date(now));
    row.clockBefore = game.clock;
    const next: GameEntity = Object.assign(new GameEntity(), game, this.moveChanges(game, state, side, now), {
      lastSeq: game.lastSeq + 1,
      updatedAt: new Date(now),
    });
    next.deadline = deadlineColumn(next);
    const fields = stateFields(next, info, now);
    const delivery = next.webhookUrl ? deliveryOf({ game: next, kind: 'move', fields }) : null;
    const written = await this.games.playIfCurrent(game.lastSeq, { game: next, move: row, event: fields, delivery });
    this.hot.counts[written ? 'written' : 'overtaken']++;
    if (!written) return null;
    hot.game = next;
    hot.notations.push(row.notation);
    const movesJson = (hot.movesJson ??= new MovesJson());
    movesJson.catchUp(hot.notations);
    const view = withMovesItems(this.viewOf(state.v, next, hot.notations, now), movesJson.items());
    this.keep(hot, id);
    return { game: view, move: info };
  }

  /** What a move by `side` at `now` changes in the game row, `state` being the position after it. */
  private moveChanges(game: GameEntity, state: GameState, side: Side, now: number): GameChanges {
    const outcome = state.outcomeInfo();
    return {
      position: state.tfen(),
      ply: game.ply + 1,
      status: outcome.status,
      winner: outcome.winner,
      reason: outcome.reason,
      // A move withdraws any standing offer.
      drawOfferedBy: null,
      takebackOfferedBy: null,
      clock: game.timeControl && game.clock ? afterMove(game.timeControl, game.clock, side, now) : null,
    };
  }

  /** The locked play path: `side` plays `move` on the locked game at `now` (its clock already checked). */
  private async playAs(
    m: EntityManager,
    g: LockedGame,
    side: Side,
    move: string,
    expectedPly: number,
    now: number,
  ): Promise<PlayedMoveView> {
    const { game } = g;
    if (expectedPly !== game.ply) {
      throw ProblemError.stalePly(`expectedPly is ${expectedPly} but the game is at ply ${game.ply}; read the game and retry`);
    }
    if (game.status === 'finished') throw gameOver(game, move);
    const toMove = sideToMove(game.position);
    if (side !== toMove) throw ProblemError.notYourTurn(`it is the ${toMove}' turn; this is the ${side}' token`);
    const state = await g.state();
    const checked = state.check(move);
    if (!checked.ok) throw illegal(game.ply, move, checked.error.reason, checked.error.message);
    g.changing();
    const info = state.play(checked.value);
    const [row] = toMoveRows(game, state, game.ply, new Date(now));
    row.clockBefore = game.clock;
    await this.games.appendMove(m, row);
    await this.commit(m, game, this.moveChanges(game, state, side, now), 'move', info, now);
    g.notations.push(row.notation);
    return { game: this.viewOf(state.v, game, g.notations, now), move: info };
  }

  /** Resign, offers and acceptances: changes the game row (a takeback also its moves) and appends the event `kind`. */
  private async decide(
    id: string,
    token: string | null,
    kind: GameEventKind,
    act: (m: EntityManager, g: LockedGame, side: Side, now: number) => Promise<GameChanges> | GameChanges,
  ): Promise<{ game: GameView }> {
    const decided = await this.locked(id, token, async (m, g, side, now) => {
      const { game } = g;
      if (game.status === 'finished') throw gameOver(game);
      const changes = await act(m, g, side, now);
      await this.commit(m, game, changes, kind, null, now);
      return { game: await this.view(game, g.notations, now) };
    });
    // A takeback can give the turn back to a computer side.
    this.changedView(decided.game);
    return decided;
  }

  resign(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'resign', (_m, _s, side) => ({
      status: 'finished',
      winner: otherSide(side),
      reason: 'resigned',
      drawOfferedBy: null,
      takebackOfferedBy: null,
    }));
  }

  offerDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'draw_offer', (_m, { game }, side) => {
      if (!game.options.drawOffers) throw ProblemError.optionDisabled('drawOffers', 'this game was created without draw offers');
      return { drawOfferedBy: side };
    });
  }

  acceptDraw(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'draw_accept', (_m, { game }, side) => {
      if (game.drawOfferedBy !== otherSide(side)) {
        throw ProblemError.noDrawOffer(`the ${otherSide(side)} have not offered a draw`);
      }
      return { status: 'finished', winner: 'draw', reason: 'draw_agreed', drawOfferedBy: null, takebackOfferedBy: null };
    });
  }

  /** By the side that made the last move, in a game created with options.takebacks; a move withdraws it. */
  offerTakeback(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'takeback_offer', (_m, { game, notations }, side) => {
      if (!game.options.takebacks) throw ProblemError.optionDisabled('takebacks', 'this game was created without takebacks');
      if (notations.length === 0) throw ProblemError.noTakebackOffer('no move has been played: there is nothing to take back');
      const mover = moverAt(game, notations.length - 1);
      if (mover !== side) throw ProblemError.notYourTurn(`only the ${mover}, who made the last move, may offer to take it back`);
      return { takebackOfferedBy: side };
    });
  }

  /** By the other side: the last move goes, and both clocks are as they were before it (the mover's running from now). */
  acceptTakeback(id: string, token: string | null): Promise<{ game: GameView }> {
    return this.decide(id, token, 'takeback', async (m, g, side, now) => {
      const { game } = g;
      if (game.takebackOfferedBy !== otherSide(side) || g.notations.length === 0) {
        throw ProblemError.noTakebackOffer(`the ${otherSide(side)} have not offered to take back their move`);
      }
      const last = g.notations.length - 1;
      const kept = g.notations.slice(0, last);
      const clockBefore = await this.games.clockBefore(m, game.id, last);
      const state = await this.replayMoves(game, kept.map(moveOfNotation));
      await this.games.deleteMove(m, game.id, last);
      g.replace(state, kept);
      const outcome = state.outcomeInfo();
      return {
        position: state.tfen(),
        ply: kept.length,
        status: outcome.status,
        winner: outcome.winner,
        reason: outcome.reason,
        drawOfferedBy: null,
        takebackOfferedBy: null,
        clock: clockBefore ? restoredClock(clockBefore, now) : game.clock,
      };
    });
  }

  async exportGame(id: string, format: string): Promise<{ contentType: string; body: string | object }> {
    if (format !== 'otg' && format !== 'json') {
      throw ProblemError.invalidField('format', 'format must be otg or json');
    }
    const stored = await this.read(id);
    const state = await this.replay(stored);
    const entry = await this.entry(stored.game.variant);
    const now = this.clock.now();
    if (format === 'json') return { contentType: 'application/json', body: toExportJson(stored.game, stored.moves, state, now) };
    return { contentType: 'text/plain; charset=utf-8', body: writeGameRecord(stored.game, state, entry, clocksAt(stored.game, now)) };
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
    const input = { variant: v.id, players: r.players, metadata: { importedTags: r.tags } };
    const prepared: PreparedGame = {
      state: state.value,
      input,
      startPosition: r.startPosition,
      timeControl: null,
      startAt: null,
      options: parseOptions(null),
      webhookUrl: null,
    };
    const now = this.clock.now();
    const [created] = await this.store([this.newGame(prepared, now, extra)], now);
    return created;
  }
}

/** The refusal of an act on a finished game (a late move included: the flag fell first). */
function gameOver(game: GameEntity, move: unknown = null): ProblemError {
  return illegal(game.ply, move, 'GAME_OVER', `the game is over (${game.reason})`);
}

/**
 * The one place a flag falls: if the side to move of an ongoing game has run out of time at `now`,
 * the changes that finish the game (the other side wins, reason timeout, the loser's clock at 0);
 * null otherwise. Callers hold the game's row lock, so it is finished on time exactly once.
 */
function timeoutChanges(game: GameEntity, now: number): GameChanges | null {
  const tc = game.timeControl;
  if (game.status !== 'ongoing' || !tc || !game.clock) return null;
  const toMove = sideToMove(game.position);
  if (!hasFlagged(tc, game.clock, toMove, now)) return null;
  const clock: ClockState = { ...game.clock, [`${toMove}Ms`]: 0 };
  if (tc.type === 'byoyomi') clock[`${toMove}Periods`] = 0;
  return { status: 'finished', winner: otherSide(toMove), reason: 'timeout', drawOfferedBy: null, takebackOfferedBy: null, clock };
}

interface AppendedEvent {
  game: GameEntity;
  kind: GameEventKind;
  fields: GameStateFields;
}

/** The outbox row of an event of a game with a webhook: the stream's gameState JSON and the game's id. */
function deliveryOf({ game, kind, fields }: AppendedEvent): NewDelivery {
  const body = JSON.stringify({ gameId: game.id, ...gameStateEvent(game.lastSeq, kind, fields) });
  return { gameId: game.id, seq: game.lastSeq, url: game.webhookUrl!, body, at: game.updatedAt };
}

/** When the side to move flags: only while an ongoing game has a clock. */
function deadlineColumn(game: GameEntity): Date | null {
  if (game.status !== 'ongoing' || !game.timeControl || !game.clock) return null;
  return new Date(deadlineOf(game.timeControl, game.clock, sideToMove(game.position)));
}

function illegal(index: number, move: unknown, reason: IllegalReason, message: string): ProblemError {
  return ProblemError.illegalMove({ index, move, reason, message });
}
