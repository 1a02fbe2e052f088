/**
 * The evaluation's king terms that look at his way out: escape squares he reaches with one move
 * (routes), squares from which he would reach one (threats), his freedom, and his distance to the
 * nearest escape square.
 */
import { CompiledVariant, ESCAPE_CORNERS_THEN_EDGE, MAY_PASS, MAY_STOP } from '../engine/compiled-variant';
import { EMPTY, KING } from '../engine/pieces';
import { allCornersBlocked } from '../engine/outcome';
import { EvalTables } from './eval-tables';

/** The attackers' gain (negative: the defenders') from the king on `k` and his ways out. */
export function kingRoutesTerm(v: CompiledVariant, t: EvalTables, b: Uint8Array, k: number): number {
  const w = t.w;
  const dirs = v.geo.dirs;
  const permK = v.permissions[KING];
  const edgeOpen = v.escapeMode === ESCAPE_CORNERS_THEN_EDGE && allCornersBlocked(v, b);
  let routes = 0;
  let threats = 0;
  let kingMoves = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    const j0 = i < 2 ? 2 : 0;
    for (let c = k + d; b[c] === EMPTY; c += d) {
      const f = permK[c];
      if (f & MAY_STOP) {
        kingMoves++;
        if (v.escape[c] === 1 || (edgeOpen && v.edge[c] === 1)) routes++;
        else {
          let threat = false;
          for (let j = j0; j < j0 + 2 && !threat; j++) {
            const e = dirs[j];
            for (let u = c + e; b[u] === EMPTY; u += e) {
              const fu = permK[u];
              if (fu & MAY_STOP && (v.escape[u] === 1 || (edgeOpen && v.edge[u] === 1))) {
                threat = true;
                break;
              }
              if (!(fu & MAY_PASS)) break;
            }
          }
          if (threat) threats++;
        }
      }
      if (!(f & MAY_PASS)) break;
    }
  }
  return w.kingDistance * t.kingDist[k] - (w.route * routes + w.threat * Math.min(threats, w.threatCap) + w.kingMobility * kingMoves);
}
