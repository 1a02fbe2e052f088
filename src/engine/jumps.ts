/**
 * Jumps (OpenTafl `kj`, `nj`, `cj`: OTN-12): a piece whose kind may jump passes over one adjacent enemy
 * soldier (never a king, commander or knight) to the empty square beyond, if it may land there; a
 * restricted jumper only from or onto a special square. Speed limits do not apply to a jump.
 */
import { JUMP_NONE, JUMP_RESTRICTED } from './compiled-pieces.js';
import { CompiledVariant, MAY_LAND } from './compiled-variant.js';
import { EMPTY, IS_COMMANDER_OR_KNIGHT, KING, OFF, SIDE_OF } from './pieces.js';

/** Writes the squares the piece on `from` may jump to into `out` from `at`; returns the count. */
export function jumpTargets(v: CompiledVariant, b: Uint8Array, from: number, out: Int32Array, at: number): number {
  const p = b[from];
  const mode = v.jumpMode[p];
  if (mode === JUMP_NONE) return 0;
  const side = SIDE_OF[p];
  const perm = v.permissionsFrom[v.startKind[from]][p];
  const dirs = v.geo.dirs;
  let n = at;
  for (let k = 0; k < 4; k++) {
    const d = dirs[k];
    const q = b[from + d];
    if (q === EMPTY || q === OFF || SIDE_OF[q] === side || q === KING || IS_COMMANDER_OR_KNIGHT[q] === 1) continue;
    const to = from + 2 * d;
    if (b[to] !== EMPTY) continue;
    if (mode === JUMP_RESTRICTED && v.special[from] === 0 && v.special[to] === 0) continue;
    if (perm[to] & MAY_LAND) out[n++] = to;
  }
  return n - at;
}

/** May the piece on `from` jump to `to`? */
export function isJumpTarget(v: CompiledVariant, b: Uint8Array, from: number, to: number, scratch: Int32Array): boolean {
  const n = jumpTargets(v, b, from, scratch, 0);
  for (let i = 0; i < n; i++) if (scratch[i] === to) return true;
  return false;
}
