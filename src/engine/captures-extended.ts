/**
 * Captures in variants with OpenTafl's extra pieces or jumps (OTN-12), made as OpenTafl's engine makes
 * them (`Taflman.moveTo`): it first asks, with the piece still on its start square, whether the move
 * captures anything at all, and only then judges each neighbour with the piece moved. The two differ in
 * two places, both followed here: a jump from a special square, and OpenTafl's strong king beside a
 * commander or knight that moved (see kingByCommanders).
 */
import { commanderCaptured, hostileToKing, isAnvil, kingCaptured, linnaeanThrone, shieldwalls } from './capture-rules.js';
import { JUMP_CAPTURE } from './compiled-pieces.js';
import { CompiledVariant, KC_COMMANDERS2, SQ_CORNER } from './compiled-variant.js';
import {
  ATTACKERS,
  COMMANDER,
  EMPTY,
  IS_COMMANDER_OR_KNIGHT,
  IS_GUARD,
  KING,
  OFF,
  SIDE_OF,
  VICTIM_ATTACKER,
  VICTIM_DEFENDER,
} from './pieces.js';

/** The square jumped over when from → to is a jump (two squares along a line, a piece between), else -1. */
export function jumpedCell(v: CompiledVariant, b: Uint8Array, from: number, to: number): number {
  const step = (to - from) / 2;
  const dirs = v.geo.dirs;
  if (step !== dirs[0] && step !== dirs[1] && step !== dirs[2] && step !== dirs[3]) return -1;
  return b[from + step] === EMPTY ? -1 : from + step;
}

export function capturesExtended(v: CompiledVariant, b: Uint8Array, from: number, to: number, out: Int32Array): number {
  // A guard captures nothing, not even by closing a shieldwall (OpenTafl's GameState; guards never jump).
  if (IS_GUARD[b[to]] === 1) return 0;
  const n = neighbourCaptures(v, b, from, to, out, true);
  const mover = SIDE_OF[b[to]];
  if (v.hammer[mover][b[to]] === 0) return v.swHammer !== v.hammer ? shieldwalls(v, b, to, mover, out, n) : n;
  return v.shieldwall ? shieldwalls(v, b, to, mover, out, n) : n;
}

/**
 * OpenTafl's "capturing move" (`getCapturingMoves`), which decides whether a berserker moves again
 * (OTN-13): judged with the piece still on `from`, by its neighbours only (a shieldwall or a Linnaean
 * capture does not count). Lifts the piece and puts it back.
 */
export function isCapturingMove(v: CompiledVariant, b: Uint8Array, from: number, to: number, scratch: Int32Array): boolean {
  b[to] = b[from];
  b[from] = EMPTY;
  const n = neighbourCaptures(v, b, from, to, scratch, false);
  b[from] = b[to];
  b[to] = EMPTY;
  return n > 0 || capturedBeforeMoving;
}

/** Set by neighbourCaptures: the move captures when judged before the piece moved (see below). */
let capturedBeforeMoving = false;

/** The captures of the pieces beside `to` (and of a jumped piece), the piece already moved from `from`. */
function neighbourCaptures(v: CompiledVariant, b: Uint8Array, from: number, to: number, out: Int32Array, linnaean: boolean): number {
  const p = b[to];
  const mover = SIDE_OF[p];
  let n = 0;
  // Before the piece moves, a jump captures if the jumper takes what it jumps, or if its start square,
  // still holding it, is special and so closes the jumped piece in (OpenTafl spares a jumped piece only
  // against a plain start square). After it moved, that start square is empty, and the jumped piece falls
  // only if the empty square is hostile to it: the ordinary judgement below.
  let capturesBeforeMoving = false;
  let jumpTaken = -1;
  const jumped = jumpedCell(v, b, from, to);
  if (jumped >= 0) {
    if (v.jumpMode[p] === JUMP_CAPTURE) {
      out[n++] = jumpTaken = jumped;
      capturesBeforeMoving = true;
    } else if (v.special[from] !== 0 && v.hammer[mover][p] === 1 && IS_GUARD[b[jumped]] === 0) {
      const victim = SIDE_OF[b[jumped]] === ATTACKERS ? VICTIM_ATTACKER : VICTIM_DEFENDER;
      capturesBeforeMoving = v.anvil[mover][p] === 1 || v.hostileOccupied[victim][from] === 1;
    }
  }
  capturedBeforeMoving = capturesBeforeMoving;
  if (v.hammer[mover][p] === 0) return n;
  const dirs = v.geo.dirs;
  let king = -1;
  // Neighbours other than the jumped piece taken as OpenTafl judges them before the piece moves too.
  let othersTaken = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    const x = to + d;
    const q = b[x];
    // A guard is taken only by a capturing jump (above).
    if (q === EMPTY || q === OFF || SIDE_OF[q] === mover || x === jumpTaken || IS_GUARD[q] === 1) continue;
    const beyond = x + d;
    let taken = false;
    let linnaeanOnly = false;
    if (q === KING) {
      // Judged last: whether the move captures anything else decides it (kingByCommanders).
      if (v.kingCapture === KC_COMMANDERS2) king = x;
      else taken = kingCaptured(v, b, x, to);
    } else if (q === COMMANDER && v.commanders) {
      taken = commanderCaptured(v, b, x);
    } else if (SIDE_OF[q] === ATTACKERS) {
      taken = isAnvil(v, b, beyond, mover, VICTIM_ATTACKER);
    } else {
      taken = isAnvil(v, b, beyond, mover, VICTIM_DEFENDER);
      linnaeanOnly = !taken && linnaean && v.linnaean && beyond === v.throne && linnaeanThrone(v, b, x);
    }
    if (taken && x !== jumped) othersTaken++;
    if (taken || linnaeanOnly) out[n++] = x;
  }
  const before = capturesBeforeMoving || othersTaken > 0;
  const kingTaken = king >= 0 && kingByCommanders(v, b, king, to, before);
  // Taflman.moveTo takes nothing beside the destination unless the move captured before the piece moved:
  // a jump whose start square closed nothing in, taking nothing else, spares the jumped piece even where
  // its emptied start square is hostile (OpenTafl's Linnaean capture is judged apart, and stands).
  if (jumped >= 0 && !before && !kingTaken) {
    let kept = 0;
    for (let k = 0; k < n; k++) if (out[k] !== jumped) out[kept++] = out[k];
    return kept;
  }
  if (kingTaken) out[n++] = king;
  return n;
}

/**
 * OpenTafl's strong king where the attackers have commanders or knights (`commanders-2`): taken between
 * the moved piece and a hostile square opposite, neither of them nor his own square the throne, when two
 * of the three (the moved piece, the opposite piece, a hostile corner) are commanders, knights or that
 * corner. OpenTafl counts the moved piece once before it moves and twice after (its square then holds
 * it), so a commander or knight beside the king with any hostile square opposite also takes him when
 * its move captures anything else: `othersCaptured`.
 */
function kingByCommanders(v: CompiledVariant, b: Uint8Array, k: number, to: number, othersCaptured: boolean): boolean {
  if (v.immuneOnEdge && v.edge[k] === 1) return false;
  if (v.immuneBesideCorner && v.besideCorner[k] === 1) return false;
  const beyond = k + (k - to);
  const t = v.throne;
  if (t >= 0 && (k === t || beyond === t || to === t)) return false;
  if (!hostileToKing(v, b, beyond)) return false;
  const moved = IS_COMMANDER_OR_KNIGHT[b[to]];
  const count = moved + IS_COMMANDER_OR_KNIGHT[b[beyond]] + (v.special[beyond] === SQ_CORNER ? 1 : 0);
  return count >= 2 || (moved === 1 && othersCaptured);
}
