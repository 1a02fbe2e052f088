/**
 * The mechanics of a ruleset, as data (rules.md section 3): the one struct the engine compiles into
 * lookup tables. Who a variant is and where its rules come from (id, name, sources, decisions) is
 * registry metadata and lives with the variants (src/variants/variant-definition.ts), not here.
 *
 * Only parameters that differ between variants are fields. What rules.md fixes for every variant is
 * not: the throne is the centre square (section 1) and only the king may stop on or pass through a
 * corner or citadel square (section 3); the engine applies those directly.
 */

import type { EscapeRule, Hostility, KingCapture, NoLegalMoveRule, RepetitionResult, SideName, Who } from './values';

export type { EscapeRule, Hostility, KingCapture, NoLegalMoveRule, RepetitionResult, SideName, Who };

/** Hostility of one special square, per kind of piece that could be captured against it. */
export interface HostilityTable {
  attackers: Hostility;
  /** Defender soldiers and commanders. */
  defenders: Hostility;
  king: Hostility;
}

/** The centre square. */
export interface ThroneRules {
  whoMayStop: Who;
  /** Who may pass through it while it is empty. */
  whoMayPass: Who;
  /** May the king stop on it again once he has left it (rules.md R-3). */
  kingMayReturn: boolean;
  hostileTo: HostilityTable;
}

/** The escape squares in the corners; only the king may stop on or pass through them. */
export interface CornerRules {
  /** The corner points, e.g. a1 a11 k1 k11; reaching one is an escape where escape involves corners. */
  squares: string[];
  /** 1: single squares; 2: 2×2 citadel blocks in each corner (only the corner point is a goal). */
  blockSize: 1 | 2;
  hostileTo: HostilityTable;
}

export interface KingRules {
  armed: boolean;
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
  shieldwall: boolean;
  exitFort: ExitFortRule | null;
  encirclement: boolean;
  escape: EscapeRule;
  repetition: RepetitionRule | null;
  noLegalMove: NoLegalMoveRule;
}
