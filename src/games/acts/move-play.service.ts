/**
 * A move by a person (with a side's token) or by the service for its computer side. A move on a game
 * this instance holds in memory (hot-games.ts) is decided on that copy and written as one statement
 * conditional on the game's seq; when the copy is not there, not current, or the decision is anything
 * but "play it", the move takes the locked path (row lock, the moves read again), which decides every
 * answer on the game as stored. Both decide with decideMove.
 */
import { Injectable } from '@nestjs/common';
import { GameState, MoveInfo } from '../../engine';
import { recordReplay } from '../../http/rate-limit/request-work';
import { afterMove } from '../clocks/clock';
import { deadlineColumn } from '../clocks/flag-fall';
import { ServiceClock } from '../clocks/service-clock';
import { GameChanges, GameEntity } from '../entities/game.entity';
import { stateFields } from '../events/game-event';
import { GameChangeListeners } from '../game-change-listeners';
import { Side, sideOfToken } from '../game-sides';
import { moveViewOf, toMoveRows } from '../game.mapper';
import { PlayedMoveView } from '../game.views';
import { GameViews } from '../game-views';
import { GamesRepository, isDuplicateMove } from '../games.repository';
import { deliveryOf } from '../webhooks/delivery-of';
import { MoveRequest, decideMove, gameOver, isRetry } from './decide-move';
import { GameLocks } from './game-locks';
import { HotGames } from './hot-games';
import { LockedGame } from './locked-game';
import { ProblemError } from '../../http/problem-error';

export interface PlayAnswer {
  played: PlayedMoveView;
  /** A retry of a move already stored, answered again (api.md section 5): nothing was stored now. */
  replayed: boolean;
}

/** What a move by `side` at `now` changes in the game row, `state` being the position after it. */
function moveChanges(game: GameEntity, state: GameState, side: Side, now: number): GameChanges {
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

@Injectable()
export class MovePlay {
  constructor(
    private readonly games: GamesRepository,
    private readonly locks: GameLocks,
    private readonly hot: HotGames,
    private readonly views: GameViews,
    private readonly clock: ServiceClock,
    private readonly listeners: GameChangeListeners,
  ) {}

  /**
   * `asSide`: the side a caller has bound the move to itself (the Discord app, for the user a signed
   * interaction names), in place of a token.
   */
  async play(id: string, token: string | null, move: string, expectedPly: number, byComputer = false, asSide?: Side): Promise<PlayAnswer> {
    try {
      const hot = await this.playHot(id, token, move, expectedPly, byComputer, asSide);
      const answer = hot ? { played: hot, replayed: false } : await this.playLocked(id, token, move, expectedPly, byComputer, asSide);
      if (!answer.replayed) this.listeners.changedView(answer.played.game);
      return answer;
    } catch (e) {
      // Without a row lock (or if it was bypassed) the (game, ply) key still refuses a second write.
      if (isDuplicateMove(e)) {
        throw ProblemError.stalePly(`ply ${expectedPly} was just played by another request; read the game and retry`);
      }
      throw e;
    }
  }

  /**
   * A play decided on this instance's copy of the game and written as one statement that applies only
   * if the game's seq is still the copy's. Null whenever the locked path must answer: no copy, a copy
   * another change has overtaken (the write matched nothing), or any decision but to play (a refusal, a
   * retry, a flag fall), so that those are decided on the game as stored. A wrong token is refused here
   * (a token hash changes only when an open seat is claimed, and a copy with an open seat is never used;
   * the locked path checks tokens first too).
   */
  private async playHot(id: string, token: string | null, move: string, expectedPly: number, byComputer: boolean, asSide?: Side) {
    const hot = this.hot.peek(id);
    if (!hot || hot.game.openSeat) return null;
    const { game, state } = hot;
    const side = asSide ?? (byComputer && game.computer ? game.computer.side : sideOfToken(game, token));
    const now = this.clock.now();
    const request: MoveRequest = { side, move, expectedPly, now, byComputer };
    const decision = decideMove({ v: state.v, game, notations: hot.notations, state: () => state }, request);
    if (decision.kind !== 'play') return null;
    // Taken before the state changes (nothing awaited since the peek): no other request can see it
    // until the write has said it was current.
    this.hot.take(id);
    recordReplay(1);
    const info = state.play(decision.move);
    const [row] = toMoveRows(game, state, game.ply, new Date(now));
    row.clockBefore = game.clock;
    const next: GameEntity = Object.assign(new GameEntity(), game, moveChanges(game, state, side, now), {
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
    this.locks.keep(hot, id);
    return { game: this.views.summary(state.v, next, row.notation, now, hot.notations), move: info };
  }

  /** The locked play path: decided on the locked game (its clock already looked at by the lock). */
  private playLocked(
    id: string,
    token: string | null,
    move: string,
    expectedPly: number,
    byComputer: boolean,
    asSide?: Side,
  ): Promise<PlayAnswer> {
    return this.locks.locked<PlayAnswer>(
      id,
      token,
      async (m, g, side, now) => {
        const decision = decideMove(g, { side, move, expectedPly, now, byComputer });
        switch (decision.kind) {
          case 'refused':
            throw decision.problem;
          case 'flagged':
            // The lock finished such a game on time before the act: it is over.
            throw gameOver(g.game, move);
          case 'replayed':
            return this.replayed(g, decision.ply, now);
          case 'play':
            break;
        }
        const { game } = g;
        g.changing();
        const state = g.state();
        const info = state.play(decision.move);
        const [row] = toMoveRows(game, state, game.ply, new Date(now));
        row.clockBefore = game.clock;
        await this.games.appendMove(m, row);
        await this.locks.commit(m, game, moveChanges(game, state, side, now), 'move', info, now);
        g.notations.push(row.notation);
        return { played: this.played(g, info, now), replayed: false };
      },
      {
        byComputer,
        asSide,
        move,
        afterFlagFall: (g, side, now) => (isRetry(g, { side, move, expectedPly }) ? this.replayed(g, expectedPly, now) : null),
      },
    );
  }

  /** The answer of the move at index `ply`, the game as it is now. */
  private replayed(g: LockedGame, ply: number, now: number): PlayAnswer {
    return { played: this.played(g, moveViewOf(g.notations[ply]), now), replayed: true };
  }

  private played(g: LockedGame, move: MoveInfo, now: number): PlayedMoveView {
    return { game: this.views.summary(g.v, g.game, g.notations.at(-1) ?? null, now, g.notations), move };
  }
}
