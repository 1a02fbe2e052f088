/**
 * The evaluation's king terms that look at his capture: how many hostile sides it still lacks under
 * the variant's king-capture rule, and the defenders standing beside him.
 */
import { CompiledVariant, KC_CASTLE4, KC_CUSTODIAL, KC_GRADED, KC_STRONG4, KC_THRONE4 } from '../engine/compiled-variant';
import { ATTACKER, COMMANDER, DEFENDER, EMPTY, OFF, VICTIM_KING } from '../engine/pieces';
import { EvalWeights } from './eval-weights';

/** The attackers' gain (negative: the defenders') from how near the king on `k` is to capture. */
export function kingSafetyTerm(v: CompiledVariant, w: EvalWeights, b: Uint8Array, k: number): number {
  const dirs = v.geo.dirs;
  let hostile = 0;
  let guards = 0;
  let onBoard = 0;
  let hH = 0;
  let hV = 0;
  let attackersBeside = 0;
  for (let i = 0; i < 4; i++) {
    const n = k + dirs[i];
    const q = b[n];
    if (q === OFF) continue;
    onBoard++;
    let h = 0;
    if (q === ATTACKER) {
      h = 1;
      attackersBeside++;
    } else if (v.special[n] !== 0 && (q === EMPTY ? v.hostileEmpty[VICTIM_KING][n] : v.hostileOccupied[VICTIM_KING][n])) h = 1;
    else if (q === DEFENDER || q === COMMANDER) guards++;
    hostile += h;
    if (i < 2) hH += h;
    else hV += h;
  }
  let missing = 9;
  const immune = (v.immuneOnEdge && v.edge[k] === 1) || (v.immuneBesideCorner && v.besideCorner[k] === 1);
  if (!immune) {
    const custodial = 2 - Math.max(hH, hV);
    switch (v.kingCapture) {
      case KC_STRONG4:
        missing = onBoard - hostile;
        break;
      case KC_GRADED:
        missing = k === v.throne ? 4 - attackersBeside : v.throne >= 0 && isBeside(k, v.throne, dirs) ? 4 - hostile : custodial;
        break;
      case KC_THRONE4:
      case KC_CASTLE4:
        missing = k === v.throne ? 4 - attackersBeside : custodial;
        break;
      case KC_CUSTODIAL:
      default:
        missing = custodial;
    }
  }
  return (missing >= 1 ? w.kingDanger[Math.min(missing, 4) - 1] : 0) - w.kingGuard * guards;
}

function isBeside(a: number, c: number, dirs: Int32Array): boolean {
  const d = a - c;
  return d === dirs[0] || d === dirs[1] || d === dirs[2] || d === dirs[3];
}
