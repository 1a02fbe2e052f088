/**
 * Game review (api.md section 16): every position of a game searched in the worker pool, one job per
 * position, so a long review shares the workers with other searches instead of holding one for
 * minutes, each ply can be reported as soon as it is judged, and a client that goes away cancels the
 * one job in flight. A move's score after it is the best line's when the move played was the search's
 * best or second-best move (the same search, so a best move loses nothing), else the negated score of
 * a search of the position after it as deep as the lines' moves were searched. With a seed every
 * search ends at a node count, so the review is the same on any machine (suggest.ts).
 */
import type { CompiledVariant } from '../engine/compiled-variant';
import type { MoveInfo, SideName } from '../engine/game-state';
import { GameStateInput, OperationError, loadState } from '../engine/operations';
import { Result, ok } from '../engine/result';
import type { SearchRefusal, SuggestAnswer } from './job';
import { searchJob } from './job';
import { MAX_BUDGET_MS, MAX_LEVEL, MIN_LEVEL } from './levels';
import { MARKS, Mark, markBands, markOf, lossOf } from './review-marks';
import { MATE } from './score';
import type { SearchPool, SubmitOptions } from './search-pool';

export interface ReviewOptions {
  level: number;
  budgetMsPerPly: number;
  seed?: number;
}

/** What a review takes when the request does not say: the strongest level, a fifth of a second a position. */
export const DEFAULT_REVIEW_OPTIONS = { level: MAX_LEVEL, budgetMsPerPly: 200 } as const;
/** Search time one review may ask for in all (plies × budget): ten minutes. */
export const MAX_REVIEW_BUDGET_MS = 600_000;
export { MAX_BUDGET_MS as MAX_REVIEW_PLY_BUDGET_MS, MIN_LEVEL as MIN_REVIEW_LEVEL, MAX_LEVEL as MAX_REVIEW_LEVEL };

export interface ReviewedPly {
  /** The number of moves played once this one is: 1 for the first move (a picture's `ply`). */
  ply: number;
  side: SideName;
  move: string;
  /** From the mover's view, in the search's units (MATE - n for a win in n plies). */
  scoreBefore: number;
  scoreAfter: number;
  bestMove: string;
  loss: number;
  mark: Mark;
}

export interface SideReview {
  moves: number;
  averageLoss: number;
  marks: Record<Mark, number>;
}

export interface GameReview {
  plies: ReviewedPly[];
  sides: { attackers: SideReview; defenders: SideReview };
  level: number;
  budgetMsPerPly: number;
  /** Nodes searched in all. */
  nodes: number;
  /** Milliseconds of search in all (workers' time, not wall time). */
  searchMs: number;
}

/** Why a review would ask for too much search in all, or null. */
export function reviewBudgetProblem(plies: number, budgetMsPerPly: number): string | null {
  if (plies * budgetMsPerPly <= MAX_REVIEW_BUDGET_MS) return null;
  return `${plies} plies × budgetMsPerPly ${budgetMsPerPly} is more than ${MAX_REVIEW_BUDGET_MS} ms of search: give a smaller budget per ply`;
}

interface PlyFacts {
  side: SideName;
  /** Who moves once the move is played: the same side again after a berserk capture. */
  sideAfter: SideName;
  /** The move as the engine writes it, with its captures. */
  played: MoveInfo;
  legalMoves: number;
}

/** A game replayed and ready for review: the facts of each ply, and how it ended. */
export interface ReviewPlan {
  v: CompiledVariant;
  position: string | null | undefined;
  plies: PlyFacts[];
  finishedBy: SideName | 'draw' | null;
}

/** Replays the game `input` of `v` for a review (in the calling thread: a replay costs microseconds a ply). */
export function planReview(v: CompiledVariant, input: GameStateInput): Result<ReviewPlan, OperationError> {
  const whole = loadState(v, input);
  if (!whole.ok) return whole;
  const played = whole.value.plies;
  const start = loadState(v, { position: input.position, moves: [] });
  if (!start.ok) return start;
  const s = start.value;
  const plies: PlyFacts[] = [];
  for (const move of played) {
    const legalMoves = s.eachLegalMove(undefined, () => undefined);
    const side = s.sideToMove();
    const checked = s.check(move.notation);
    // The whole game replayed above, so every move is legal again here.
    if (!checked.ok) throw new Error(`replay diverged at ${move.notation}: ${checked.error.message}`);
    s.advance(checked.value);
    plies.push({ side, sideAfter: s.sideToMove(), played: move, legalMoves });
  }
  const o = whole.value.outcomeInfo();
  return ok({ v, position: input.position, plies, finishedBy: o.status === 'ongoing' ? null : (o.winner ?? 'draw') });
}

/** Two moves in notation, captures left out (the search writes them as the engine does, but a pass has none). */
const sameMove = (a: string, b: string): boolean => a.split('x')[0] === b.split('x')[0];

export interface ReviewHooks {
  /** Hears each ply as soon as it is judged, in order. */
  onPly?: (p: ReviewedPly) => void;
  /** Hears each search as it ends (to charge its time as it is spent). */
  onSearch?: (a: SuggestAnswer) => void;
}

/**
 * Reviews a planned game. Answers the whole review, or the first search refused (cancelled, queue
 * full, client limit, pool closed).
 */
export async function reviewGame(
  pool: SearchPool,
  plan: ReviewPlan,
  options: ReviewOptions,
  submit: SubmitOptions = {},
  hooks: ReviewHooks = {},
): Promise<Result<GameReview, SearchRefusal>> {
  const { v, plies, finishedBy } = plan;
  const moves = plies.map((p) => (p.played.from === null ? 'pass' : `${p.played.from}-${p.played.to}`));
  const bands = markBands(v);
  const searchOptions = { level: options.level, budgetMs: options.budgetMsPerPly, multiPv: 2, seed: options.seed };
  let nodes = 0;
  let searchMs = 0;
  const search = async (n: number, maxDepth?: number): Promise<Result<SuggestAnswer, SearchRefusal>> => {
    const o = maxDepth === undefined ? searchOptions : { ...searchOptions, multiPv: 1, maxDepth };
    const r = await pool.run(searchJob(v, { position: plan.position, moves: moves.slice(0, n) }, o), submit);
    if (r.ok) {
      nodes += r.value.nodes;
      searchMs += r.value.timeMs;
      hooks.onSearch?.(r.value);
    }
    return r;
  };
  const reviewed: ReviewedPly[] = [];
  let before: Result<SuggestAnswer, SearchRefusal> | null = null;
  for (let i = 0; i < plies.length; i++) {
    before ??= await search(i);
    if (!before.ok) return before;
    const { side, sideAfter, played, legalMoves } = plies[i];
    const answer: SuggestAnswer = before.value;
    const line = answer.lines.findIndex((l) => sameMove(l.moves[0], played.notation));
    const ended = i === plies.length - 1 && finishedBy !== null;
    // Searched first: the next ply needs it, and its job is queued as this one's answer arrives.
    const after: Result<SuggestAnswer, SearchRefusal> | null = i < plies.length - 1 ? await search(i + 1) : null;
    if (after && !after.ok) return after;
    let scoreAfter: number;
    if (line >= 0) scoreAfter = answer.lines[line].score;
    // The move ended the game: a win in one for its mover, or a draw (or a loss, where a rule makes one).
    else if (ended) scoreAfter = finishedBy === side ? MATE - 1 : finishedBy === 'draw' ? 0 : -(MATE - 1);
    else {
      // The move the search did not rank: the position after it searched to the depth the best line had
      // below the root, one less than the root's. The full search of that position sees a ply further,
      // and at these depths an odd or even horizon moves a score by about a soldier: its score would
      // charge every such move that difference.
      const horizon = await search(i + 1, Math.max(1, answer.depth - 1));
      if (!horizon.ok) return horizon;
      // That search's score is its side to move's: the mover's own when it moves again (berserk).
      const s = horizon.value.lines[0].score;
      scoreAfter = sideAfter === side ? s : -s;
    }
    const scoreBefore = answer.lines[0].score;
    const loss = line === 0 ? 0 : lossOf(scoreBefore, scoreAfter);
    const mark = markOf(
      {
        forced: legalMoves === 1,
        best: line === 0,
        loss,
        bestScore: scoreBefore,
        secondScore: answer.lines.length > 1 ? answer.lines[1].score : null,
      },
      bands,
    );
    const p: ReviewedPly = {
      ply: i + 1,
      side,
      move: played.notation,
      scoreBefore,
      scoreAfter,
      bestMove: answer.bestMove.notation,
      loss,
      mark,
    };
    reviewed.push(p);
    hooks.onPly?.(p);
    before = after;
  }
  return ok({
    plies: reviewed,
    sides: { attackers: sideReview(reviewed, 'attackers'), defenders: sideReview(reviewed, 'defenders') },
    level: options.level,
    budgetMsPerPly: options.budgetMsPerPly,
    nodes,
    searchMs,
  });
}

export function sideReview(plies: readonly ReviewedPly[], side: SideName): SideReview {
  const marks = Object.fromEntries(MARKS.map((m) => [m, 0])) as Record<Mark, number>;
  let moves = 0;
  let lost = 0;
  for (const p of plies) {
    if (p.side !== side) continue;
    moves++;
    lost += p.loss;
    marks[p.mark]++;
  }
  return { moves, averageLoss: moves ? Math.round((10 * lost) / moves) / 10 : 0, marks };
}
