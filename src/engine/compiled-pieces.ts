/**
 * The per-piece tables of a compiled variant: who each Who value admits, how each piece captures, how
 * far it moves and how it jumps. OpenTafl's extra pieces (OTN-12) take their side's part everywhere but
 * in jumps and in taking the king, so a Who value admits them with their side's soldiers.
 */
import type { MercenaryGuardAccess, RulesetDefinition } from './definition.js';
import {
  ATTACKER,
  ATTACKER_COMMANDER,
  ATTACKER_GUARD,
  ATTACKER_KNIGHT,
  ATTACKER_MERCENARY,
  COMMANDER,
  DEFENDER,
  DEFENDER_GUARD,
  DEFENDER_KNIGHT,
  DEFENDER_MERCENARY,
  EMPTY,
  FLIPPED,
  KING,
  LETTER_OF,
  OFF,
  PIECE_CODES,
} from './pieces.js';
import type { BerserkMode, JumpMode, Who } from './values.js';

const ATTACKER_SOLDIERS = [ATTACKER, ATTACKER_COMMANDER, ATTACKER_KNIGHT];
const DEFENDER_SOLDIERS = [DEFENDER, COMMANDER, DEFENDER_KNIGHT];

/** The pieces each value of Who admits (WHO in values.ts); exhaustive, so a new value must be placed. */
const WHO_PIECES: Record<Who, readonly number[]> = {
  all: [...ATTACKER_SOLDIERS, ...DEFENDER_SOLDIERS, KING],
  king: [KING],
  nobody: [],
  attackers: ATTACKER_SOLDIERS,
  defenders: [...DEFENDER_SOLDIERS, KING],
  soldiers: [...ATTACKER_SOLDIERS, ...DEFENDER_SOLDIERS],
  defenderSoldiers: DEFENDER_SOLDIERS,
  attackersAndKing: [...ATTACKER_SOLDIERS, KING],
};

export function whoAllows(who: Who, piece: number): boolean {
  return WHO_PIECES[who].includes(piece);
}

const MERCENARIES_AND_GUARDS: readonly number[] = [ATTACKER_MERCENARY, DEFENDER_MERCENARY, ATTACKER_GUARD, DEFENDER_GUARD];

/** A special square's permissions, as the definition gives them (throne, corners, forts). */
interface SquareWho {
  whoMayStop: Who;
  whoMayPass: Who;
  whoMayLand?: Who;
  whoMayEnter?: Who;
  mercenariesAndGuards?: MercenaryGuardAccess;
}

/**
 * May `piece` stop on, pass, land on or enter such a square? Mercenaries and guards by their own letters
 * (OpenTafl's sets name them apart), every other piece by the Who values.
 */
export function squareAllows(square: SquareWho, permission: 'stop' | 'pass' | 'land' | 'enter', piece: number): boolean {
  if (MERCENARIES_AND_GUARDS.includes(piece)) {
    const a = square.mercenariesAndGuards;
    const letters = !a ? '' : permission === 'land' ? (a.land ?? a.stop) : permission === 'enter' ? (a.enter ?? '') : a[permission];
    return letters.includes(LETTER_OF[piece]);
  }
  const who =
    permission === 'stop'
      ? square.whoMayStop
      : permission === 'pass'
        ? square.whoMayPass
        : permission === 'land'
          ? (square.whoMayLand ?? square.whoMayStop)
          : (square.whoMayEnter ?? 'all');
  return whoAllows(who, piece);
}

/** Jump modes as the engine reads them. */
export const JUMP_NONE = 0;
export const JUMP_PLAIN = 1;
export const JUMP_CAPTURE = 2;
export const JUMP_RESTRICTED = 3;

export const BERSERK_NONE = 0;
export const BERSERK_CAPTURE = 1;
export const BERSERK_ANY_MOVE = 2;

const JUMP_CODES: Record<JumpMode, number> = { none: JUMP_NONE, jump: JUMP_PLAIN, capture: JUMP_CAPTURE, restricted: JUMP_RESTRICTED };
const BERSERK_CODES: Record<BerserkMode, number> = { capture: BERSERK_CAPTURE, 'any-move': BERSERK_ANY_MOVE };

export interface PieceTables {
  /** hammer[side][piece]: 1 when the piece, moving, captures for that side (an unarmed or anvil-only king does not). */
  hammer: Uint8Array[];
  /** anvil[side][piece]: 1 when the piece, standing, closes a capture for that side. */
  anvil: Uint8Array[];
  swHammer: Uint8Array[];
  swAnvil: Uint8Array[];
  speedLimit: Uint8Array;
  jumpMode: Uint8Array;
  berserk: number;
  /** pieceAllowed[piece]: 1 when a position of the variant may hold the piece. */
  pieceAllowed: Uint8Array;
  /** Some piece on the start board is one of OpenTafl's extras (c, n, N, or C outside Unst's rules). */
  extraPieces: boolean;
}

export function pieceTables(rules: RulesetDefinition, startBoard: Uint8Array): PieceTables {
  const hammer = [new Uint8Array(16), new Uint8Array(16)];
  const anvil = [new Uint8Array(16), new Uint8Array(16)];
  for (const t of [hammer, anvil]) {
    for (const p of [...ATTACKER_SOLDIERS, ATTACKER_MERCENARY]) t[0][p] = 1;
    for (const p of [...DEFENDER_SOLDIERS, DEFENDER_MERCENARY]) t[1][p] = 1;
  }
  if (rules.king.armed && rules.king.armedAs !== 'anvil') hammer[1][KING] = 1;
  if (rules.king.armed && rules.king.armedAs !== 'hammer') anvil[1][KING] = 1;
  // OTN-9: separate tables only where they differ, so a built-in's shieldwall reads the very same arrays.
  let swHammer = hammer;
  let swAnvil = anvil;
  if (rules.shieldwall?.kingAlwaysArmed) {
    swHammer = hammer.map((t) => t.slice());
    swAnvil = anvil.map((t) => t.slice());
    swHammer[1][KING] = 1;
    swAnvil[1][KING] = 1;
  }
  // OpenTafl's shieldwalls ask only for the side of a standing piece, so a guard fronts and closes a row;
  // a moved guard captures nothing (captures-extended.ts).
  const guards = startBoard.includes(ATTACKER_GUARD) || startBoard.includes(DEFENDER_GUARD);
  if (guards && rules.shieldwall) {
    if (swAnvil === anvil) swAnvil = anvil.map((t) => t.slice());
    swAnvil[0][ATTACKER_GUARD] = 1;
    swAnvil[1][DEFENDER_GUARD] = 1;
  }

  const speedLimit = new Uint8Array(16).fill(rules.size);
  const limits = rules.speedLimits;
  if (limits) {
    const of = (x: number | null) => (x === null ? rules.size : x);
    for (const p of [...ATTACKER_SOLDIERS, ATTACKER_MERCENARY, ATTACKER_GUARD]) speedLimit[p] = of(limits.attackers);
    for (const p of [...DEFENDER_SOLDIERS, DEFENDER_MERCENARY, DEFENDER_GUARD]) speedLimit[p] = of(limits.defenders);
    speedLimit[KING] = of(limits.king);
  }

  const jumpMode = new Uint8Array(16);
  if (rules.jumps) {
    jumpMode[KING] = JUMP_CODES[rules.jumps.king];
    jumpMode[ATTACKER_KNIGHT] = jumpMode[DEFENDER_KNIGHT] = JUMP_CODES[rules.jumps.knights];
    jumpMode[ATTACKER_COMMANDER] = jumpMode[COMMANDER] = JUMP_CODES[rules.jumps.commanders];
    jumpMode[ATTACKER_MERCENARY] = jumpMode[DEFENDER_MERCENARY] = JUMP_CODES[rules.jumps.mercenaries ?? 'none'];
  }

  const onStart = new Set<number>();
  for (const p of startBoard) if (p !== EMPTY && p !== OFF) onStart.add(p);
  const pieceAllowed = new Uint8Array(16);
  for (const p of [ATTACKER, DEFENDER, KING]) pieceAllowed[p] = 1;
  for (const p of PIECE_CODES) if (onStart.has(p)) pieceAllowed[p] = 1;
  // A captured mercenary stands on as the other side's.
  for (const p of [ATTACKER_MERCENARY, DEFENDER_MERCENARY]) if (onStart.has(p)) pieceAllowed[FLIPPED[p]] = 1;
  if (rules.commanders) pieceAllowed[COMMANDER] = 1;
  const extraPieces =
    [ATTACKER_COMMANDER, ATTACKER_KNIGHT, DEFENDER_KNIGHT, ...MERCENARIES_AND_GUARDS].some((p) => onStart.has(p)) ||
    (onStart.has(COMMANDER) && !rules.commanders);

  return {
    hammer,
    anvil,
    swHammer,
    swAnvil,
    speedLimit,
    jumpMode,
    berserk: rules.berserk ? BERSERK_CODES[rules.berserk] : BERSERK_NONE,
    pieceAllowed,
    extraPieces,
  };
}
