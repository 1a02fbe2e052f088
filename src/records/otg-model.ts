/**
 * A parsed OpenTafl game record (`.otg`; see otg.ts for the format): its tags, rules, turns, the main
 * line's moves, and how a record can fail to parse.
 */
import { Result } from '../engine/result.js';

export type OtgSide = 'attackers' | 'defenders';

export interface OtgTag {
  key: string;
  value: string;
}

export interface OtgRules {
  /** The rules string as written. */
  text: string;
  /** Every `key:value` switch, in the order written (values may be empty, e.g. `cenh:`). */
  switches: Record<string, string>;
  order: string[];
  /** `dim`, when it is a number. */
  dim: number | null;
  /** The `start` field as written (ranks from rank 1 upward), or null. */
  start: string | null;
  /** `atkf:n` means the defenders move first; anything else (or no switch) the attackers. */
  firstSide: OtgSide;
}

export type OtgMoveType = '-' | '^' | '=' | '^=';
export type OtgInfo = '+' | '-' | '++' | '--';

export interface OtgMove {
  /** The record as written. */
  text: string;
  /** Piece letter written before the start square (`K` for the king), or null. */
  piece: string | null;
  from: string;
  to: string;
  moveType: OtgMoveType;
  /** Captured squares as written, or null when the move has no capture squares (none, or a bare `x`). */
  captures: string[] | null;
  /** Piece letters written before the capture squares (null where none), parallel to `captures`. */
  capturePieces: (string | null)[];
  /** Number of `x` marks of a bare capture (`x` → 1, `xx` → 2); 0 otherwise. */
  bareCaptures: number;
  info: OtgInfo | null;
}

export type OtgHalfMove =
  | { kind: 'move'; move: OtgMove }
  | { kind: 'resign' }
  /** A placeholder such as `.....` for the half of a turn a variation does not play. */
  | { kind: 'skip'; text: string };

export interface OtgComment {
  /** The text between the brackets. */
  text: string;
  /** Before the first `|` (the whole text when there is none). */
  first: string;
  /** After the first `|`, or null. */
  second: string | null;
}

export interface OtgTurn {
  /** `12.` or a variation address such as `12b.1.1a.` (with its final dot). */
  address: string;
  number: number;
  variation: boolean;
  halves: OtgHalfMove[];
  comments: OtgComment[];
  /** 1-based line of the address. */
  line: number;
}

export interface OtgPly {
  /** 0-based index in the main line. */
  index: number;
  turn: number;
  /** Its place in the turn (0, 1, …): OpenTafl writes a turn of more moves when a side moves again under berserk. */
  half: number;
  /** Who made it: the other side of the move before, or the same side for a berserker's further move (`=`). */
  side: OtgSide;
  piece: string | null;
  king: boolean;
  from: string;
  to: string;
  /** Captured squares as written, or null for a bare `x` (see `captureCount`). */
  captures: string[] | null;
  /** Number of captures the record claims (squares, or bare `x` marks). */
  captureCount: number;
  /** `from-to`, the form the engine reads. */
  notation: string;
}

export interface OtgGame {
  tags: OtgTag[];
  /** Tag values by key (the last one wins if a key repeats). */
  tagMap: Record<string, string>;
  rules: OtgRules | null;
  /** A position record written after the tags (optional in the format), or null. */
  position: string | null;
  firstSide: OtgSide;
  /** Comments that come before the first turn. */
  preamble: OtgComment[];
  /** The main line, turn by turn. */
  turns: OtgTurn[];
  /** Variation turns (skipped for the main line), in file order. */
  variations: OtgTurn[];
  /** The main line's moves in order (resignations and placeholders left out). */
  plies: OtgPly[];
  /** The side that resigned (`---`: the other side of the last move's), or null. */
  resigned: OtgSide | null;
}

export interface OtgError {
  reason: string;
  /** 1-based line. */
  line: number;
  token?: string;
}

export type OtgParse = Result<OtgGame, OtgError>;
