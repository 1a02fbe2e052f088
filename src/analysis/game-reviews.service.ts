/**
 * Game reviews (api.md section 16) for every route that offers them: the options checked once, the
 * game planned (replayed) before any search so a bad state is refused with its problem, the searches
 * run in the worker pool and charged to the rate limit as each ends.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { CompiledVariant, GameStateInput } from '../engine';
import { operationError } from '../http/operation-problems';
import { ProblemError } from '../http/problem-error';
import { recordUnits } from '../http/rate-limit/request-work';
import {
  DEFAULT_REVIEW_OPTIONS,
  GameReview,
  MARKS,
  ReviewOptions,
  ReviewPlan,
  ReviewedPly,
  SearchPool,
  SideReview,
  checkSuggestOptions,
  planReview,
  reviewBudgetProblem,
  reviewGame,
} from '../search';
import { SEARCH_MS_PER_UNIT, searchProblem } from './search-problems';
import { GameReviewView, SideReviewView } from './review.views';

export interface ReviewArgs {
  level?: number | null;
  budgetMsPerPly?: number | null;
  seed?: number | null;
}

/** A review ready to run: its game replayed and its options checked. */
export interface PlannedReview {
  plan: ReviewPlan;
  options: ReviewOptions;
  movesGiven: number;
}

@Injectable()
export class GameReviews {
  constructor(
    private readonly pool: SearchPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws the request's problem: options out of bounds, too much search in all, a state that does not replay. */
  plan(v: CompiledVariant, input: GameStateInput, args: ReviewArgs): PlannedReview {
    const options: ReviewOptions = {
      level: args.level ?? DEFAULT_REVIEW_OPTIONS.level,
      budgetMsPerPly: args.budgetMsPerPly ?? DEFAULT_REVIEW_OPTIONS.budgetMsPerPly,
    };
    if (args.seed !== undefined && args.seed !== null) options.seed = args.seed;
    const checked = checkSuggestOptions({ level: options.level, budgetMs: options.budgetMsPerPly, seed: options.seed });
    if (!checked.ok) {
      const errors = checked.error.map((p) =>
        p.field === 'budgetMs' ? { ...p, field: 'budgetMsPerPly', message: p.message.replace('budgetMs', 'budgetMsPerPly') } : p,
      );
      throw ProblemError.badInput(errors.map((e) => e.message).join('; '), errors);
    }
    const movesGiven = input.moves?.length ?? 0;
    const tooMuch = reviewBudgetProblem(movesGiven, options.budgetMsPerPly);
    if (tooMuch) throw ProblemError.invalidField('budgetMsPerPly', tooMuch, 'BAD_BUDGET');
    const plan = planReview(v, input);
    if (!plan.ok) throw operationError(plan.error, movesGiven);
    return { plan: plan.value, options, movesGiven };
  }

  /** Runs a planned review; `onPly` hears each ply as it is judged. Throws the problem of a refused search. */
  async run(p: PlannedReview, clientKey: string, signal?: AbortSignal, onPly?: (ply: ReviewedPly) => void): Promise<GameReviewView> {
    const r = await reviewGame(
      this.pool,
      p.plan,
      p.options,
      { clientKey, signal },
      { onPly, onSearch: (a) => recordUnits(Math.ceil(a.timeMs / SEARCH_MS_PER_UNIT)) },
    );
    if (!r.ok) throw searchProblem(r.error, p.movesGiven, this.config.maxSearchesPerClient);
    return reviewView(r.value, p.options.seed !== undefined);
  }
}

/** A seeded review is byte-identical anywhere: its search time, the one figure that depends on the machine, is 0. */
export function reviewView(r: GameReview, seeded: boolean): GameReviewView {
  return {
    plies: r.plies,
    sides: { attackers: sideView(r.sides.attackers), defenders: sideView(r.sides.defenders) },
    level: r.level,
    budgetMsPerPly: r.budgetMsPerPly,
    nodes: r.nodes,
    searchMs: seeded ? 0 : r.searchMs,
  };
}

function sideView(s: SideReview): SideReviewView {
  return { moves: s.moves, averageLoss: s.averageLoss, marks: MARKS.map((mark) => ({ mark, count: s.marks[mark] })) };
}
