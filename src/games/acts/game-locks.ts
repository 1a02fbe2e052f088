/**
 * Acts on a game under its row lock (the locked path): who may act, the clock looked at first, the
 * change written with its event and webhook delivery in one transaction, and the hot-games cache kept
 * in step with what was committed.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MoveInfo } from '../../engine';
import { ProblemError } from '../../http/problem-error';
import { ServiceClock } from '../clocks/service-clock';
import { deadlineColumn, timeoutChanges } from '../clocks/flag-fall';
import { GameChanges, GameEntity } from '../entities/game.entity';
import { GameEventKind, stateFields } from '../events/game-event';
import { GameEventsRepository } from '../events/game-events.repository';
import { Side, sideOfToken, sideToMove } from '../game-sides';
import { notationsOf } from '../game.mapper';
import { GameVariants } from '../game-variants';
import { GamesRepository } from '../games.repository';
import { deliveryOf } from '../webhooks/delivery-of';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { gameOver } from './decide-move';
import { HotGame, HotGames } from './hot-games';
import { LockedGame } from './locked-game';

export type LockedAct<T> = (m: EntityManager, g: LockedGame, side: Side, now: number) => Promise<T>;

export interface LockOptions<T> {
  /** The service acting for its own computer side (no token). */
  byComputer?: boolean;
  /**
   * The side a caller has already bound the act to (the Discord app, for the user a signed interaction
   * names): no token is looked at.
   */
  asSide?: Side;
  /** An act anyone may try without a token (the claim of an open seat, which checks its invite code): `side` is the open one. */
  byClaimant?: boolean;
  /** The move of a play, named by its refusal when the flag has fallen. */
  move?: string;
  /**
   * When the side to move had run out of time, the game is finished on time and the act refused
   * (GAME_OVER), unless this answers it anyway (a retried move, answered as the game now stands).
   */
  afterFlagFall?: (g: LockedGame, side: Side, now: number) => T | null;
}

/** The side a claim is for: the open one (the act refuses the claim when none is). */
const claimedSide = (game: GameEntity): Side => game.openSeat ?? sideToMove(game.position);

/** The outcome of a locked act: its value, or the game it found out of time (finished now). */
type Locked<T> = { flagged: false; value: T } | { flagged: true; side: Side; now: number };

@Injectable()
export class GameLocks {
  constructor(
    private readonly games: GamesRepository,
    private readonly events: GameEventsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly variants: GameVariants,
    private readonly hot: HotGames,
    private readonly clock: ServiceClock,
  ) {}

  /**
   * Runs `act` on the game under its row lock, for the side whose token it is, at one instant `now`. The
   * clock is looked at first: a side to move whose time has run out loses on time, that is committed
   * (event `timeout`), and the act is refused with GAME_OVER. The cache keeps what was committed, or
   * gets its entry back when the act was refused before changing it.
   */
  async locked<T>(id: string, token: string | null, act: LockedAct<T>, options: LockOptions<T> = {}): Promise<T> {
    let held: LockedGame | null = null;
    let out: Locked<T>;
    try {
      out = await this.games.transaction(async (m): Promise<Locked<T>> => {
        const game = await this.games.lockGame(m, id);
        if (!game) throw ProblemError.gameNotFound(id);
        const computer = game.computer;
        const side =
          options.asSide ??
          (options.byComputer && computer ? computer.side : options.byClaimant ? claimedSide(game) : sideOfToken(game, token));
        const now = this.clock.now();
        held = await this.hold(m, game);
        if (await this.finishIfFlagged(m, game, now)) {
          held.changing();
          return { flagged: true, side, now };
        }
        return { flagged: false, value: await act(m, held, side, now) };
      });
    } catch (e) {
      const back = (held as LockedGame | null)?.rolledBack();
      if (back) this.hot.put(back);
      throw e;
    }
    const g = held as unknown as LockedGame;
    if (out.flagged) {
      this.hot.drop(id);
      const answer = options.afterFlagFall?.(g, out.side, out.now) ?? null;
      if (answer !== null) return answer;
      throw gameOver(g.game, options.move);
    }
    this.keep(g.committed(), id);
    return out.value;
  }

  /** Keeps an entry after a committed change, as long as the game can still be played. */
  keep(entry: HotGame | null, id: string): void {
    if (entry && entry.game.status === 'ongoing') this.hot.put(entry);
    else this.hot.drop(id);
  }

  /**
   * The locked game's moves and state: the cache's entry if it holds this seq (no move row read, no
   * replay), else the move rows, replayed when the act asks for the state. The entry is taken out
   * either way: one held at another seq is of no use any more.
   */
  private async hold(m: EntityManager, game: GameEntity): Promise<LockedGame> {
    const v = await this.variants.variant(game.variant);
    const cached = this.hot.take(game.id);
    if (cached && cached.game.lastSeq === game.lastSeq) return new LockedGame(game, v, cached, cached.notations, () => cached.state);
    const moves = await this.games.movesOf(m, game.id);
    return new LockedGame(game, v, null, notationsOf(moves), () =>
      this.variants.replay(
        v,
        game,
        moves.map((x) => x.move),
      ),
    );
  }

  /**
   * Writes a change of the locked game with its event: the flag-fall deadline follows the new state,
   * and the event carries the clocks as of `now`.
   */
  async commit(m: EntityManager, game: GameEntity, changes: GameChanges, kind: GameEventKind, move: MoveInfo | null, now: number) {
    Object.assign(game, changes, { lastSeq: game.lastSeq + 1, updatedAt: new Date(now) });
    const deadline = deadlineColumn(game);
    game.deadline = deadline;
    await this.games.updateGame(m, game.id, { ...changes, deadline, lastSeq: game.lastSeq, updatedAt: game.updatedAt });
    const fields = stateFields(game, move, now);
    await this.events.append(m, game.id, game.lastSeq, kind, fields, game.updatedAt);
    // The outbox row is part of the change: committed with it or not at all.
    if (game.webhookUrl) await this.deliveries.enqueueMany(m, [deliveryOf({ game, kind, fields })]);
  }

  /**
   * If the side to move of the locked game has run out of time at `now`, finishes it (the other side
   * wins, reason timeout) and says so. Every locked act comes here first.
   */
  private async finishIfFlagged(m: EntityManager, game: GameEntity, now: number): Promise<boolean> {
    const changes = timeoutChanges(game, now);
    if (!changes) return false;
    await this.commit(m, game, changes, 'timeout', null, now);
    return true;
  }
}
