/**
 * Every value set of the rules and their answers, written once. Types, validators, OpenAPI and GraphQL
 * enums and the engine's integer codes are all derived from these arrays, so adding a value is one edit
 * that the compiler then follows everywhere (maps keyed by these types must be exhaustive).
 */

export const SIDES = ['attackers', 'defenders'] as const;
export type SideName = (typeof SIDES)[number];

/** TFEN side letters, in the order of SIDES. */
export const SIDE_LETTERS = ['a', 'd'] as const;
export type SideLetter = (typeof SIDE_LETTERS)[number];

export const OUTCOME_STATUSES = ['ongoing', 'finished'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const WINNERS = ['attackers', 'defenders', 'draw'] as const;
export type Winner = (typeof WINNERS)[number];

/** Reasons the board itself decides (the engine's outcome codes, in code order from 1). */
export const BOARD_OUTCOME_REASONS = [
  'king_escaped',
  'exit_fort',
  'king_captured',
  'encircled',
  'repetition',
  'no_legal_moves',
  'both_immobile',
] as const;
export type BoardOutcomeReason = (typeof BOARD_OUTCOME_REASONS)[number];

/**
 * Reasons decided off the board: by the players, the clock, or the failure of an external engine
 * seated for a side (stored games; api.md section 15).
 */
export const PLAYER_OUTCOME_REASONS = ['resigned', 'draw_agreed', 'timeout', 'engine_failure'] as const;
export type PlayerOutcomeReason = (typeof PLAYER_OUTCOME_REASONS)[number];

/** Every outcome reason of api.md section 4. */
export const OUTCOME_REASONS = [...BOARD_OUTCOME_REASONS, ...PLAYER_OUTCOME_REASONS] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** Why a move is illegal (api.md section 4), in the order rules.md R-2 checks them. */
export const ILLEGAL_REASONS = [
  'GAME_OVER',
  'BAD_NOTATION',
  'BAD_SQUARE',
  'NO_PIECE',
  'NOT_YOUR_PIECE',
  'NOT_STRAIGHT',
  'PATH_BLOCKED',
  'DESTINATION_OCCUPIED',
  'RESTRICTED_SQUARE',
  'THRONE_REENTRY',
  'CAPTURES_MISMATCH',
] as const;
export type IllegalReason = (typeof ILLEGAL_REASONS)[number];

/**
 * `commanders-2`: OpenTafl's strong king when the attackers have commanders or knights (OTN-12): taken
 * only between two of them, or one of them and a hostile corner, never on or against the throne.
 */
export const KING_CAPTURES = ['custodial-2', 'strong-4', 'graded', 'throne-4', 'castle-4', 'commanders-2'] as const;
export type KingCapture = (typeof KING_CAPTURES)[number];

/**
 * When a special square counts as an enemy: never, only while empty, in both states, or only while
 * occupied (OpenTafl writes the two states as separate piece sets, so an occupied-only throne exists).
 */
export const HOSTILITIES = ['never', 'empty', 'always', 'occupied'] as const;
export type Hostility = (typeof HOSTILITIES)[number];

/**
 * Who may do something on a special square: every piece, the king only, nobody, one side's pieces
 * (`attackers`; `defenders`: soldiers, commanders and the king), every piece but the king
 * (`soldiers`), the defenders but the king (`defenderSoldiers`), or the attackers and the king
 * (`attackersAndKing`): every set an OpenTafl piece set can name. One word each: the set is a GraphQL enum too.
 */
export const WHO = ['all', 'king', 'nobody', 'attackers', 'defenders', 'soldiers', 'defenderSoldiers', 'attackersAndKing'] as const;
export type Who = (typeof WHO)[number];

/**
 * How an armed king takes part in captures (OpenTafl `ka:y`, `ka:h`, `ka:a`): as the moving piece and
 * as the stationary one, only as the moving piece (the hammer), or only as the stationary one (the anvil).
 */
export const KING_ARMS = ['hammer-and-anvil', 'hammer', 'anvil'] as const;
export type KingArms = (typeof KING_ARMS)[number];

/**
 * Which squares of a corner block are escape squares: its corner point only (AEC-6), or every square
 * of the block (OpenTafl, where every `cor:` square is a corner space).
 */
export const CORNER_GOALS = ['point', 'block'] as const;
export type CornerGoal = (typeof CORNER_GOALS)[number];

export const ESCAPE_RULES = ['corners', 'edge', 'corners-then-edge-when-blocked'] as const;
export type EscapeRule = (typeof ESCAPE_RULES)[number];

export const NO_LEGAL_MOVE_RULES = ['loses', 'pass', 'draw'] as const;
export type NoLegalMoveRule = (typeof NO_LEGAL_MOVE_RULES)[number];

/** What the move that creates the Nth occurrence gives (OpenTafl `tfr:d`, `tfr:w`, `tfr:l`). */
export const REPETITION_RESULTS = ['draw', 'mover-loses', 'mover-wins'] as const;
export type RepetitionResult = (typeof REPETITION_RESULTS)[number];

/** `fort`: an OpenTafl fortress square (OTN-11); its side is in the description's `fortOf`. */
export const SPECIAL_SQUARE_KINDS = ['throne', 'corner', 'citadel', 'fort'] as const;
export type SpecialSquareKind = (typeof SPECIAL_SQUARE_KINDS)[number];

/**
 * TFEN piece letters: attacker soldier, defender soldier, king, commander (a defender), and OpenTafl's
 * attacker commander and knights (OTN-12).
 */
export const PIECE_LETTERS = ['t', 'T', 'K', 'C', 'c', 'n', 'N', 'm', 'M', 'g', 'G'] as const;
export type PieceLetter = (typeof PIECE_LETTERS)[number];

/** What one piece of each kind is called: legends, screen-reader labels, the registry's pieces. */
export const PIECE_LETTER_NAMES: Record<PieceLetter, string> = {
  t: 'attacker',
  T: 'defender',
  K: 'king',
  C: 'commander',
  c: 'attacker commander',
  n: 'attacker knight',
  N: 'defender knight',
  m: 'attacker mercenary',
  M: 'defender mercenary',
  g: 'attacker guard',
  G: 'defender guard',
};

/**
 * How a kind of piece jumps over one adjacent enemy soldier (OpenTafl `kj`, `nj`, `cj`: OTN-12): not at
 * all, to the empty square beyond, the same and taking the jumped piece, or only from or onto a special square.
 */
export const JUMP_MODES = ['none', 'jump', 'capture', 'restricted'] as const;
export type JumpMode = (typeof JUMP_MODES)[number];

/**
 * OpenTafl's berserk (`ber`, OTN-13): after a capture the same piece moves again while it has a capturing
 * move (`capture`) or any move at all (`any-move`).
 */
export const BERSERK_MODES = ['capture', 'any-move'] as const;
export type BerserkMode = (typeof BERSERK_MODES)[number];

/** Narrows an unknown value to a member of a value set. */
export function isOneOf<T extends string>(values: readonly T[], x: unknown): x is T {
  return typeof x === 'string' && (values as readonly string[]).includes(x);
}
