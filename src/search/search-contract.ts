/**
 * What the Searcher is given and what it answers: its limits, its lines in engine moves, and why it
 * stopped.
 */
export const STOP_REASONS = ['depth', 'nodes', 'time', 'mate', 'only-move', 'cancelled', 'game-over'] as const;
/** Why a search ended: its depth limit, node limit or clock, a win or loss found within the depth, a single legal move, a cancellation, or a finished game. */
export type StopReason = (typeof STOP_REASONS)[number];

export interface SearchLimits {
  maxDepth: number;
  /** Node limit (Infinity for none): the reproducible stop. */
  maxNodes: number;
  /** Clock stop, in `now()` milliseconds. */
  deadline: number;
  multiPv: number;
  /** Evaluation noise: each position's evaluation moves by up to ± this, fixed by the position and the seed. */
  noise: number;
  noiseSeed: number;
  now: () => number;
  /** Polled with the clock; true stops the search (a cancellation). */
  shouldStop: (() => boolean) | null;
}

export interface RawLine {
  moves: number[];
  score: number;
}

export interface RawSearchResult {
  /** Best first, at most multiPv, distinct first moves. */
  lines: RawLine[];
  /** The deepest iteration completed. */
  depth: number;
  seldepth: number;
  nodes: number;
  stoppedBy: StopReason;
}
