/**
 * The evaluation's attacker terms: attackers guarding the corners, their chain (diagonal links), their
 * pressure round the king, and their freedom.
 */
import { CompiledVariant, MAY_STOP } from '../engine/compiled-variant';
import { ATTACKER, ATTACKERS, EMPTY } from '../engine/pieces';
import { Position } from '../engine/position';
import { EvalTables } from './eval-tables';

/**
 * The attackers' gain from their own formation, the king standing on `k`. `sums` is scratch of one
 * entry per corner.
 */
export function attackersTerm(v: CompiledVariant, t: EvalTables, pos: Position, k: number, sums: Int32Array): number {
  const w = t.w;
  const b = pos.board;
  const dirs = v.geo.dirs;
  const stride = v.geo.stride;
  const kf = t.file[k];
  const kr = t.rank[k];
  sums.fill(0);
  let links = 0;
  let pressure = 0;
  let mobility = 0;
  const permA = v.permissions[ATTACKER];
  const alist = pos.pieces[ATTACKERS];
  const acount = pos.pieceCount[ATTACKERS];
  for (let i = 0; i < acount; i++) {
    const c = alist[i];
    const g = t.guard[c];
    if (g) sums[t.guardCorner[c]] += g;
    if (b[c + stride + 1] === ATTACKER) links++;
    if (b[c + stride - 1] === ATTACKER) links++;
    if (Math.abs(t.file[c] - kf) <= 2 && Math.abs(t.rank[c] - kr) <= 2) pressure++;
    // Attackers are many: their freedom is counted as empty neighbours, the defenders' as moves.
    if (w.mobility) mobility += liberties(b, permA, dirs, c) * 2;
  }
  let s = 0;
  if (w.cornerGuard) for (let i = 0; i < t.corners; i++) s += w.cornerGuard * Math.min(sums[i], w.guardCap);
  return s + w.link * links + w.pressure * pressure + w.mobility * mobility;
}

function liberties(b: Uint8Array, perm: Uint8Array, dirs: Int32Array, from: number): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const c = from + dirs[i];
    if (b[c] === EMPTY) n += perm[c] & MAY_STOP;
  }
  return n;
}
