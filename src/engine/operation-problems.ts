/**
 * The problems of the operations (a state that does not load, an illegal move) as plain data: the
 * service renders them as problem answers and @tafl/rules returns them as they are, so both say the
 * same words with the same codes.
 */
import type { OperationError } from './operations.js';
import type { Problem } from './result.js';
import type { IllegalReason } from './values.js';

export interface IllegalMoveDetail {
  index: number;
  move: unknown;
  reason: IllegalReason;
  message: string;
  /** The input field that held the move (`move`, `moves[3]`, `record`). */
  field?: string;
}

export interface OperationProblem {
  code: 'BAD_USER_INPUT' | 'ILLEGAL_MOVE';
  detail: string;
  errors: Problem[];
  /** Illegal moves: the reason, the index of the move in the whole sequence, the move as given. */
  reason?: IllegalReason;
  index?: number;
  move?: unknown;
}

export function illegalMoveProblem(i: IllegalMoveDetail): OperationProblem {
  return {
    code: 'ILLEGAL_MOVE',
    detail: `move ${i.index} (${String(i.move)}) is illegal: ${i.message}`,
    reason: i.reason,
    index: i.index,
    move: i.move,
    errors: [{ code: i.reason, message: i.message, field: i.field ?? 'move' }],
  };
}

/** `movesGiven`: how many moves the request listed, so an extra move's error names the `move` field. */
export function operationProblem(e: OperationError, movesGiven = Number.MAX_SAFE_INTEGER): OperationProblem {
  if (e.kind === 'bad-input') return { code: 'BAD_USER_INPUT', detail: e.errors.map((x) => x.message).join('; '), errors: e.errors };
  const i = e.illegal;
  return illegalMoveProblem({ ...i, field: i.index < movesGiven ? `moves[${i.index}]` : 'move' });
}
