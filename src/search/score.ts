/**
 * Scores of the search, always from the side to move's view (api.md section 10): a win in n plies is
 * `MATE - n`, a loss in n plies `-MATE + n`, anything else an evaluation well inside ±EVAL_LIMIT.
 * "In n plies" counts the moves from the searched position to the end of the game, both sides' moves
 * included: a winning move played now is a win in 1; the opponent winning with the reply is a loss in 2.
 */
export const MATE = 1_000_000;
/** Deepest ply the search reaches from its root, the quiescence search included. */
export const MAX_PLY = 96;
/** Scores at least this far from zero are won or lost games. */
export const MATE_BOUND = MATE - 1000;
/** Above every score. */
export const INF = MATE + 1;
/** Evaluations are clamped inside this bound, so no evaluation can be read as a win or a loss. */
export const EVAL_LIMIT = 100_000;

export function isMateScore(score: number): boolean {
  return score >= MATE_BOUND || score <= -MATE_BOUND;
}

/** Plies to the end of the game for a win (positive) or loss (negative) score; null for an evaluation. */
export function matePlies(score: number): number | null {
  if (score >= MATE_BOUND) return MATE - score;
  if (score <= -MATE_BOUND) return -(MATE + score);
  return null;
}

/** A transposition table stores mate scores relative to the node, so they stay true at other plies. */
export function scoreToTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}

export function scoreFromTable(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
}
