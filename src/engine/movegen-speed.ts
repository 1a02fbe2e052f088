/**
 * Move generation under speed limits (OpenTafl's `spd`: a piece moves at most speedLimit[piece]
 * squares). The same loops as movegen.ts with a step count; movegen.ts calls these only for a variant
 * with a limit, so every other variant keeps its loops without the count (perft timing unchanged).
 */
import { MAY_PASS, MAY_STOP } from './compiled-variant.js';
import { EMPTY, OFF, SIDE_OF } from './pieces.js';
import { Position, encodeMove } from './position.js';

export function generateForLimited(pos: Position, side: number, out: Int32Array): number {
  const list = pos.pieces[side];
  const count = pos.pieceCount[side];
  let n = 0;
  for (let i = 0; i < count; i++) n += generateFromLimited(pos, list[i], out, n);
  return n;
}

export function generateFromLimited(pos: Position, from: number, out: Int32Array, at: number): number {
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perm = pos.v.permissionsFrom[pos.v.startKind[from]][b[from]];
  const limit = pos.v.speedLimit[b[from]];
  let n = at;
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let t = from + d;
    for (let steps = 1; steps <= limit && b[t] === EMPTY; steps++) {
      const f = perm[t];
      if (f & MAY_STOP) out[n++] = encodeMove(from, t);
      if (!(f & MAY_PASS)) break;
      t += d;
    }
  }
  return n - at;
}

/** generateTo's search outwards from `to`, refusing a piece farther away than its limit. */
export function generateToLimited(pos: Position, side: number, to: number, out: Int32Array, at: number): number {
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  let n = at;
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let from = to + d;
    let steps = 1;
    while (b[from] === EMPTY) {
      from += d;
      steps++;
    }
    const p = b[from];
    if (p === OFF || SIDE_OF[p] !== side || steps > pos.v.speedLimit[p]) continue;
    const perm = pos.v.permissionsFrom[pos.v.startKind[from]][p];
    if (!(perm[to] & MAY_STOP)) continue;
    let open = true;
    for (let c = to + d; c !== from && open; c += d) open = (perm[c] & MAY_PASS) !== 0;
    if (open) out[n++] = encodeMove(from, to);
  }
  return n - at;
}

export function countMovesLimited(pos: Position): number {
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const list = pos.pieces[pos.side];
  const count = pos.pieceCount[pos.side];
  let n = 0;
  for (let i = 0; i < count; i++) {
    const from = list[i];
    const perm = pos.v.permissionsFrom[pos.v.startKind[from]][b[from]];
    const limit = pos.v.speedLimit[b[from]];
    for (let k = 0; k < 4; k++) {
      const d = dirs[k];
      let t = from + d;
      for (let steps = 1; steps <= limit && b[t] === EMPTY; steps++) {
        const f = perm[t];
        n += f & MAY_STOP;
        if (!(f & MAY_PASS)) break;
        t += d;
      }
    }
  }
  return n;
}

export function pieceCanMoveLimited(pos: Position, from: number): boolean {
  const b = pos.board;
  const dirs = pos.v.geo.dirs;
  const perm = pos.v.permissionsFrom[pos.v.startKind[from]][b[from]];
  const limit = pos.v.speedLimit[b[from]];
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let t = from + d;
    for (let steps = 1; steps <= limit && b[t] === EMPTY; steps++) {
      const f = perm[t];
      if (f & MAY_STOP) return true;
      if (!(f & MAY_PASS)) break;
      t += d;
    }
  }
  return false;
}
