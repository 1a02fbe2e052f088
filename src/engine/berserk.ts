/**
 * Berserk (OpenTafl `ber`, OTN-13): after a move that captured, the same piece moves again while it has
 * a capturing move (`capture`) or any move at all (`any-move`); the turn passes once it has none, or
 * once one of its moves captures nothing.
 */
import { BERSERK_ANY_MOVE, JUMP_CAPTURE } from './compiled-pieces.js';
import { CompiledVariant, MAY_PASS, MAY_STOP } from './compiled-variant.js';
import { isCapturingMove } from './captures-extended.js';
import { jumpTargets } from './jumps.js';
import { EMPTY } from './pieces.js';

const TARGETS = new Int32Array(4);
const SCRATCH = new Int32Array(64);

/** Does the piece on `cell`, which has just captured, move again? */
export function berserkContinues(v: CompiledVariant, b: Uint8Array, cell: number): boolean {
  const p = b[cell];
  const perm = v.permissionsFrom[v.startKind[cell]][p];
  const dirs = v.geo.dirs;
  // OpenTafl's "any move" is a square it may move through next to it, whether or not it may stop there.
  if (v.berserk === BERSERK_ANY_MOVE) {
    for (let k = 0; k < 4; k++) if (b[cell + dirs[k]] === EMPTY && perm[cell + dirs[k]] & MAY_PASS) return true;
    return false;
  }
  const jumps = jumpTargets(v, b, cell, TARGETS, 0);
  if (jumps > 0 && v.jumpMode[p] === JUMP_CAPTURE) return true;
  for (let i = 0; i < jumps; i++) if (isCapturingMove(v, b, cell, TARGETS[i], SCRATCH)) return true;
  const limit = v.speedLimit[p];
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    let t = cell + d;
    for (let steps = 1; steps <= limit && b[t] === EMPTY; steps++) {
      const f = perm[t];
      if (f & MAY_STOP && isCapturingMove(v, b, cell, t, SCRATCH)) return true;
      if (!(f & MAY_PASS)) break;
      t += d;
    }
  }
  return false;
}
