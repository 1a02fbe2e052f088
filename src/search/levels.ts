/**
 * Playing levels 1..10 and the options of a suggestion (api.md section 10). A level caps the depth,
 * adds evaluation noise (weak levels play plausible but imperfect moves) and searches a share of the
 * budget: levels 1 to 7 an eighth, 8 a quarter, 9 half, 10 all of it. Each level is at least the one
 * below in all three, whatever the budget. Depth caps alone did not rank the top levels
 * (at the usual budgets an 11×11 search reaches depth 5–6, so caps of 5, 7 and none were nearly one
 * player), and shares for the top levels alone made level 8 weaker than 7 at small budgets, where 7
 * reached its cap and 8 ran out (docs/performance.md, the ladder).
 * Every level still takes a win in one and sees a king escape it must block (the quiescence search
 * does that at any depth), so even level 1 is not random; it is beaten by the double threats and
 * captures two moves deep that a beginner soon learns.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { Problem, Result, err, ok } from '../engine/result';
import { EvalFamily, evalFamily } from './eval-weights';

export interface LevelSetting {
  level: number;
  /** Deepest iteration (plies of full-width search before the quiescence search). */
  maxDepth: number;
  /** Evaluation noise amplitude, in hundredths of an attacker soldier. */
  noise: number;
  /** Share of the budget (time, or a seeded search's node limit) the level searches, 0 to 1. */
  budgetShare: number;
}

/** The deepest iteration any level starts. */
export const MAX_SEARCH_DEPTH = 64;

export const LEVELS: readonly LevelSetting[] = [
  { level: 1, maxDepth: 1, noise: 300, budgetShare: 0.125 },
  { level: 2, maxDepth: 1, noise: 150, budgetShare: 0.125 },
  { level: 3, maxDepth: 2, noise: 100, budgetShare: 0.125 },
  { level: 4, maxDepth: 2, noise: 50, budgetShare: 0.125 },
  { level: 5, maxDepth: 3, noise: 40, budgetShare: 0.125 },
  { level: 6, maxDepth: 3, noise: 15, budgetShare: 0.125 },
  { level: 7, maxDepth: 4, noise: 10, budgetShare: 0.125 },
  { level: 8, maxDepth: 5, noise: 5, budgetShare: 0.25 },
  { level: 9, maxDepth: MAX_SEARCH_DEPTH, noise: 0, budgetShare: 0.5 },
  { level: 10, maxDepth: MAX_SEARCH_DEPTH, noise: 0, budgetShare: 1 },
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 10;
export const MAX_BUDGET_MS = 5000;
export const MAX_MULTI_PV = 5;

export function levelSetting(level: number): LevelSetting {
  return LEVELS[Math.max(MIN_LEVEL, Math.min(MAX_LEVEL, Math.round(level))) - 1];
}

export interface SuggestOptions {
  /** 1..10. */
  level: number;
  /** Milliseconds the search may take, 1..5000. */
  budgetMs: number;
  /** Lines to answer, 1..5 (distinct first moves, best first). */
  multiPv?: number;
  /** Makes the answer reproducible (seeded noise and a node limit instead of the clock; see suggest.ts). */
  seed?: number;
  /** Overrides the level's depth cap (tests, benchmarks). */
  maxDepth?: number;
  /** Overrides the node limit (tests, benchmarks). */
  maxNodes?: number;
}

/** What checkSuggestOptions fills in for absent fields. */
export const DEFAULT_SUGGEST_OPTIONS = { level: 5, budgetMs: 1000, multiPv: 1 } as const;

export type CheckedSuggestOptions = Required<Pick<SuggestOptions, 'level' | 'budgetMs' | 'multiPv'>> &
  Pick<SuggestOptions, 'seed' | 'maxDepth' | 'maxNodes'>;

function integerIn(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
}

/**
 * Checks the options of a suggestion as a client sent them; absent fields take the defaults. Every
 * problem is listed, with codes BAD_LEVEL, BAD_BUDGET, BAD_MULTI_PV, BAD_SEED, BAD_SEARCH_LIMIT.
 */
export function checkSuggestOptions(input: unknown): Result<CheckedSuggestOptions> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err([{ code: 'BAD_SEARCH_OPTIONS', message: 'the search options must be an object' }]);
  }
  const o = input as Record<string, unknown>;
  const problems: Problem[] = [];
  const level = o.level ?? DEFAULT_SUGGEST_OPTIONS.level;
  const budgetMs = o.budgetMs ?? DEFAULT_SUGGEST_OPTIONS.budgetMs;
  const multiPv = o.multiPv ?? DEFAULT_SUGGEST_OPTIONS.multiPv;
  if (!integerIn(level, MIN_LEVEL, MAX_LEVEL))
    problems.push({ code: 'BAD_LEVEL', field: 'level', message: `level must be an integer from ${MIN_LEVEL} to ${MAX_LEVEL}` });
  if (!integerIn(budgetMs, 1, MAX_BUDGET_MS))
    problems.push({ code: 'BAD_BUDGET', field: 'budgetMs', message: `budgetMs must be an integer from 1 to ${MAX_BUDGET_MS}` });
  if (!integerIn(multiPv, 1, MAX_MULTI_PV))
    problems.push({ code: 'BAD_MULTI_PV', field: 'multiPv', message: `multiPv must be an integer from 1 to ${MAX_MULTI_PV}` });
  if (o.seed !== undefined && o.seed !== null && !integerIn(o.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER))
    problems.push({ code: 'BAD_SEED', field: 'seed', message: 'seed must be an integer' });
  if (o.maxDepth !== undefined && !integerIn(o.maxDepth, 1, MAX_SEARCH_DEPTH))
    problems.push({ code: 'BAD_SEARCH_LIMIT', field: 'maxDepth', message: `maxDepth must be an integer from 1 to ${MAX_SEARCH_DEPTH}` });
  if (o.maxNodes !== undefined && !integerIn(o.maxNodes, 1, Number.MAX_SAFE_INTEGER))
    problems.push({ code: 'BAD_SEARCH_LIMIT', field: 'maxNodes', message: 'maxNodes must be a positive integer' });
  if (problems.length) return err(problems);
  const out: CheckedSuggestOptions = { level: level as number, budgetMs: budgetMs as number, multiPv: multiPv as number };
  if (o.seed !== undefined && o.seed !== null) out.seed = o.seed as number;
  if (o.maxDepth !== undefined) out.maxDepth = o.maxDepth as number;
  if (o.maxNodes !== undefined) out.maxNodes = o.maxNodes as number;
  return ok(out);
}

/**
 * Nodes per millisecond of budget a seeded search may use: its reproducible stop. Set below the
 * slowest speed measured for a freshly started worker with two searches at once on a shared two-core
 * machine (44 to 120 nodes/ms, against 160 to 690 for a warm search alone), so the node limit, not the
 * clock, normally ends a seeded search. When a slower or busier machine reaches the clock first the
 * answer says so (stoppedBy "time") and is then not guaranteed reproducible.
 */
export const SEEDED_NODES_PER_MS: Readonly<Record<EvalFamily, number>> = {
  small: 50,
  corner: 50,
  edge: 40,
  large: 20,
};

export function seededNodeLimit(v: CompiledVariant, budgetMs: number): number {
  return Math.max(1000, Math.round(SEEDED_NODES_PER_MS[evalFamily(v)] * budgetMs));
}
