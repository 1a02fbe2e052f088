/**
 * The capture rules a move is judged by (CORE-4..7, king capture modes, commanders, Linnaean capture,
 * shieldwalls), on the board after the move and before any removal. captures.ts and
 * captures-extended.ts apply them to the pieces beside the moved one.
 */
import { CompiledVariant, KC_CASTLE4, KC_CUSTODIAL, KC_GRADED, KC_STRONG4, KC_THRONE4, SQ_CORNER } from './compiled-variant.js';
import { cellOf } from './geometry.js';
import {
  ATTACKER,
  ATTACKERS,
  COMMANDER,
  EMPTY,
  IS_GUARD,
  KING,
  OFF,
  SIDE_OF,
  VICTIM_ATTACKER,
  VICTIM_DEFENDER,
  VICTIM_KING,
} from './pieces.js';

/** Is `cell` an anvil against a victim of class `victim` for the side `mover` (CORE-4, R-4)? */
export function isAnvil(v: CompiledVariant, b: Uint8Array, cell: number, mover: number, victim: number): boolean {
  const q = b[cell];
  if (q !== EMPTY && q !== OFF && SIDE_OF[q] === mover) {
    if (v.anvil[mover][q] === 1) return true;
    // OpenTafl's BoardImpl.isSpaceHostileTo: no square is hostile while an enemy guard stands on it (OTN-12).
    if (IS_GUARD[q] === 1) return false;
  }
  if (v.special[cell] === 0 || q === OFF) return false;
  return (q === EMPTY ? v.hostileEmpty[victim][cell] : v.hostileOccupied[victim][cell]) === 1;
}

/** Is `cell` hostile to the king: an attacker, or a special square hostile to him in its state. */
export function hostileToKing(v: CompiledVariant, b: Uint8Array, cell: number): boolean {
  const q = b[cell];
  if (SIDE_OF[q] === ATTACKERS) return IS_GUARD[q] === 0;
  if (q === OFF || v.special[cell] === 0) return false;
  return (q === EMPTY ? v.hostileEmpty[VICTIM_KING][cell] : v.hostileOccupied[VICTIM_KING][cell]) === 1;
}

/**
 * The Linnaean configuration (UNST-5): the king on the throne with attackers on the throne's three
 * sides other than `side` (the side where the victim stands). Attackers of any kind: OpenTafl counts
 * commanders and knights too (its checkLinnaeanCapture asks for the side).
 */
export function linnaeanThrone(v: CompiledVariant, b: Uint8Array, throneSide: number): boolean {
  const t = v.throne;
  if (t < 0 || b[t] !== KING) return false;
  const dirs = v.geo.dirs;
  for (let i = 0; i < 4; i++) {
    const n = t + dirs[i];
    if (n !== throneSide && SIDE_OF[b[n]] !== ATTACKERS) return false;
  }
  return true;
}

export function kingCaptured(v: CompiledVariant, b: Uint8Array, k: number, hammer: number): boolean {
  if (v.immuneOnEdge && v.edge[k] === 1) return false;
  if (v.immuneBesideCorner && v.besideCorner[k] === 1) return false;
  const dirs = v.geo.dirs;
  const beyond = k + (k - hammer);
  switch (v.kingCapture) {
    case KC_CUSTODIAL:
      return hostileToKing(v, b, beyond);
    case KC_STRONG4: {
      // All on-board sides hostile; off-board sides only occur where the edge is not immune.
      for (let i = 0; i < 4; i++) {
        const n = k + dirs[i];
        if (b[n] === OFF) continue;
        if (!hostileToKing(v, b, n)) return false;
      }
      return true;
    }
    case KC_GRADED: {
      // on the throne four enemies, beside it the three other sides and the throne. An enemy is an
      // attacker or a square hostile to him: only a fort (OTN-11) can be such a square there, and
      // OpenTafl's KING_STRONG_CENTER counts it.
      const t = v.throne;
      if (t >= 0 && (k === t || isNeighbour(k, t, dirs))) {
        for (let i = 0; i < 4; i++) if (!hostileToKing(v, b, k + dirs[i])) return false;
        return true;
      }
      return hostileToKing(v, b, beyond);
    }
    case KC_THRONE4:
      if (k === v.throne) return allFourAttackers(b, k, dirs);
      return hostileToKing(v, b, beyond);
    case KC_CASTLE4:
      if (k === v.throne) return allFourAttackers(b, k, dirs);
      return b[beyond] === ATTACKER;
  }
  return false;
}

function allFourAttackers(b: Uint8Array, k: number, dirs: Int32Array): boolean {
  return b[k + dirs[0]] === ATTACKER && b[k + dirs[1]] === ATTACKER && b[k + dirs[2]] === ATTACKER && b[k + dirs[3]] === ATTACKER;
}

function isNeighbour(a: number, c: number, dirs: Int32Array): boolean {
  const d = a - c;
  return d === dirs[0] || d === dirs[1] || d === dirs[2] || d === dirs[3];
}

/** UNST-8 / R-7: three or more hostile on-board sides, the moved attacker being one of them. */
export function commanderCaptured(v: CompiledVariant, b: Uint8Array, c: number): boolean {
  const dirs = v.geo.dirs;
  let hostile = 0;
  for (let i = 0; i < 4; i++) {
    const n = c + dirs[i];
    const q = b[n];
    if (q === ATTACKER) hostile++;
    else if (q === OFF || v.special[n] === 0) continue;
    else if (q === EMPTY ? v.hostileEmpty[VICTIM_DEFENDER][n] : v.hostileOccupied[VICTIM_DEFENDER][n]) hostile++;
    else if (v.linnaean && n === v.throne && linnaeanThrone(v, b, c)) hostile++;
  }
  return hostile >= 3;
}

/** The shieldwall rows the move captures (CORE-7), added to the `n` cells already in `out`. */
export function shieldwalls(v: CompiledVariant, b: Uint8Array, to: number, mover: number, out: Int32Array, n: number): number {
  if (!v.shieldwallMoverCloses) return shieldwallAnywhere(v, b, to, mover, out, n);
  if (v.edge[to] === 1) return shieldwallCaptures(v, b, to, mover, out, n);
  return n;
}

/** Does the square `c` close one end of a shieldwall row of the mover's enemies (CORE-7 a, R-9)? */
function closesRow(v: CompiledVariant, b: Uint8Array, c: number, to: number, mover: number): boolean {
  const q = b[c];
  if (q === OFF) return false;
  if (q === EMPTY) {
    // An empty corner closes only where the variant lets corners close (OpenTafl sw:s) and the corner
    // is hostile to the row's side; OpenTafl's corners close "if corners are hostile".
    const victim = mover === 0 ? VICTIM_DEFENDER : VICTIM_ATTACKER;
    return v.shieldwallCorners && v.special[c] === SQ_CORNER && v.hostileEmpty[victim][c] === 1;
  }
  return SIDE_OF[q] === mover && (c === to ? v.swHammer[mover][q] : v.swAnvil[mover][q]) === 1;
}

/** Is the square `c`, inward of a row member, a capturing piece of the mover? */
function frontsRow(v: CompiledVariant, b: Uint8Array, c: number, to: number, mover: number): boolean {
  const q = b[c];
  if (q === EMPTY || q === OFF || SIDE_OF[q] !== mover) return false;
  return (c === to ? v.swHammer[mover][q] : v.swAnvil[mover][q]) === 1;
}

/** Adds the row's members to `out` (once each); the king, Unst's commanders and guards stay (UNST-9, OTN-12). */
function takeRow(v: CompiledVariant, b: Uint8Array, first: number, along: number, len: number, out: Int32Array, n: number): number {
  for (let k = 0, s = first; k < len; k++, s += along) {
    const q = b[s];
    if (q === KING || (q === COMMANDER && v.commanders) || IS_GUARD[q] === 1) continue;
    let dup = false;
    for (let m = 0; m < n; m++) if (out[m] === s) dup = true;
    if (!dup) out[n++] = s;
  }
  return n;
}

/**
 * CORE-7 without its part (c) (OpenTafl swf:n: "any move that results in a closed shieldwall position
 * against an edge will capture the surrounded pieces"): every row of the mover's enemies on any edge
 * line that is closed at both ends and fronted throughout is captured, whichever piece moved.
 */
function shieldwallAnywhere(v: CompiledVariant, b: Uint8Array, to: number, mover: number, out: Int32Array, n: number): number {
  const g = v.geo;
  const last = g.size - 1;
  // Each edge line: its first cell, the step along it, and the step inward.
  const lines: [number, number, number][] = [
    [cellOf(g, 0, 0), 1, g.stride],
    [cellOf(g, 0, last), 1, -g.stride],
    [cellOf(g, 0, 0), g.stride, 1],
    [cellOf(g, last, 0), g.stride, -1],
  ];
  for (const [start, along, inward] of lines) {
    let c = start;
    for (let i = 0; i < g.size;) {
      const q = b[c];
      if (q === EMPTY || SIDE_OF[q] === mover) {
        i++;
        c += along;
        continue;
      }
      const first = c;
      let len = 0;
      while (i < g.size && b[c] !== EMPTY && SIDE_OF[b[c]] !== mover) {
        len++;
        i++;
        c += along;
      }
      if (len < 2 || !closesRow(v, b, first - along, to, mover) || !closesRow(v, b, c, to, mover)) continue;
      let fronted = true;
      for (let k = 0, s = first; k < len && fronted; k++, s += along) fronted = frontsRow(v, b, s + inward, to, mover);
      if (fronted) n = takeRow(v, b, first, along, len, out, n);
    }
  }
  return n;
}

/** CORE-7 / R-9, strict form: the moved piece closes one end of each row it captures. */
function shieldwallCaptures(v: CompiledVariant, b: Uint8Array, to: number, mover: number, out: Int32Array, n: number): number {
  const dirs = v.geo.dirs;
  // The inward step from this edge square; a board corner square has two edges, handled as two lines.
  for (let i = 0; i < 4; i++) {
    const inward = dirs[i];
    if (b[to - inward] !== OFF) continue; // `to` lies on the edge line perpendicular to `inward`
    for (let j = 0; j < 4; j++) {
      const along = dirs[j];
      if (along === inward || along === -inward) continue;
      let c = to + along;
      let len = 0;
      while (b[c] !== EMPTY && b[c] !== OFF && SIDE_OF[b[c]] !== mover) {
        len++;
        c += along;
      }
      if (len < 2 || !closesRow(v, b, c, to, mover)) continue;
      let fronted = true;
      for (let k = 1, s = to + along; k <= len && fronted; k++, s += along) fronted = frontsRow(v, b, s + inward, to, mover);
      if (fronted) n = takeRow(v, b, to + along, along, len, out, n);
    }
  }
  return n;
}
