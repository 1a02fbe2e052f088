/**
 * Move suggestion in the calling thread (tests, benchmarks, and the worker threads of SearchPool).
 *
 * Reproducibility (api.md section 10, `seed`): with a seed, the evaluation noise is a function of the
 * position and the seed, the transposition table, killers and history start empty for every search,
 * and the search stops at a node limit derived from the budget (levels.ts, seededNodeLimit) instead
 * of the clock, so the same position, history and options search the same tree and answer the same
 * lines, depth and node count, whatever the machine's load: the clock never stops a seeded search
 * (api.md section 10). Without a seed the noise is random and the clock stops the search.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { outcomeAfterMove, outcomeAtStart } from '../engine/outcome';
import { ONGOING } from '../engine/outcome-codes';
import { Position } from '../engine/position';
import { MAX_SEARCH_DEPTH, SuggestOptions, checkSuggestOptions, levelSetting, seededNodeLimit } from './levels';
import { RawLine, StopReason } from './search-contract';
import { Searcher } from './searcher';
import { TranspositionTable } from './transposition';

export interface SearchLine {
  /** Engine move integers `(from << 10) | to`; PASS (0) where the variant passes. */
  moves: number[];
  /** From the side to move's view: MATE - n / -MATE + n for a win / loss in n plies, else an evaluation. */
  score: number;
}

export interface SearchResult {
  /** The first move of the best line; null when the game is already over. */
  bestMove: number | null;
  lines: SearchLine[];
  /** Deepest iteration completed. */
  depth: number;
  /** Deepest ply reached, quiescence included. */
  seldepth: number;
  nodes: number;
  timeMs: number;
  level: number;
  stoppedBy: StopReason;
}

export interface SearchControl {
  /** Polled every few hundred nodes; true stops the search (it answers what it has, stoppedBy "cancelled"). */
  shouldStop?: () => boolean;
  /** Milliseconds clock (default performance.now). */
  now?: () => number;
  /** When the budget started, on `now`'s clock (default: the call). */
  startedAt?: number;
}

/** Time kept back from the budget for answering. */
export const ANSWER_RESERVE_MS = 3;

let sharedTable: TranspositionTable | null = null;
const searchers = new WeakMap<CompiledVariant, Searcher>();

function searcherFor(v: CompiledVariant): Searcher {
  let s = searchers.get(v);
  if (!s) {
    sharedTable ??= new TranspositionTable();
    searchers.set(v, (s = new Searcher(v, sharedTable)));
  }
  return s;
}

/** The outcome of the game standing at `pos` (after its last move, or of a position with no history). */
export function outcomeOf(pos: Position): number {
  return pos.ply > 0 ? outcomeAfterMove(pos) : outcomeAtStart(pos);
}

/**
 * The best moves for the side to move of `pos` (a position of `v`, with its game's history for the
 * repetition rule). `pos` is searched in place and restored. Throws a RangeError for options that
 * checkSuggestOptions refuses.
 */
export function suggest(v: CompiledVariant, pos: Position, options: SuggestOptions, control: SearchControl = {}): SearchResult {
  const checked = checkSuggestOptions(options);
  if (!checked.ok) throw new RangeError(checked.error.map((p) => p.message).join('; '));
  const o = checked.value;
  if (pos.v !== v) throw new RangeError(`the position is not a position of ${v.id}`);
  const now = control.now ?? (() => performance.now());
  const start = control.startedAt ?? now();
  const setting = levelSetting(o.level);
  const answer = (r: Omit<SearchResult, 'timeMs' | 'level' | 'bestMove'> & { lines: RawLine[] }): SearchResult => ({
    bestMove: r.lines.length ? r.lines[0].moves[0] : null,
    lines: r.lines.map((l) => ({ moves: l.moves, score: l.score })),
    depth: r.depth,
    seldepth: r.seldepth,
    nodes: r.nodes,
    timeMs: Math.round(now() - start),
    level: o.level,
    stoppedBy: r.stoppedBy,
  });
  if (outcomeOf(pos) !== ONGOING) return answer({ lines: [], depth: 0, seldepth: 0, nodes: 0, stoppedBy: 'game-over' });
  const seeded = o.seed !== undefined;
  const seed = seeded ? mixSeed(o.seed as number) : (Math.random() * 0x100000000) | 0;
  // The level's share of the budget: the top levels differ by how long they search (levels.ts).
  const budgetMs = o.budgetMs * setting.budgetShare;
  const raw = searcherFor(v).run(pos, {
    maxDepth: Math.min(o.maxDepth ?? setting.maxDepth, MAX_SEARCH_DEPTH),
    maxNodes: o.maxNodes ?? (seeded ? seededNodeLimit(v, budgetMs) : Infinity),
    deadline: seeded ? Infinity : start + Math.max(1, budgetMs - ANSWER_RESERVE_MS),
    multiPv: o.multiPv,
    noise: setting.noise,
    noiseSeed: seed,
    now,
    shouldStop: control.shouldStop ?? null,
  });
  return answer(raw);
}

/** A 32-bit noise seed from any safe integer (both halves count). */
function mixSeed(seed: number): number {
  const lo = (seed % 0x100000000) | 0;
  const hi = Math.floor(seed / 0x100000000) | 0;
  let h = (lo ^ Math.imul(hi, 0x9e3779b1) ^ 0x6a09e667) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) | 0;
}
