/** The problems of the engine's operations (a state that does not load, an illegal move), for every room with routes. */
import type { OperationError } from '../engine/operations';
import { ProblemError } from './problem-error';

/** `movesGiven`: how many moves the request listed, so an extra move's error names the `move` field. */
export function operationError(e: OperationError, movesGiven = Number.MAX_SAFE_INTEGER): ProblemError {
  if (e.kind === 'bad-input') return ProblemError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
  const i = e.illegal;
  return ProblemError.illegalMove({ ...i, field: i.index < movesGiven ? `moves[${i.index}]` : 'move' });
}
