/**
 * Move suggestions (api.md section 10): the state is checked here as for every stateless operation
 * (same problems, same move cap), then searched in the worker pool; the request's thread only waits.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { recordUnits } from '../../http/rate-limit/request-work';
import { SearchPool, SearchRefusal, SuggestAnswer } from '../../search';
import { RulesService, StateArgs, operationError } from '../rules/rules.service';
import { SuggestionStop, SuggestionView } from './suggestion.views';

export interface SuggestArgs extends StateArgs {
  level?: number | null;
  budgetMs?: number | null;
  multiPv?: number | null;
  seed?: number | null;
}

/** Milliseconds of search that cost one unit of rate limit, like 100 plies replayed. */
const SEARCH_MS_PER_UNIT = 10;

@Injectable()
export class SuggestionsService {
  constructor(
    private readonly rules: RulesService,
    private readonly pool: SearchPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async suggest(args: SuggestArgs, clientKey: string, signal?: AbortSignal): Promise<SuggestionView> {
    // The worker replays the state: here it is only checked, so a long game is not replayed twice.
    const { v, state } = await this.rules.prepare(args, 'body');
    const options = {
      level: args.level ?? undefined,
      budgetMs: args.budgetMs ?? undefined,
      multiPv: args.multiPv ?? undefined,
      seed: args.seed ?? undefined,
    } as { level: number; budgetMs: number; multiPv?: number; seed?: number };
    const r = await this.pool.suggest(v, state, options, { clientKey, signal });
    if (!r.ok) throw this.refused(r.error, args.moves?.length ?? 0);
    recordUnits(Math.ceil(r.value.timeMs / SEARCH_MS_PER_UNIT));
    return view(r.value, options.seed !== undefined);
  }

  private refused(e: SearchRefusal, movesGiven: number): ProblemError {
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
          detail: `at most ${this.config.maxSearchesPerClient} searches per client at once; wait for one to finish`,
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
}

/**
 * A seeded answer must be byte-identical on any machine under any load (api.md section 10): its
 * timeMs, the one figure that depends on them, is 0 (REST gives the time in Server-Timing).
 */
function view(a: SuggestAnswer, seeded: boolean): SuggestionView {
  return {
    bestMove: a.bestMove,
    lines: a.lines.map((l) => ({ moves: l.moves, score: l.score })),
    depth: a.depth,
    nodes: a.nodes,
    timeMs: seeded ? 0 : a.timeMs,
    level: a.level,
    stoppedBy: stoppedByOf(a.stoppedBy),
  };
}

/** The search's own reasons as api.md names them: a single legal move needs no deeper search. */
function stoppedByOf(r: SuggestAnswer['stoppedBy']): SuggestionStop {
  return r === 'nodes' || r === 'time' || r === 'mate' ? r : 'depth';
}
