/**
 * Move suggestions (api.md section 10): the state is checked here as for every stateless operation
 * (same problems, same move cap), then searched in the worker pool; the request's thread only waits.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { recordUnits } from '../../http/rate-limit/request-work';
import { SearchPool, SuggestAnswer } from '../../search';
import { SEARCH_MS_PER_UNIT, searchProblem } from '../../analysis/search-problems';
import { RulesService, StateArgs } from '../rules/rules.service';
import { SuggestionStop, SuggestionView } from './suggestion.views';

export interface SuggestArgs extends StateArgs {
  level?: number | null;
  budgetMs?: number | null;
  multiPv?: number | null;
  seed?: number | null;
}

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
    if (!r.ok) throw searchProblem(r.error, args.moves?.length ?? 0, this.config.maxSearchesPerClient);
    recordUnits(Math.ceil(r.value.timeMs / SEARCH_MS_PER_UNIT));
    return view(r.value, options.seed !== undefined);
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
