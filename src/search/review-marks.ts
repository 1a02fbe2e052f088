/**
 * How a reviewed move is judged (api.md section 16): its loss is how much worse the position became
 * for the side that moved, measured against the best move the search found, and its mark names the
 * band the loss falls in. The bands differ per board family because evaluations do: a soldier weighs
 * more on 7×7 than on 19×19. docs/analysis.md gives the figures each band was chosen from.
 */
import type { CompiledVariant } from '../engine/compiled-variant';
import { EvalFamily, evalFamily } from './eval-weights';
import { MATE_BOUND } from './score';

export const MARKS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'only', 'forced'] as const;
export type Mark = (typeof MARKS)[number];

/**
 * Scores are capped here before they are compared: a won game counts as this much and no more, so
 * missing a win in one costs as much as missing a win in five, and a loss between two evaluations of
 * a won game (a mate in 3 instead of a mate in 2) is none. In hundredths of an attacker soldier: above
 * any evaluation of a game still being played (19×19 positions evaluate up to about ±1,500, smaller
 * boards ±600), so that capping never flattens two different evaluations.
 */
export const SCORE_CAP = 5000;

/** The smallest loss of each band: below `inaccuracy` a move is good. */
export interface MarkBands {
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

/**
 * Near the 60th, 85th and 96th percentiles of the losses of the moves that were not the search's best,
 * over 100 real games of Brandubh and of Copenhagen and 12 self-played games of Tablut, each position
 * searched at level 10 for 200 ms, seeded (`npm run bench:analysis`; docs/analysis.md has the figures).
 * Brandubh's blunder band sits lower, at its 91st: past it its losses are games thrown away (its 95th
 * percentile is 4,108). 19×19 has no real games at hand, and a seeded search of 200 ms completes only
 * depth 1 there (losses under 30 at the 96th percentile): it takes the corner family's bands.
 */
export const MARK_BANDS: Readonly<Record<EvalFamily, MarkBands>> = {
  small: { inaccuracy: 80, mistake: 170, blunder: 300 },
  corner: { inaccuracy: 110, mistake: 190, blunder: 250 },
  edge: { inaccuracy: 40, mistake: 120, blunder: 200 },
  large: { inaccuracy: 110, mistake: 190, blunder: 250 },
};

export function markBands(v: CompiledVariant): MarkBands {
  return MARK_BANDS[evalFamily(v)];
}

/** A score of the search, capped (see SCORE_CAP); mate scores become ±SCORE_CAP. */
export function capScore(score: number): number {
  if (score >= MATE_BOUND) return SCORE_CAP;
  if (score <= -MATE_BOUND) return -SCORE_CAP;
  return Math.max(-SCORE_CAP, Math.min(SCORE_CAP, score));
}

/** How much the move lost for its mover: never negative (a search may find more after the move). */
export function lossOf(scoreBefore: number, scoreAfter: number): number {
  return Math.max(0, capScore(scoreBefore) - capScore(scoreAfter));
}

export interface MarkFacts {
  /** The search of the position before the move stopped at once: it had one legal move. */
  forced: boolean;
  /** The move played is the search's best move. */
  best: boolean;
  loss: number;
  /** The score of the second-best move, when the search had one (from the mover's view). */
  secondScore: number | null;
  bestScore: number;
}

/**
 * The mark of one move. "only": the best move, and every other move would have been a blunder; a
 * single legal move is "forced" rather than "only".
 */
export function markOf(f: MarkFacts, bands: MarkBands): Mark {
  if (f.forced) return 'forced';
  if (f.best) {
    const second = f.secondScore;
    return second !== null && lossOf(f.bestScore, second) >= bands.blunder ? 'only' : 'best';
  }
  if (f.loss >= bands.blunder) return 'blunder';
  if (f.loss >= bands.mistake) return 'mistake';
  if (f.loss >= bands.inaccuracy) return 'inaccuracy';
  return 'good';
}
