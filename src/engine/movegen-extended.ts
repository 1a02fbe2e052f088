/**
 * Move generation for variants with speed limits (OpenTafl's `spd`), jumps (OTN-12) or berserk (OTN-13):
 * the loops of movegen.ts with a step count, the jumps of jumps.ts, and only the berserker's moves while
 * one must move again. movegen.ts calls these only for such a variant, so every other variant keeps its
 * loops as they were (perft timing unchanged).
 */
import { MAY_PASS, MAY_STOP } from './compiled-variant.js';
import { jumpTargets } from './jumps.js';
import { EMPTY, OFF, SIDE_OF } from './pieces.js';
import { Position, encodeMove } from './position.js';

const JUMPS = new Int32Array(4);
const COUNTING = new Int32Array(8192);

/** The pieces of `side` that may move now: only the berserker while one must move again. */
function movers(pos: Position, side: number): { list: Int16Array; count: number } | number {
  return side === pos.side && pos.berserker >= 0 ? pos.berserker : { list: pos.pieces[side], count: pos.pieceCount[side] };
}

export function generateForExtended(pos: Position, side: number, out: Int32Array): number {
  const m = movers(pos, side);
  if (typeof m === 'number') return generateFromExtended(pos, m, out, 0);
  let n = 0;
  for (let i = 0; i < m.count; i++) n += generateFromExtended(pos, m.list[i], out, n);
  return n;
}

export function generateFromExtended(pos: Position, from: number, out: Int32Array, at: number): number {
  const b = pos.board;
  if (pos.berserker >= 0 && from !== pos.berserker && SIDE_OF[b[from]] === pos.side) return 0;
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
  const jumps = jumpTargets(pos.v, b, from, JUMPS, 0);
  for (let i = 0; i < jumps; i++) out[n++] = encodeMove(from, JUMPS[i]);
  return n - at;
}

/**
 * generateTo's search outwards from `to`, refusing a piece farther away than its limit. Jumps are not
 * found this way: callers fall back to generating every move where pieces jump (threats.ts).
 */
export function generateToExtended(pos: Position, side: number, to: number, out: Int32Array, at: number): number {
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
    if (side === pos.side && pos.berserker >= 0 && from !== pos.berserker) continue;
    const perm = pos.v.permissionsFrom[pos.v.startKind[from]][p];
    if (!(perm[to] & MAY_STOP)) continue;
    let open = true;
    for (let c = to + d; c !== from && open; c += d) open = (perm[c] & MAY_PASS) !== 0;
    if (open) out[n++] = encodeMove(from, to);
  }
  return n - at;
}

export function countMovesExtended(pos: Position): number {
  return generateForExtended(pos, pos.side, COUNTING);
}

export function pieceCanMoveExtended(pos: Position, from: number): boolean {
  const b = pos.board;
  if (pos.berserker >= 0 && from !== pos.berserker && SIDE_OF[b[from]] === pos.side) return false;
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
  return jumpTargets(pos.v, b, from, JUMPS, 0) > 0;
}
