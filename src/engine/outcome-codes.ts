/** Outcomes as small integers on the hot path: winner * 16 + reason; 0 is "ongoing". */
import { BOARD_OUTCOME_REASONS, BoardOutcomeReason, WINNERS, Winner } from './values.js';

export const ONGOING = 0;

export const WIN_ATTACKERS = 1;
export const WIN_DEFENDERS = 2;
export const WIN_DRAW = 3;

export const R_KING_ESCAPED = 1;
export const R_EXIT_FORT = 2;
export const R_KING_CAPTURED = 3;
export const R_ENCIRCLED = 4;
export const R_REPETITION = 5;
export const R_NO_LEGAL_MOVES = 6;
export const R_BOTH_IMMOBILE = 7;

export const outcomeCode = (winner: number, reason: number): number => winner * 16 + reason;
export const outcomeWinner = (code: number): number => code >> 4;
export const outcomeReason = (code: number): number => code & 15;

/** Reason names by code: a reason's code is its place in BOARD_OUTCOME_REASONS, from 1. */
export const REASON_NAMES: Record<number, BoardOutcomeReason> = Object.fromEntries(BOARD_OUTCOME_REASONS.map((r, i) => [i + 1, r]));

const REASON_CODES: Record<BoardOutcomeReason, number> = {
  king_escaped: R_KING_ESCAPED,
  exit_fort: R_EXIT_FORT,
  king_captured: R_KING_CAPTURED,
  encircled: R_ENCIRCLED,
  repetition: R_REPETITION,
  no_legal_moves: R_NO_LEGAL_MOVES,
  both_immobile: R_BOTH_IMMOBILE,
};
for (const r of BOARD_OUTCOME_REASONS) {
  if (REASON_NAMES[REASON_CODES[r]] !== r) throw new Error(`outcome code of ${r} is out of order`);
}

/** Winner names by code: a winner's code is its place in WINNERS, from 1. */
export const WINNER_NAMES: Record<number, Winner> = Object.fromEntries(WINNERS.map((w, i) => [i + 1, w]));
if (WINNER_NAMES[WIN_ATTACKERS] !== 'attackers' || WINNER_NAMES[WIN_DEFENDERS] !== 'defenders' || WINNER_NAMES[WIN_DRAW] !== 'draw') {
  throw new Error('winner codes are out of order');
}

/** Winner code of a side index (0 attackers, 1 defenders). */
export const winnerOfSide = (side: number): number => (side === 0 ? WIN_ATTACKERS : WIN_DEFENDERS);
