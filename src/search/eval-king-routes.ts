/**
 * The evaluation's king terms that look at his way out: escape squares he reaches with one move
 * (routes), squares from which he would reach one (threats) or two (forks: the attackers, to move,
 * must stop him reaching it; the defenders, to move, win), his freedom, and his distance to the
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
  let forks = 0;
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
          // Routes the king would have from c, across his line: both sides are scanned, since a square
          // with two is a fork (one attacker move rarely blocks both), not just a threat.
          let open = 0;
          for (let j = j0; j < j0 + 2; j++) {
            const e = dirs[j];
            for (let u = c + e; b[u] === EMPTY; u += e) {
              const fu = permK[u];
              if (fu & MAY_STOP && (v.escape[u] === 1 || (edgeOpen && v.edge[u] === 1))) {
                open++;
                break;
              }
              if (!(fu & MAY_PASS)) break;
            }
          }
          if (open > 0) threats++;
          if (open > 1) forks++;
        }
      }
      if (!(f & MAY_PASS)) break;
    }
  }
  return (
    w.kingDistance * t.kingDist[k] -
    (w.route * routes + w.threat * Math.min(threats, w.threatCap) + w.fork * Math.min(forks, 2) + w.kingMobility * kingMoves)
  );
}
