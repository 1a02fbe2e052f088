/**
 * A suggestion as plain data, for a worker thread: the variant's rules (so built-in and custom
 * variants travel alike, and this room needs nothing outside the engine), the game state input of
 * api.md section 3 (position and moves, replayed so the repetition rule sees the whole history) and
 * the options. The answer is api.md section 10's, in notation, or a refusal with a stable code.
 */
import { CompiledVariant, compileVariant } from '../engine/compiled-variant';
import type { RulesetDefinition } from '../engine/definition';
import type { IllegalMove, MoveInfo, Outcome } from '../engine/game-state';
import { GameStateInput, loadState } from '../engine/operations';
import { Problem, Result, err, ok } from '../engine/result';
import { SuggestOptions, checkSuggestOptions } from './levels';
import { lineInfo } from './notation';
import { StopReason } from './search-contract';
import { SearchControl, suggest } from './suggest';

/** The variant a job runs on: its id (for messages) and its compiled rules' definition. */
export interface SearchVariant {
  id: string;
  rules: RulesetDefinition;
}

export interface SearchJob {
  variant: SearchVariant;
  position?: string | null;
  moves?: readonly string[] | null;
  options: SuggestOptions;
}

export interface SuggestLine {
  moves: string[];
  score: number;
}

/** api.md section 10's answer, plus how deep the quiescence search went and why the search stopped. */
export interface SuggestAnswer {
  bestMove: MoveInfo;
  lines: SuggestLine[];
  depth: number;
  nodes: number;
  timeMs: number;
  level: number;
  seldepth: number;
  stoppedBy: StopReason;
}

export const SEARCH_REFUSALS = [
  'SEARCH_BAD_REQUEST',
  'SEARCH_BAD_STATE',
  'SEARCH_ILLEGAL_MOVE',
  'SEARCH_GAME_OVER',
  'SEARCH_QUEUE_FULL',
  'SEARCH_CLIENT_LIMIT',
  'SEARCH_POOL_CLOSED',
  'SEARCH_CANCELLED',
  'SEARCH_WORKER_MISSING',
  'SEARCH_FAILED',
] as const;
export type SearchRefusalCode = (typeof SEARCH_REFUSALS)[number];

export interface SearchRefusal {
  code: SearchRefusalCode;
  message: string;
  /** SEARCH_BAD_REQUEST, SEARCH_BAD_STATE: every problem found. */
  problems?: Problem[];
  /** SEARCH_ILLEGAL_MOVE: the first illegal move of the state. */
  illegal?: IllegalMove;
  /** SEARCH_GAME_OVER: how the game ended. */
  outcome?: Outcome;
}

export type SuggestResult = Result<SuggestAnswer, SearchRefusal>;

export function refusal(code: SearchRefusalCode, message: string, extra: Partial<SearchRefusal> = {}): SuggestResult {
  return err({ code, message, ...extra });
}

/** A job for `v` (built-in or custom: its compiled definition travels). */
export function searchJob(v: CompiledVariant, state: GameStateInput, options: SuggestOptions): SearchJob {
  return {
    variant: { id: v.id, rules: v.rules },
    position: state.position ?? null,
    moves: state.moves ? state.moves.map((m) => m as string) : null,
    options,
  };
}

const compiled = new Map<string, CompiledVariant>();
const COMPILED_LIMIT = 32;

/** The compiled variant of a job's definition, cached (the definition must come from a compiled variant). */
function variantOf(sv: SearchVariant): CompiledVariant {
  const key = `${sv.id}\n${JSON.stringify(sv.rules)}`;
  let v = compiled.get(key);
  if (!v) {
    v = compileVariant(sv.id, sv.rules);
    if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, v);
  }
  return v;
}

/** Runs a job in this thread: the worker's whole work, and a reference for tests. Never throws. */
export function runSearchJob(job: SearchJob, control: SearchControl = {}): SuggestResult {
  const started = control.now ? control.now() : performance.now();
  if (typeof job !== 'object' || job === null || typeof job.variant !== 'object' || job.variant === null) {
    return refusal('SEARCH_BAD_REQUEST', 'a search job needs a variant definition');
  }
  const checked = checkSuggestOptions(job.options);
  if (!checked.ok) return refusal('SEARCH_BAD_REQUEST', 'the search options are out of bounds', { problems: checked.error });
  let v: CompiledVariant;
  try {
    v = variantOf(job.variant);
  } catch (e) {
    return refusal('SEARCH_BAD_REQUEST', `the variant definition does not compile: ${e instanceof Error ? e.message : String(e)}`);
  }
  const loaded = loadState(v, { position: job.position, moves: job.moves });
  if (!loaded.ok) {
    const e = loaded.error;
    return e.kind === 'bad-input'
      ? refusal('SEARCH_BAD_STATE', 'the game state is not valid', { problems: e.errors })
      : refusal('SEARCH_ILLEGAL_MOVE', `move ${e.illegal.index} is illegal: ${e.illegal.message}`, { illegal: e.illegal });
  }
  const state = loaded.value;
  if (state.finished) return refusal('SEARCH_GAME_OVER', 'the game is over: there is no move to suggest', { outcome: state.outcomeInfo() });
  try {
    const r = suggest(v, state.pos, checked.value, { ...control, startedAt: started });
    if (r.bestMove === null) return refusal('SEARCH_GAME_OVER', 'the game is over: there is no move to suggest');
    const lines = r.lines.map((l) => ({ moves: lineInfo(state.pos, l.moves).map((m) => m.notation), score: l.score }));
    const best = lineInfo(state.pos, [r.bestMove])[0];
    return ok({
      bestMove: best,
      lines,
      depth: r.depth,
      nodes: r.nodes,
      timeMs: r.timeMs,
      level: r.level,
      seldepth: r.seldepth,
      stoppedBy: r.stoppedBy,
    });
  } catch (e) {
    return refusal('SEARCH_FAILED', `the search failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
