/** Outcomes as small integers on the hot path: winner * 16 + reason; 0 is "ongoing". */
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

export const REASON_NAMES: Record<number, string> = {
  [R_KING_ESCAPED]: 'king_escaped',
  [R_EXIT_FORT]: 'exit_fort',
  [R_KING_CAPTURED]: 'king_captured',
  [R_ENCIRCLED]: 'encircled',
  [R_REPETITION]: 'repetition',
  [R_NO_LEGAL_MOVES]: 'no_legal_moves',
  [R_BOTH_IMMOBILE]: 'both_immobile',
};

export const WINNER_NAMES: Record<number, 'attackers' | 'defenders' | 'draw'> = {
  [WIN_ATTACKERS]: 'attackers',
  [WIN_DEFENDERS]: 'defenders',
  [WIN_DRAW]: 'draw',
};

/** Winner code of a side index (0 attackers, 1 defenders). */
export const winnerOfSide = (side: number): number => (side === 0 ? WIN_ATTACKERS : WIN_DEFENDERS);
