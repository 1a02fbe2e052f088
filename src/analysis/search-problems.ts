/** The problems of a search the pool refused, for suggestions and reviews alike. */
import { ProblemError } from '../http/problem-error';
import { operationError } from '../http/operation-problems';
import type { SearchRefusal } from '../search';

/** `movesGiven`: the moves of the request (an illegal one is named by its index); `maxPerClient`: for the message. */
export function searchProblem(e: SearchRefusal, movesGiven: number, maxPerClient: number): ProblemError {
  switch (e.code) {
    case 'SEARCH_BAD_REQUEST':
    case 'SEARCH_BAD_STATE':
      return e.problems?.length ? operationError({ kind: 'bad-input', errors: e.problems }) : ProblemError.badInput(e.message);
    case 'SEARCH_GAME_OVER':
      return new ProblemError({
        code: 'ILLEGAL_MOVE',
        detail: 'the game is over: there is no move to suggest',
        reason: 'GAME_OVER',
        index: movesGiven,
        errors: [{ code: 'GAME_OVER', message: 'the game is over', field: 'moves' }],
      });
    case 'SEARCH_ILLEGAL_MOVE':
      return e.illegal ? operationError({ kind: 'illegal-move', illegal: e.illegal }, movesGiven) : ProblemError.badInput(e.message);
    case 'SEARCH_CLIENT_LIMIT':
      return new ProblemError({
        code: 'TOO_MANY_SEARCHES',
        detail: `at most ${maxPerClient} searches per client at once; wait for one to finish`,
        retryAfter: 1,
      });
    case 'SEARCH_QUEUE_FULL':
    case 'SEARCH_POOL_CLOSED':
    case 'SEARCH_CANCELLED':
      return ProblemError.busy(e.message);
    default:
      return ProblemError.internal();
  }
}

/** Milliseconds of search that cost one unit of rate limit, like 100 plies replayed. */
export const SEARCH_MS_PER_UNIT = 10;
