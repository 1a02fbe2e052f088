/**
 * The search room's public surface: move suggestion over the engine (api.md section 10). In-thread
 * use: suggest(v, pos, options) with engine moves; served use: a SearchPool of worker threads taking
 * a game state and answering in notation. Pure TypeScript over src/engine: no framework, no I/O
 * beyond the worker threads.
 */
export { suggest, outcomeOf } from './suggest';
export type { SearchControl, SearchLine, SearchResult } from './suggest';
export {
  DEFAULT_SUGGEST_OPTIONS,
  LEVELS,
  MAX_BUDGET_MS,
  MAX_LEVEL,
  MAX_MULTI_PV,
  MAX_SEARCH_DEPTH,
  MIN_LEVEL,
  SEEDED_NODES_PER_MS,
  checkSuggestOptions,
  levelSetting,
  seededNodeLimit,
} from './levels';
export type { CheckedSuggestOptions, LevelSetting, SuggestOptions } from './levels';
export { STOP_REASONS } from './search-contract';
export type { StopReason } from './search-contract';
export { MATE, MATE_BOUND, isMateScore, matePlies } from './score';
export { Evaluator } from './evaluate';
export { EVAL_FAMILIES, EVAL_WEIGHTS, evalFamily } from './eval-weights';
export { evalWeights } from './eval-tables';
export type { EvalFamily, EvalWeights } from './eval-weights';
export { SEARCH_REFUSALS, runSearchJob, searchJob } from './job';
export type { SearchJob, SearchRefusal, SearchRefusalCode, SearchVariant, SuggestAnswer, SuggestLine, SuggestResult } from './job';
export { lineInfo } from './notation';
export { DEFAULT_SEARCH_QUEUE, DEFAULT_WATCHDOG_MS, SearchPool, defaultSearchWorkerFile, defaultSearchWorkers } from './search-pool';
export type { SearchPoolOptions, SearchPoolStats, SearchTicket, SubmitOptions } from './search-pool';
export { DEFAULT_REVIEW_OPTIONS, MAX_REVIEW_BUDGET_MS, planReview, reviewBudgetProblem, reviewGame, sideReview } from './review';
export type { GameReview, ReviewHooks, ReviewOptions, ReviewPlan, ReviewedPly, SideReview } from './review';
export { MARKS, MARK_BANDS, SCORE_CAP, capScore, lossOf, markBands, markOf } from './review-marks';
export type { Mark, MarkBands, MarkFacts } from './review-marks';
