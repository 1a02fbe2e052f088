/** Integer codes used on the fast board. */
import { SIDES } from './values.js';

export const EMPTY = 0;
export const ATTACKER = 1;
export const DEFENDER = 2;
export const KING = 3;
export const COMMANDER = 4;
/** OpenTafl's pieces (OTN-12): the attackers' commander, and a knight of each side. */
export const ATTACKER_COMMANDER = 5;
export const ATTACKER_KNIGHT = 6;
export const DEFENDER_KNIGHT = 7;
/** Border cell around the board: never empty, never a piece, stops every ray. */
export const OFF = 8;
/**
 * OpenTafl's mercenaries (change sides when captured) and guards (neither capture nor are captured but
 * by a jump), OTN-12. Codes above OFF, whose Zobrist slice holds the berserker's keys.
 */
export const ATTACKER_MERCENARY = 9;
export const DEFENDER_MERCENARY = 10;
export const ATTACKER_GUARD = 11;
export const DEFENDER_GUARD = 12;

export const ATTACKERS = 0;
export const DEFENDERS = 1;

/** Which side a piece code belongs to (-1 for empty and border). */
export const SIDE_OF: Int8Array = (() => {
  const t = new Int8Array(16).fill(-1);
  t[ATTACKER] = ATTACKERS;
  t[DEFENDER] = DEFENDERS;
  t[KING] = DEFENDERS;
  t[COMMANDER] = DEFENDERS;
  t[ATTACKER_COMMANDER] = ATTACKERS;
  t[ATTACKER_KNIGHT] = ATTACKERS;
  t[DEFENDER_KNIGHT] = DEFENDERS;
  t[ATTACKER_MERCENARY] = ATTACKERS;
  t[DEFENDER_MERCENARY] = DEFENDERS;
  t[ATTACKER_GUARD] = ATTACKERS;
  t[DEFENDER_GUARD] = DEFENDERS;
  return t;
})();

export const LETTER_OF: Record<number, string> = {
  [ATTACKER]: 't',
  [DEFENDER]: 'T',
  [KING]: 'K',
  [COMMANDER]: 'C',
  [ATTACKER_COMMANDER]: 'c',
  [ATTACKER_KNIGHT]: 'n',
  [DEFENDER_KNIGHT]: 'N',
  [ATTACKER_MERCENARY]: 'm',
  [DEFENDER_MERCENARY]: 'M',
  [ATTACKER_GUARD]: 'g',
  [DEFENDER_GUARD]: 'G',
};

/** What a piece is called in messages. */
export const PIECE_NAMES: Record<number, string> = {
  [ATTACKER]: 'attackers',
  [DEFENDER]: 'defenders',
  [KING]: 'king',
  [COMMANDER]: 'commanders',
  [ATTACKER_COMMANDER]: 'attacker commanders',
  [ATTACKER_KNIGHT]: 'attacker knights',
  [DEFENDER_KNIGHT]: 'defender knights',
  [ATTACKER_MERCENARY]: 'attacker mercenaries',
  [DEFENDER_MERCENARY]: 'defender mercenaries',
  [ATTACKER_GUARD]: 'attacker guards',
  [DEFENDER_GUARD]: 'defender guards',
};

export const PIECE_OF_LETTER: Record<string, number> = {
  t: ATTACKER,
  T: DEFENDER,
  K: KING,
  C: COMMANDER,
  c: ATTACKER_COMMANDER,
  n: ATTACKER_KNIGHT,
  N: DEFENDER_KNIGHT,
  m: ATTACKER_MERCENARY,
  M: DEFENDER_MERCENARY,
  g: ATTACKER_GUARD,
  G: DEFENDER_GUARD,
};

/** Every piece code, for the tables built per piece. */
export const PIECE_CODES = [
  ATTACKER,
  DEFENDER,
  KING,
  COMMANDER,
  ATTACKER_COMMANDER,
  ATTACKER_KNIGHT,
  DEFENDER_KNIGHT,
  ATTACKER_MERCENARY,
  DEFENDER_MERCENARY,
  ATTACKER_GUARD,
  DEFENDER_GUARD,
] as const;

/** What a captured mercenary becomes (the other side's mercenary, on the same square); 0 for every other piece. */
export const FLIPPED: Uint8Array = (() => {
  const t = new Uint8Array(16);
  t[ATTACKER_MERCENARY] = DEFENDER_MERCENARY;
  t[DEFENDER_MERCENARY] = ATTACKER_MERCENARY;
  return t;
})();

/** Guards: never hammer nor anvil, and no square is hostile while an enemy guard stands on it. */
export const IS_GUARD: Uint8Array = (() => {
  const t = new Uint8Array(16);
  t[ATTACKER_GUARD] = t[DEFENDER_GUARD] = 1;
  return t;
})();

/** Commanders and knights: never jumped over, and the pieces that take OpenTafl's strong king (OTN-12). */
export const IS_COMMANDER_OR_KNIGHT: Uint8Array = (() => {
  const t = new Uint8Array(16);
  for (const p of [COMMANDER, ATTACKER_COMMANDER, ATTACKER_KNIGHT, DEFENDER_KNIGHT]) t[p] = 1;
  return t;
})();

/**
 * Side names by side index (0 attackers, 1 defenders). A constant rather than a re-export: a re-export
 * compiles to an accessor on this module's exports, which turns them into a slow dictionary, and the
 * hot loops read this module's constants on every square.
 */
export const SIDE_NAMES = SIDES;

/** Classes of captured piece that hostility depends on (rules.md R-4). */
export const VICTIM_ATTACKER = 0;
export const VICTIM_DEFENDER = 1;
export const VICTIM_KING = 2;
