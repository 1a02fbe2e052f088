/**
 * The one place a flag falls: what finishes a game whose side to move ran out of time, and when that
 * will happen (the `deadline` column the flag-fall sweep looks games up by). Pure: callers hold the
 * game's row lock, or write conditionally on its seq, so a game is finished on time exactly once.
 */
import type { GameChanges, GameEntity } from '../entities/game.entity';
import { otherSide, sideToMove } from '../game-sides';
import { ClockState, deadlineOf, hasFlagged } from './clock';

/**
 * If the side to move of an ongoing game has run out of time at `now`, the changes that finish the
 * game (the other side wins, reason timeout, the loser's clock at 0); null otherwise.
 */
export function timeoutChanges(game: GameEntity, now: number): GameChanges | null {
  const tc = game.timeControl;
  if (game.status !== 'ongoing' || !tc || !game.clock) return null;
  const toMove = sideToMove(game.position);
  if (!hasFlagged(tc, game.clock, toMove, now)) return null;
  const clock: ClockState = { ...game.clock, [`${toMove}Ms`]: 0 };
  if (tc.type === 'byoyomi') clock[`${toMove}Periods`] = 0;
  return { status: 'finished', winner: otherSide(toMove), reason: 'timeout', drawOfferedBy: null, takebackOfferedBy: null, clock };
}

/** When the side to move flags: only while an ongoing game has a clock. */
export function deadlineColumn(game: GameEntity): Date | null {
  if (game.status !== 'ongoing' || !game.timeControl || !game.clock) return null;
  return new Date(deadlineOf(game.timeControl, game.clock, sideToMove(game.position)));
}
