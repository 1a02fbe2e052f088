/**
 * What a move captures (CORE-4..7, king capture modes, commanders, Linnaean capture). Judged on the
 * board after the move and before any removal; the caller removes the returned cells.
 */
import { CompiledVariant } from './compiled-variant.js';
import { commanderCaptured, isAnvil, kingCaptured, linnaeanThrone, shieldwalls } from './capture-rules.js';
import { capturesExtended } from './captures-extended.js';
import { ATTACKER, COMMANDER, DEFENDER, EMPTY, KING, OFF, SIDE_OF, VICTIM_ATTACKER, VICTIM_DEFENDER } from './pieces.js';

/**
 * Writes the cells captured by the piece that just arrived on `to` into `out`; returns the count.
 */
export function computeCaptures(v: CompiledVariant, b: Uint8Array, from: number, to: number, out: Int32Array): number {
  // One test a move: variants without OpenTafl's extra pieces or jumps keep the loop below as it was.
  if (v.extendedCaptures) return capturesExtended(v, b, from, to, out);
  const p = b[to];
  const mover = SIDE_OF[p];
  if (v.hammer[mover][p] === 0) {
    // An unarmed or anvil-only king captures nothing, unless he counts in shieldwalls whatever his
    // arms (OTN-9: separate tables exist only then, so built-ins pay one comparison on such king moves).
    return v.swHammer !== v.hammer ? shieldwalls(v, b, to, mover, out, 0) : 0;
  }
  const dirs = v.geo.dirs;
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    const x = to + d;
    const q = b[x];
    if (q === EMPTY || q === OFF || SIDE_OF[q] === mover) continue;
    const beyond = x + d;
    let taken = false;
    if (q === ATTACKER) {
      taken = isAnvil(v, b, beyond, mover, VICTIM_ATTACKER);
    } else if (q === DEFENDER || (q === COMMANDER && !v.commanders)) {
      taken = isAnvil(v, b, beyond, mover, VICTIM_DEFENDER) || (v.linnaean && beyond === v.throne && linnaeanThrone(v, b, x));
    } else if (q === COMMANDER) {
      taken = commanderCaptured(v, b, x);
    } else if (q === KING) {
      taken = kingCaptured(v, b, x, to);
    }
    if (taken) out[n++] = x;
  }
  return v.shieldwall ? shieldwalls(v, b, to, mover, out, n) : n;
}

/**
 * What the move from → to would capture, found on the board alone: the piece is lifted and put back
 * without touching hashes or history, so listing or checking a move costs no make/unmake.
 */
export function capturesOfMove(v: CompiledVariant, b: Uint8Array, from: number, to: number, out: Int32Array): number {
  // Every capture but a shieldwall closed elsewhere takes a piece beside `to`: with no enemy there, none
  // (most moves of a listing, answered without lifting the piece).
  if (!v.shieldwall || v.shieldwallMoverCloses) {
    const mover = SIDE_OF[b[from]];
    const dirs = v.geo.dirs;
    let enemyBeside = false;
    for (let i = 0; i < 4 && !enemyBeside; i++) {
      const q = b[to + dirs[i]];
      enemyBeside = q !== EMPTY && q !== OFF && SIDE_OF[q] !== mover;
    }
    if (!enemyBeside) return 0;
  }
  b[to] = b[from];
  b[from] = EMPTY;
  const n = computeCaptures(v, b, from, to, out);
  b[from] = b[to];
  b[to] = EMPTY;
  return n;
}
