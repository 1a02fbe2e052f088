/**
 * The evaluation's defender terms: their freedom, for encirclement variants the defenders that still
 * reach the edge, and for exit fort variants the defenders round a king on the edge.
 */
import { CompiledVariant, MAY_PASS, MAY_STOP } from '../engine/compiled-variant';
import { COMMANDER, DEFENDER, DEFENDERS, EMPTY, OFF } from '../engine/pieces';
import { Position } from '../engine/position';
import { EvalWeights } from './eval-weights';

/** The attackers' gain (negative: the defenders') from the defenders other than the king on `k`. */
export function defendersTerm(v: CompiledVariant, w: EvalWeights, pos: Position, k: number): number {
  const b = pos.board;
  const dirs = v.geo.dirs;
  const stride = v.geo.stride;
  let s = 0;
  const reachMatters = v.encirclement && w.defenderReach !== 0;
  if (w.mobility || reachMatters) {
    const permD = v.permissions[DEFENDER];
    const dlist = pos.pieces[DEFENDERS];
    const dcount = pos.pieceCount[DEFENDERS];
    let mobility = 0;
    let reach = 0;
    for (let i = 0; i < dcount; i++) {
      const c = dlist[i];
      if (c === k) continue;
      if (w.mobility) mobility += rayMoves(b, permD, dirs, c);
      if (reachMatters && reachesEdge(b, dirs, c)) reach++;
    }
    s -= w.mobility * mobility + w.defenderReach * reach;
  }
  if (v.exitFortMinWall > 0 && v.edge[k] === 1) {
    let around = 0;
    for (const d of [1, -1, stride, -stride, stride + 1, stride - 1, -stride + 1, -stride - 1]) {
      const q = b[k + d];
      if (q === DEFENDER || q === COMMANDER) around++;
    }
    s -= w.fort * around;
  }
  return s;
}

function rayMoves(b: Uint8Array, perm: Uint8Array, dirs: Int32Array, from: number): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    for (let c = from + d; b[c] === EMPTY; c += d) {
      const f = perm[c];
      n += f & MAY_STOP;
      if (!(f & MAY_PASS)) break;
    }
  }
  return n;
}

/** Is `from` on the edge, or does a free line lead from it to the edge (a ray ends at the border)? */
function reachesEdge(b: Uint8Array, dirs: Int32Array, from: number): boolean {
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    let c = from + d;
    while (b[c] === EMPTY) c += d;
    if (b[c] === OFF) return true;
  }
  return false;
}
