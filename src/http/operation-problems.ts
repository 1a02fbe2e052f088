/** The problems of the engine's operations (a state that does not load, an illegal move), for every room with routes. */
import { operationProblem } from '../engine/operation-problems';
import type { OperationError } from '../engine/operations';
import { ProblemError } from './problem-error';

/** `movesGiven`: how many moves the request listed, so an extra move's error names the `move` field. */
export function operationError(e: OperationError, movesGiven = Number.MAX_SAFE_INTEGER): ProblemError {
  return new ProblemError(operationProblem(e, movesGiven));
}
