/**
 * What a stored game says of a move: the one decision both play paths make, the hot one on this
 * instance's copy of the game and the locked one under the row lock. Pure: no clock read, no I/O;
 * the engine state is asked for only when the rules must judge the move (the locked path may have to
 * replay the moves to have it).
 */
import { CompiledVariant, GameState, IllegalReason, parseMoveText } from '../../engine';
import { ProblemError } from '../../http/problem-error';
import { timeoutChanges } from '../clocks/flag-fall';
import type { GameEntity } from '../entities/game.entity';
import { Side, moverAt, sideToMove } from '../game-sides';
import { moveViewOf } from '../game.mapper';

export interface MoveRequest {
  side: Side;
  move: string;
  expectedPly: number;
  now: number;
  /** The service playing its own computer side. */
  byComputer: boolean;
}

export type MoveDecision =
  /** The checked move, for state.play(). */
  | { kind: 'play'; move: number }
  /** A retry of the move at index `ply`, already stored: answered again, nothing stored (api.md section 5). */
  | { kind: 'replayed'; ply: number }
  /** The side to move ran out of time before this move: the game is to be finished on time. */
  | { kind: 'flagged' }
  | { kind: 'refused'; problem: ProblemError };

export interface DecidedGame {
  v: CompiledVariant;
  game: GameEntity;
  /** The moves' notations, in ply order. */
  notations: readonly string[];
  /** The engine state after the moves. */
  state(): GameState;
}

const refused = (problem: ProblemError): MoveDecision => ({ kind: 'refused', problem });

export function illegal(index: number, move: unknown, reason: IllegalReason, message: string): ProblemError {
  return ProblemError.illegalMove({ index, move, reason, message });
}

/**
 * The refusal of an act on a finished game: a move (a late one included: the flag fell first), or,
 * without `move`, a resignation, an offer or an acceptance, which has no move to name.
 */
export function gameOver(game: GameEntity, move?: unknown): ProblemError {
  const message = `the game is over (${game.reason})`;
  if (move !== undefined) return illegal(game.ply, move, 'GAME_OVER', message);
  return new ProblemError({
    code: 'ILLEGAL_MOVE',
    detail: `${message}: nothing more can be played, offered or accepted`,
    reason: 'GAME_OVER',
    index: game.ply,
    errors: [{ code: 'GAME_OVER', message }],
  });
}

export function decideMove(g: DecidedGame, r: MoveRequest): MoveDecision {
  const { game } = g;
  if (!r.byComputer && game.computer?.side === r.side) {
    return refused(ProblemError.notYourTurn(`the service plays the ${r.side} of this game itself`));
  }
  if (r.expectedPly !== game.ply) {
    if (isRetry(g, r)) return { kind: 'replayed', ply: r.expectedPly };
    return refused(ProblemError.stalePly(`expectedPly is ${r.expectedPly} but the game is at ply ${game.ply}; read the game and retry`));
  }
  if (timeoutChanges(game, r.now)) return { kind: 'flagged' };
  if (game.status === 'finished') return refused(gameOver(game, r.move));
  const toMove = sideToMove(game.position);
  if (game.openSeat === toMove) return refused(ProblemError.seatOpen(`the ${toMove}' seat waits for a claim: nobody moves for them yet`));
  if (r.side !== toMove) return refused(ProblemError.notYourTurn(`it is the ${toMove}' turn; this is the ${r.side}' token`));
  const checked = g.state().check(r.move);
  if (!checked.ok) return refused(illegal(game.ply, r.move, checked.error.reason, checked.error.message));
  return { kind: 'play', move: checked.value };
}

/**
 * Whether a stale play is the retry of a move already stored: made with the token of the side that made
 * move `expectedPly` + 1, naming that same move in any accepted notation. Captures written with it must
 * be the move's own, as a set; a captured king may be left out. Only the move that ended the
 * game by capturing the king can have captured him, and only then is the state asked where he stood
 * (and, under berserk, who made move `expectedPly`: turns do not alternate there).
 */
export function isRetry(g: DecidedGame, r: Pick<MoveRequest, 'side' | 'move' | 'expectedPly'>): boolean {
  const { v, game, notations } = g;
  const n = r.expectedPly;
  if (!Number.isInteger(n) || n < 0 || n >= notations.length || moverAt(v, game, () => g.state(), n) !== r.side) return false;
  const stored = moveViewOf(notations[n]);
  const asked = parseMoveText(v.geo, r.move);
  if (asked.kind === 'pass') return stored.from === null;
  if (asked.kind !== 'move' || stored.from === null) return false;
  if (v.names[asked.from] !== stored.from || v.names[asked.to] !== stored.to) return false;
  if (asked.captures === null) return true;
  const claimed = new Set(asked.captures.map((c) => v.names[c]));
  if ([...claimed].some((c) => !stored.captures.includes(c))) return false;
  const unclaimed = stored.captures.filter((c) => !claimed.has(c));
  if (unclaimed.length === 0) return true;
  const endedByKingCapture = n === notations.length - 1 && game.reason === 'king_captured';
  return endedByKingCapture && unclaimed.length === 1 && unclaimed[0] === g.state().kingSquareBefore(n);
}
