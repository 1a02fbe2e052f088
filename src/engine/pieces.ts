/** Integer codes used on the fast board. */
export const EMPTY = 0;
export const ATTACKER = 1;
export const DEFENDER = 2;
export const KING = 3;
export const COMMANDER = 4;
/** Border cell around the board: never empty, never a piece, stops every ray. */
export const OFF = 8;

export const ATTACKERS = 0;
export const DEFENDERS = 1;

/** Which side a piece code belongs to (-1 for empty and border). */
export const SIDE_OF: Int8Array = (() => {
  const t = new Int8Array(16).fill(-1);
  t[ATTACKER] = ATTACKERS;
  t[DEFENDER] = DEFENDERS;
  t[KING] = DEFENDERS;
  t[COMMANDER] = DEFENDERS;
  return t;
})();

export const LETTER_OF: Record<number, string> = {
  [ATTACKER]: 't',
  [DEFENDER]: 'T',
  [KING]: 'K',
  [COMMANDER]: 'C',
};

export const PIECE_OF_LETTER: Record<string, number> = {
  t: ATTACKER,
  T: DEFENDER,
  K: KING,
  C: COMMANDER,
};

/** Side names by side index (0 attackers, 1 defenders). */
export { SIDES as SIDE_NAMES } from './values.js';

/** Classes of captured piece that hostility depends on (rules.md R-4). */
export const VICTIM_ATTACKER = 0;
export const VICTIM_DEFENDER = 1;
export const VICTIM_KING = 2;
