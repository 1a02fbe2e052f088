/**
 * A variant is data: this is the shape of that data (rules.md section 3).
 * The engine compiles a definition into lookup tables; nothing here is code.
 */

import type { EscapeRule, Hostility, KingCapture, NoLegalMoveRule, RepetitionResult, SideName, Who } from './values';

export type { EscapeRule, Hostility, KingCapture, NoLegalMoveRule, SideName, Who };

/** Hostility of one special square, per kind of piece that could be captured against it. */
export interface HostilityTable {
  attackers: Hostility;
  /** Defender soldiers and commanders. */
  defenders: Hostility;
  king: Hostility;
}

export interface ThroneRules {
  /** Square name; omitted means the centre square. */
  square?: string;
  whoMayStop: Who;
  /** Who may pass through it while it is empty. */
  whoMayPass: Who;
  /** May the king stop on it again once he has left it (rules.md R-3). */
  kingMayReturn: boolean;
  hostileTo: HostilityTable;
}

export interface CornerRules {
  /** The corner points, e.g. a1 a11 k1 k11; reaching one is an escape where escape involves corners. */
  squares: string[];
  /** 1: single squares; 2: 2×2 citadel blocks in each corner (only the corner point is a goal). */
  blockSize: 1 | 2;
  /** Only the king may stop on or pass through a corner or citadel square (rules.md section 3). */
  whoMayStop: 'king';
  whoMayPass: 'king';
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

export interface Source {
  /** Short name as cited in rules.md, e.g. "seed 003", "AN-CPH". */
  name: string;
  /** What the source is and what was taken from it. */
  note: string;
  url?: string;
}

export interface VariantDefinition {
  id: string;
  name: string;
  description?: string;
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
  /** Exit fort (CORE-11) with its minimum wall size, or null when off. */
  exitFort: { minWall: number } | null;
  encirclement: boolean;
  escape: EscapeRule;
  repetition: RepetitionRule | null;
  noLegalMove: NoLegalMoveRule;
  /** Rule ids of rules.md this definition implements, for the registry. */
  ruleIds: string[];
  sources: Source[];
  /** Interpretation decisions taken where the texts leave a point open. */
  decisions: string[];
}
