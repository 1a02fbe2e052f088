/**
 * Reading stored games: one game whole, a page of summaries, an export, the position a picture shows,
 * the state a computer side searches, the webhook delivery log. Nothing here changes a game.
 */
import { Injectable } from '@nestjs/common';
import { CompiledVariant, GameState, GameStateInput, MoveInfo, Position, loadState } from '../../engine';
import { ProblemError } from '../../http/problem-error';
import { recordReplay } from '../../http/rate-limit/request-work';
import { ServiceClock } from '../clocks/service-clock';
import { ClockReading, ClockState, readClock } from '../clocks/clock';
import type { TimeControl } from '../clocks/time-control';
import { encodeCursor } from '../cursor';
import type { ComputerSide } from '../entities/game.entity';
import { sideOfToken, sideToMove } from '../game-sides';
import { clocksAt } from '../clocks/clocks-of-game';
import { notationsOf, outcomeOf, toExportJson } from '../game.mapper';
import { resultWords } from '../../render';
import { writeGameRecord } from '../game-record';
import { GamePageView, GameView } from '../game.views';
import { GameVariants } from '../game-variants';
import { GameViews } from '../game-views';
import { GamesRepository, StoredGame } from '../games.repository';
import { ListParameters, parseListQuery } from '../list-query';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookDeliveriesView } from '../webhooks/webhook.views';

export interface ComputerTurn {
  v: CompiledVariant;
  startPosition: string;
  moves: string[];
  computer: ComputerSide;
  /** The game's variant id (an external engine is told its rules). */
  variant: string;
  /** The clocks as of the read, with the side to move's running; null without a time control. */
  clock: { timeControl: TimeControl; state: ClockState; reading: ClockReading } | null;
}

export interface GamePicture {
  v: CompiledVariant;
  state: GameState;
  last: MoveInfo | null;
  start: Position;
  moves: string[];
  ply: number;
  current: boolean;
  /** The finished game's result, shown on its last position (api.md section 6); null otherwise. */
  result: string | null;
}

@Injectable()
export class GameReads {
  constructor(
    private readonly games: GamesRepository,
    private readonly variants: GameVariants,
    private readonly views: GameViews,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly clock: ServiceClock,
  ) {}

  private async read(id: string): Promise<StoredGame> {
    const found = await this.games.findWithMoves(id);
    if (!found) throw ProblemError.gameNotFound(id);
    return found;
  }

  async get(id: string): Promise<GameView> {
    const { game, moves } = await this.read(id);
    return this.views.full(await this.variants.variant(game.variant), game, notationsOf(moves), this.clock.now());
  }

  /** The moves of a game, for GraphQL's `moves` of a summary that was made without them. */
  notations(id: string): Promise<string[]> {
    return this.games.notations(id);
  }

  async list(q: ListParameters): Promise<GamePageView> {
    const query = parseListQuery(q, (id) => this.variants.catalog.get(id) !== undefined);
    const page = await this.games.page(query);
    const last = page.games[page.games.length - 1];
    const now = this.clock.now();
    return {
      items: await Promise.all(
        page.games.map(async (g) => this.views.summary(await this.variants.variant(g.game.variant), g.game, g.last, now)),
      ),
      nextCursor: page.more && last ? encodeCursor(last.game) : null,
    };
  }

  async exportGame(id: string, format: string): Promise<{ contentType: string; body: string | object }> {
    if (format !== 'otg' && format !== 'json') {
      throw ProblemError.invalidField('format', 'format must be otg or json');
    }
    const { game, moves } = await this.read(id);
    const entry = await this.variants.entry(game.variant);
    const state = this.variants.replay(
      entry.compiled,
      game,
      moves.map((m) => m.move),
    );
    const now = this.clock.now();
    if (format === 'json') return { contentType: 'application/json', body: toExportJson(game, moves, state, now) };
    return { contentType: 'text/plain; charset=utf-8', body: writeGameRecord(game, state, entry, clocksAt(game, now)) };
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
    const v = await this.variants.variant(stored.game.variant);
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
      result: ply === total ? resultWords(outcomeOf(stored.game)) : null,
    };
  }

  /** A stored game as a stateless operation's state, for a review (api.md section 16). */
  async stateOf(id: string): Promise<{ v: CompiledVariant; input: GameStateInput }> {
    const stored = await this.read(id);
    const v = await this.variants.variant(stored.game.variant);
    recordReplay(1 + stored.moves.length);
    return { v, input: { position: stored.game.startPosition, moves: stored.moves.map((m) => m.move) } };
  }

  /**
   * The state a computer side searches when it is its turn at `ply` (null otherwise: another move
   * came first, the game ended, or no side is the computer's).
   */
  async computerTurn(id: string, ply: number): Promise<ComputerTurn | null> {
    const { game, moves } = await this.read(id);
    if (!game.computer || game.status !== 'ongoing' || game.ply !== ply || sideToMove(game.position) !== game.computer.side) return null;
    return {
      v: await this.variants.variant(game.variant),
      startPosition: game.startPosition,
      moves: moves.map((x) => x.move),
      computer: game.computer,
      variant: game.variant,
      clock:
        game.timeControl && game.clock
          ? {
              timeControl: game.timeControl,
              state: game.clock,
              reading: readClock(game.timeControl, game.clock, game.computer.side, this.clock.now()),
            }
          : null,
    };
  }

  /** The webhook delivery log of a game, for either side's token holder. */
  async webhookDeliveries(id: string, token: string | null): Promise<WebhookDeliveriesView> {
    const { game } = await this.read(id);
    sideOfToken(game, token);
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
}
