/**
 * The mechanics of a ruleset, as data (rules.md section 3): the one struct the engine compiles into
 * lookup tables. Who a variant is and where its rules come from (id, name, sources, decisions) is
 * registry metadata and lives with the variants (src/variants/variant-definition.ts), not here.
 *
 * Only parameters that differ between variants are fields. What rules.md fixes for every variant is
 * not: the throne is the centre square (section 1); the engine applies that directly.
 */

import type {
  BerserkMode,
  CornerGoal,
  EscapeRule,
  Hostility,
  JumpMode,
  KingArms,
  KingCapture,
  NoLegalMoveRule,
  RepetitionResult,
  SideName,
  Who,
} from './values.js';

export type {
  BerserkMode,
  CornerGoal,
  EscapeRule,
  Hostility,
  JumpMode,
  KingArms,
  KingCapture,
  NoLegalMoveRule,
  RepetitionResult,
  SideName,
  Who,
};

/** Hostility of one special square, per kind of piece that could be captured against it. */
export interface HostilityTable {
  attackers: Hostility;
  /** Defender soldiers and commanders. */
  defenders: Hostility;
  king: Hostility;
}

/**
 * Where OpenTafl's mercenaries and guards (OTN-12) may go on one kind of special square: the OTN letters
 * (m, M, g, G) each permission admits. They have entries of their own because OpenTafl's default piece
 * sets leave them out: a letter left out, or the whole value absent, keeps that piece off the square.
 */
export interface MercenaryGuardAccess {
  stop: string;
  pass: string;
  /** Where a jump may end, where that differs from `stop`. */
  land?: string;
  /** Forts only: entering from another kind of square (`whoMayEnter`). */
  enter?: string;
}

/** The centre square. */
export interface ThroneRules {
  whoMayStop: Who;
  /** Who may pass through it while it is empty. */
  whoMayPass: Who;
  /** May the king stop on it again once he has left it (rules.md R-3). */
  kingMayReturn: boolean;
  /** Who may end a jump on it (OTN-12), where that differs from `whoMayStop`. */
  whoMayLand?: Who;
  /** Where the variant holds mercenaries or guards (OTN-12). */
  mercenariesAndGuards?: MercenaryGuardAccess;
  hostileTo: HostilityTable;
}

/** The escape squares in the corners and their blocks. */
export interface CornerRules {
  /** The corner points, e.g. a1 a11 k1 k11; reaching one is an escape where escape involves corners. */
  squares: string[];
  /** 1: single squares; 2: 2×2 citadel blocks in each corner. */
  blockSize: 1 | 2;
  /** Which squares of a block are escape squares (`point` for single squares). */
  goal: CornerGoal;
  /** Who may stop on a corner or citadel square (rules.md section 3: the king, in every seed variant). */
  whoMayStop: Who;
  /** Who may pass through one. */
  whoMayPass: Who;
  /** Who may end a jump on one (OTN-12), where that differs from `whoMayStop`. */
  whoMayLand?: Who;
  /** Where the variant holds mercenaries or guards (OTN-12). */
  mercenariesAndGuards?: MercenaryGuardAccess;
  hostileTo: HostilityTable;
}

/**
 * A jump (OTN-12) ends where the piece may land: OpenTafl asks only whether it may stop there, while a
 * move must also pass the square to reach it; `whoMayLand` says so where the two differ.
 *
 * OpenTafl's fortresses (`afor`, `dfor`: OTN-11): squares with their own permissions and hostility.
 * A piece standing on a fort of a kind moves across and onto the forts of that kind as `whoMayPass` and
 * `whoMayStop` say; a piece from elsewhere needs `whoMayEnter` as well.
 */
export interface FortRules {
  squares: string[];
  whoMayStop: Who;
  whoMayPass: Who;
  whoMayEnter: Who;
  /** Who may end a jump on one (OTN-12), where that differs from `whoMayStop`; from elsewhere `whoMayEnter` too. */
  whoMayLand?: Who;
  /** Where the variant holds mercenaries or guards (OTN-12). */
  mercenariesAndGuards?: MercenaryGuardAccess;
  /** One hostility for both states: OpenTafl has one piece set per fort kind. */
  hostileTo: HostilityTable;
}

/** The two kinds of fort; either may be absent. */
export interface Forts {
  attackers: FortRules | null;
  defenders: FortRules | null;
}

export interface KingRules {
  armed: boolean;
  /** How an armed king captures: hammer and anvil, or only one of them (an unarmed king is neither). */
  armedAs: KingArms;
  capture: KingCapture;
  /** The king cannot be captured on an edge square. */
  immuneOnEdge: boolean;
  /** The king cannot be captured on a square orthogonally adjacent to a corner (rules.md R-6). */
  immuneBesideCorner: boolean;
}

export interface RepetitionRule {
  occurrences: number;
  result: RepetitionResult;
}

/** The shieldwall of CORE-7, where a variant has one. */
export interface ShieldwallRule {
  /** A corner square hostile to the row's side may close one end (OpenTafl `sw:s`; `sw:w` may not). */
  cornersMayClose: boolean;
  /** The moved piece must close one end (CORE-7 c, OpenTafl `swf:y`); otherwise any move that completes the formation captures. */
  moverMustClose: boolean;
  /**
   * The king fronts and closes a row whatever `king.armed`/`armedAs` say (OTN-9: OpenTafl's shieldwall
   * code never asks how the king is armed). Absent or false: only as his arms allow.
   */
  kingAlwaysArmed?: boolean;
}

/**
 * The farthest a piece may move in one move, per kind of piece; null: as far as the way is open (CORE-2).
 * OpenTafl's `spd` (Magpie's king moves one square).
 */
export interface SpeedLimits {
  attackers: number | null;
  /** Defender soldiers and commanders. */
  defenders: number | null;
  king: number | null;
}

/**
 * OpenTafl's jumps (OTN-12), per kind of piece that may jump: over one adjacent enemy soldier (never a
 * king, commander or knight) to the empty square beyond, where the piece may stop.
 */
export interface JumpRules {
  king: JumpMode;
  /** Knights of either side (`n`, `N`). */
  knights: JumpMode;
  /** Commanders of either side (`c`, `C`). */
  commanders: JumpMode;
  /** Mercenaries of either side (`m`, `M`; OpenTafl `mj`), where the variant holds them; absent: none. Guards never jump. */
  mercenaries?: JumpMode;
}

export interface ExitFortRule {
  /** Fewest defenders in the wall (CORE-11 e). */
  minWall: number;
}

/** Everything the engine runs on, in the order of rules.md section 3. */
export interface RulesetDefinition {
  size: number;
  /** TFEN board field of the start position. */
  layout: string;
  first: SideName;
  throne: ThroneRules | null;
  corners: CornerRules | null;
  king: KingRules;
  /** Commanders (C) are captured only with three hostile sides (UNST-8). */
  commanders: boolean;
  /** Linnaean capture against the occupied throne (UNST-5). */
  linnaeanCapture: boolean;
  shieldwall: ShieldwallRule | null;
  exitFort: ExitFortRule | null;
  encirclement: boolean;
  escape: EscapeRule;
  repetition: RepetitionRule | null;
  noLegalMove: NoLegalMoveRule;
  /** Absent where every piece moves as far as the way is open (every variant but OpenTafl's `spd`). */
  speedLimits?: SpeedLimits;
  /** Absent where the variant has no forts (every variant but OpenTafl strings with `afor`/`dfor`). */
  forts?: Forts;
  /** Absent where no piece jumps (every variant but OpenTafl strings with `kj`, or knights and commanders). */
  jumps?: JumpRules;
  /** Absent where turns always alternate (every variant but OpenTafl strings with `ber`). */
  berserk?: BerserkMode;
}
