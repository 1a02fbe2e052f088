/** Legal move generation (CORE-2, CORE-3): rook moves over empty squares, per-piece square permissions. */
import { MAY_PASS, MAY_STOP } from './compiled-variant.js';
import { EMPTY, OFF, SIDE_OF } from './pieces.js';
import { Position, encodeMove } from './position.js';
import {
  countMovesExtended,
  generateForExtended,
  generateFromExtended,
  generateToExtended,
  pieceCanMoveExtended,
} from './movegen-extended.js';

/** Writes every legal move of the side to move into `out` (no pass); returns the count. */
export function generateMoves(pos: Position, out: Int32Array): number {
  return generateFor(pos, pos.side, out);
}

export function generateFor(pos: Position, side: number, out: Int32Array): number {
  // One test a call, not a square: variants without speed limits, jumps or berserk keep the loop below as it was.
  if (pos.v.extendedMoves) return generateForExtended(pos, side, out);
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perms = pos.v.permissionsFrom;
  const startKind = pos.v.startKind;
  const list = pos.pieces[side];
  const count = pos.pieceCount[side];
  let n = 0;
  for (let i = 0; i < count; i++) {
    const from = list[i];
    const perm = perms[startKind[from]][b[from]];
    const base = from << 10;
    for (let k = 0; k < 4; k++) {
      const d = dirs[k];
      let t = from + d;
      while (b[t] === EMPTY) {
        const f = perm[t];
        if (f & MAY_STOP) out[n++] = base | t;
        if (!(f & MAY_PASS)) break;
        t += d;
      }
    }
  }
  return n;
}

/** Moves of the one piece on `from` (any side), written into `out` from `at`; returns the count. */
export function generateFrom(pos: Position, from: number, out: Int32Array, at = 0): number {
  if (pos.v.extendedMoves) return generateFromExtended(pos, from, out, at);
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perm = pos.v.permissionsFrom[pos.v.startKind[from]][b[from]];
  let n = at;
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let t = from + d;
    while (b[t] === EMPTY) {
      const f = perm[t];
      if (f & MAY_STOP) out[n++] = encodeMove(from, t);
      if (!(f & MAY_PASS)) break;
      t += d;
    }
  }
  return n - at;
}

/**
 * The moves of `side` that end on the empty square `to` (at most one a direction: the first piece met
 * along each ray), written into `out` from `at`; returns the count. The same permissions as
 * generateFrom read backwards, for callers that care about a few destinations only (threats.ts).
 */
export function generateTo(pos: Position, side: number, to: number, out: Int32Array, at = 0): number {
  const b = pos.board;
  if (b[to] !== EMPTY) return 0;
  if (pos.v.extendedMoves) return generateToExtended(pos, side, to, out, at);
  const dirs = pos.v.geo.dirs;
  let n = at;
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let from = to + d;
    while (b[from] === EMPTY) from += d;
    const p = b[from];
    if (p === OFF || SIDE_OF[p] !== side) continue;
    const perm = pos.v.permissionsFrom[pos.v.startKind[from]][p];
    if (!(perm[to] & MAY_STOP)) continue;
    let open = true;
    for (let c = to + d; c !== from && open; c += d) open = (perm[c] & MAY_PASS) !== 0;
    if (open) out[n++] = encodeMove(from, to);
  }
  return n - at;
}

/** Counts the legal moves of the side to move without writing them (perft leaves). */
export function countMoves(pos: Position): number {
  if (pos.v.extendedMoves) return countMovesExtended(pos);
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perms = pos.v.permissionsFrom;
  const startKind = pos.v.startKind;
  const list = pos.pieces[pos.side];
  const count = pos.pieceCount[pos.side];
  let n = 0;
  for (let i = 0; i < count; i++) {
    const from = list[i];
    const perm = perms[startKind[from]][b[from]];
    for (let k = 0; k < 4; k++) {
      const d = dirs[k];
      let t = from + d;
      while (b[t] === EMPTY) {
        const f = perm[t];
        n += f & MAY_STOP;
        if (!(f & MAY_PASS)) break;
        t += d;
      }
    }
  }
  return n;
}

/** Does the piece on `from` have at least one legal move? */
export function pieceCanMove(pos: Position, from: number): boolean {
  if (pos.v.extendedMoves) return pieceCanMoveExtended(pos, from);
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perm = pos.v.permissionsFrom[pos.v.startKind[from]][b[from]];
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let t = from + d;
    while (b[t] === EMPTY) {
      const f = perm[t];
      if (f & MAY_STOP) return true;
      if (!(f & MAY_PASS)) break;
      t += d;
    }
  }
  return false;
}

/** Does `side` have at least one legal move (a pass aside)? */
export function hasMove(pos: Position, side: number): boolean {
  if (side === pos.side && pos.berserker >= 0) return pieceCanMove(pos, pos.berserker);
  const list = pos.pieces[side];
  const count = pos.pieceCount[side];
  for (let i = 0; i < count; i++) if (pieceCanMove(pos, list[i])) return true;
  return false;
}
