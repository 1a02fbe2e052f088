/**
 * The acts besides a move: resigning, offering and accepting a draw, offering and accepting a takeback.
 * Each is decided on the locked game (game-locks.ts), changes the game row (a takeback also its moves)
 * and appends its event.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProblemError } from '../../http/problem-error';
import { restoredClock } from '../clocks/clock';
import { GameChanges } from '../entities/game.entity';
import { GameEventKind } from '../events/game-event';
import { GameChangeListeners } from '../game-change-listeners';
import { Side, moverAt, otherSide, sideToMove } from '../game-sides';
import { moveOfNotation } from '../game.mapper';
import { GameResultView } from '../game.views';
import { GameVariants } from '../game-variants';
import { GameViews } from '../game-views';
import { GamesRepository } from '../games.repository';
import { gameOver } from './decide-move';
import { GameLocks } from './game-locks';
import { LockedGame } from './locked-game';

/** A side's token (null: none sent), or the side a caller has bound the act to itself. */
export type Actor = string | null | { side: Side };

type Decision = (m: EntityManager, g: LockedGame, side: Side, now: number) => Promise<GameChanges> | GameChanges;

@Injectable()
export class GameDecisions {
  constructor(
    private readonly games: GamesRepository,
    private readonly locks: GameLocks,
    private readonly variants: GameVariants,
    private readonly views: GameViews,
    private readonly listeners: GameChangeListeners,
  ) {}

  /**
   * Changes the locked game as `decide` says and appends the event `kind`. `token` is a side's token, or
   * the side the caller has bound the act to itself (the Discord app).
   */
  private async decide(id: string, token: Actor, kind: GameEventKind, decide: Decision): Promise<GameResultView> {
    const bound = typeof token === 'object' && token !== null ? token.side : undefined;
    const act = async (m: EntityManager, g: LockedGame, side: Side, now: number) => {
      const { game } = g;
      if (game.status === 'finished') throw gameOver(game);
      const changes = await decide(m, g, side, now);
      await this.locks.commit(m, game, changes, kind, null, now);
      return { game: this.views.summary(g.v, game, g.notations.at(-1) ?? null, now, g.notations) };
    };
    const decided = await this.locks.locked(id, bound ? null : (token as string | null), act, { asSide: bound });
    // A takeback can give the turn back to a computer side.
    this.listeners.changedView(decided.game);
    return decided;
  }

  resign(id: string, token: Actor): Promise<GameResultView> {
    return this.decide(id, token, 'resign', (_m, _g, side) => ({
      status: 'finished',
      winner: otherSide(side),
      reason: 'resigned',
      drawOfferedBy: null,
      takebackOfferedBy: null,
    }));
  }

  /**
   * The service's external engine for `side` failed its move at `ply` (api.md section 15: it crashed,
   * answered an illegal move or overran its time): that side loses, reason engine_failure. Only while
   * the game still waits for that move, so an instance that lost the race to another (which played
   * the ply) changes nothing: STALE_PLY.
   */
  engineFailure(id: string, side: Side, ply: number): Promise<GameResultView> {
    return this.decide(id, { side }, 'engine_failure', (_m, { game }) => {
      if (game.ply !== ply || sideToMove(game.position) !== side || game.computer?.side !== side || !game.computer.engine) {
        throw ProblemError.stalePly(`ply ${ply} is no longer the engine's move`);
      }
      return { status: 'finished', winner: otherSide(side), reason: 'engine_failure', drawOfferedBy: null, takebackOfferedBy: null };
    });
  }

  offerDraw(id: string, token: Actor): Promise<GameResultView> {
    return this.decide(id, token, 'draw_offer', (_m, { game }, side) => {
      if (!game.options.drawOffers) throw ProblemError.optionDisabled('drawOffers', 'this game was created without draw offers');
      return { drawOfferedBy: side };
    });
  }

  acceptDraw(id: string, token: Actor): Promise<GameResultView> {
    return this.decide(id, token, 'draw_accept', (_m, { game }, side) => {
      if (game.drawOfferedBy !== otherSide(side)) {
        throw ProblemError.noDrawOffer(`the ${otherSide(side)} have not offered a draw`);
      }
      return { status: 'finished', winner: 'draw', reason: 'draw_agreed', drawOfferedBy: null, takebackOfferedBy: null };
    });
  }

  /** By the side that made the last move, in a game created with options.takebacks; a move withdraws it. */
  offerTakeback(id: string, token: Actor): Promise<GameResultView> {
    return this.decide(id, token, 'takeback_offer', (_m, g, side) => {
      const { game, notations } = g;
      if (!game.options.takebacks) throw ProblemError.optionDisabled('takebacks', 'this game was created without takebacks');
      if (notations.length === 0) throw ProblemError.noTakebackOffer('no move has been played: there is nothing to take back');
      const mover = moverAt(g.v, game, () => g.state(), notations.length - 1);
      if (mover !== side) throw ProblemError.notYourTurn(`only the ${mover}, who made the last move, may offer to take it back`);
      return { takebackOfferedBy: side };
    });
  }

  /** By the other side: the last move goes, and both clocks are as they were before it (the mover's running from now). */
  acceptTakeback(id: string, token: Actor): Promise<GameResultView> {
    return this.decide(id, token, 'takeback', async (m, g, side, now) => {
      const { game } = g;
      if (game.takebackOfferedBy !== otherSide(side) || g.notations.length === 0) {
        throw ProblemError.noTakebackOffer(`the ${otherSide(side)} have not offered to take back their move`);
      }
      const last = g.notations.length - 1;
      const kept = g.notations.slice(0, last);
      const clockBefore = await this.games.clockBefore(m, game.id, last);
      const state = this.variants.replay(g.v, game, kept.map(moveOfNotation));
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
}
