/**
 * End-of-game evaluation (CORE-9 order): king escaped → exit fort → king captured → encirclement →
 * repetition → the next side has no legal move. The costly checks run only when the last move could
 * have changed their answer: exit fort after a defenders' move with the king on the edge, encirclement
 * after an attackers' move.
 */
import { CompiledVariant, ESCAPE_CORNERS_THEN_EDGE, NLM_DRAW, NLM_LOSES } from './compiled-variant.js';
import { hasMove, pieceCanMove } from './movegen.js';
import {
  ONGOING,
  R_BOTH_IMMOBILE,
  R_ENCIRCLED,
  R_EXIT_FORT,
  R_KING_CAPTURED,
  R_KING_ESCAPED,
  R_NO_LEGAL_MOVES,
  R_REPETITION,
  WIN_ATTACKERS,
  WIN_DEFENDERS,
  WIN_DRAW,
  outcomeCode,
  winnerOfSide,
} from './outcome-codes.js';
import { ATTACKERS, DEFENDERS, EMPTY, OFF, SIDE_OF, VICTIM_DEFENDER } from './pieces.js';
import { PASS, Position, moveTo } from './position.js';

/** Flood-fill scratch space, one per board size (the engine is single-threaded). */
class Scratch {
  mark: Int32Array;
  stack: Int32Array;
  /** Where the search came from into each square it reached (valid for squares marked this stamp). */
  parent: Int32Array;
  /**
   * The last path isEncircled found from a defender to the edge (edge square first, defender last):
   * while every square of it still holds no attacker and its last still holds a defender, the answer
   * is the same without a search. Squares and their neighbours are the same for every board of a size.
   */
  witness: Int32Array;
  witnessLength = 0;
  stamp = 0;
  constructor(cells: number) {
    this.mark = new Int32Array(cells);
    this.stack = new Int32Array(cells);
    this.parent = new Int32Array(cells);
    this.witness = new Int32Array(cells);
  }
  next(): number {
    if (++this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}
const scratches = new Map<number, Scratch>();
function scratchFor(cells: number): Scratch {
  let s = scratches.get(cells);
  if (!s) scratches.set(cells, (s = new Scratch(cells)));
  return s;
}

/**
 * CORE-10 / R-11: no defender reachable from the edge through squares without attackers. Searched from
 * the defenders outwards, depth first, through every square without an attacker: a defender connected
 * to the edge is usually a few squares from it, so the common answer (not encircled) comes after a
 * handful of squares, where a flood from the edge inwards crossed most of the open board first.
 */
export function isEncircled(pos: Position): boolean {
  const v = pos.v;
  const b = pos.board;
  const edge = v.edge;
  const s = scratchFor(v.geo.cells);
  // Most moves leave the last path out open: a game asks this after every attackers' move.
  if (witnessHolds(s, b, edge)) return false;
  const stamp = s.next();
  const mark = s.mark;
  const stack = s.stack;
  const parent = s.parent;
  const dirs = v.geo.dirs;
  const defenders = pos.pieces[DEFENDERS];
  for (let i = 0, n = pos.pieceCount[DEFENDERS]; i < n; i++) {
    const start = defenders[i];
    if (mark[start] === stamp) continue;
    mark[start] = stamp;
    parent[start] = -1;
    if (edge[start] === 1) return keepWitness(s, start);
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const c = stack[--top];
      for (let k = 0; k < 4; k++) {
        const m = c + dirs[k];
        const q = b[m];
        if (q === OFF || SIDE_OF[q] === ATTACKERS || mark[m] === stamp) continue;
        mark[m] = stamp;
        parent[m] = c;
        if (edge[m] === 1) return keepWitness(s, m);
        stack[top++] = m;
      }
    }
  }
  s.witnessLength = 0;
  return true;
}

/** Records the path the search took to the edge square `end` (back to its defender); answers false. */
function keepWitness(s: Scratch, end: number): false {
  let n = 0;
  for (let c = end; c >= 0; c = s.parent[c]) s.witness[n++] = c;
  s.witnessLength = n;
  return false;
}

function witnessHolds(s: Scratch, b: Uint8Array, edge: Uint8Array): boolean {
  const w = s.witness;
  const n = s.witnessLength;
  if (n === 0 || edge[w[0]] !== 1) return false;
  const start = b[w[n - 1]];
  if (start === EMPTY || start === OFF || SIDE_OF[start] !== DEFENDERS) return false;
  for (let i = 0; i < n; i++) {
    const q = b[w[i]];
    if (SIDE_OF[q] === ATTACKERS || q === OFF) return false;
  }
  return true;
}

/** CORE-11 / R-10, for the current board. */
export function isExitFort(pos: Position): boolean {
  const v = pos.v;
  const b = pos.board;
  const k = pos.kingSq;
  if (k < 0 || v.edge[k] !== 1) return false; // (a)
  if (!pieceCanMove(pos, k)) return false; // (b)
  const s = scratchFor(v.geo.cells);
  const inR = s.next();
  const mark = s.mark;
  const stack = s.stack;
  const dirs = v.geo.dirs;
  // (c) R: the king's square and every square reachable through empty squares; no attacker beside it.
  const wall: number[] = [];
  const inWall = new Set<number>();
  let top = 0;
  mark[k] = inR;
  stack[top++] = k;
  while (top > 0) {
    const c = stack[--top];
    for (let i = 0; i < 4; i++) {
      const n = c + dirs[i];
      const q = b[n];
      if (q === OFF || mark[n] === inR) continue;
      if (SIDE_OF[q] === ATTACKERS) return false;
      if (q === EMPTY) {
        mark[n] = inR;
        stack[top++] = n;
      } else if (!inWall.has(n)) {
        inWall.add(n);
        wall.push(n);
      }
    }
  }
  // (e) checked before (d) because it is cheap.
  if (wall.length < v.exitFortMinWall) return false;
  // (d) S: start from every defender soldier and commander, drop pieces without a safe side per axis.
  const inS = new Set<number>();
  const list = pos.pieces[DEFENDERS];
  for (let i = 0; i < pos.pieceCount[DEFENDERS]; i++) if (list[i] !== k) inS.add(list[i]);
  const safe = (n: number): boolean => {
    const q = b[n];
    if (q === OFF) return true;
    if (mark[n] === inR) {
      if (v.special[n] === 0) return true;
      const hostile = q === EMPTY ? v.hostileEmpty[VICTIM_DEFENDER][n] : v.hostileOccupied[VICTIM_DEFENDER][n];
      return hostile === 0;
    }
    return inS.has(n);
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const c of inS) {
      const horizontal = safe(c + dirs[0]) || safe(c + dirs[1]);
      const vertical = safe(c + dirs[2]) || safe(c + dirs[3]);
      if (!horizontal || !vertical) {
        inS.delete(c);
        changed = true;
      }
    }
  }
  for (const w of wall) if (!inS.has(w)) return false;
  return true;
}

/** AEC-8: every corner's outside neighbours hold attackers. */
export function allCornersBlocked(v: CompiledVariant, b: Uint8Array): boolean {
  for (const blockers of v.cornerBlockers)
    for (let i = 0; i < blockers.length; i++) if (SIDE_OF[b[blockers[i]]] !== ATTACKERS) return false;
  return v.cornerBlockers.length > 0;
}

function noLegalMoveOutcome(pos: Position): number {
  const v = pos.v;
  if (hasMove(pos, pos.side)) return ONGOING;
  const other = pos.side ^ 1;
  if (v.noLegalMove === NLM_LOSES) return outcomeCode(winnerOfSide(other), R_NO_LEGAL_MOVES);
  if (v.noLegalMove === NLM_DRAW) return outcomeCode(WIN_DRAW, R_NO_LEGAL_MOVES);
  return hasMove(pos, other) ? ONGOING : outcomeCode(WIN_DRAW, R_BOTH_IMMOBILE);
}

/** The outcome after the last move made on `pos` (CORE-9). */
export function outcomeAfterMove(pos: Position): number {
  const v = pos.v;
  const b = pos.board;
  const k = pos.kingSq;
  const mover = pos.mover;
  if (k >= 0) {
    if (v.escape[k] === 1) return outcomeCode(WIN_DEFENDERS, R_KING_ESCAPED);
    if (v.escapeMode === ESCAPE_CORNERS_THEN_EDGE && v.edge[k] === 1) {
      const last = pos.lastMove();
      if (last !== PASS && moveTo(last) === k && allCornersBlocked(v, b)) return outcomeCode(WIN_DEFENDERS, R_KING_ESCAPED);
    }
    if (mover === DEFENDERS && v.exitFortMinWall > 0 && v.edge[k] === 1 && isExitFort(pos)) {
      return outcomeCode(WIN_DEFENDERS, R_EXIT_FORT);
    }
  } else {
    return outcomeCode(WIN_ATTACKERS, R_KING_CAPTURED);
  }
  // A berserker's side keeps the move, but OpenTafl ends the game once the other side has no piece left
  // (OTN-13); where turns pass, that side simply has no legal move.
  if (pos.berserker >= 0 && pos.pieceCount[pos.side ^ 1] === 0) return outcomeCode(winnerOfSide(pos.side), R_NO_LEGAL_MOVES);
  if (mover === ATTACKERS && v.encirclement && isEncircled(pos)) return outcomeCode(WIN_ATTACKERS, R_ENCIRCLED);
  // OpenTafl does not judge repetition while a berserker is to move again (OTN-13).
  if (v.repetitionCount > 0 && pos.berserker < 0 && pos.occurrences() >= v.repetitionCount) {
    const winner = v.repetitionForMover === 0 ? WIN_DRAW : winnerOfSide(v.repetitionForMover < 0 ? pos.side : mover);
    return outcomeCode(winner, R_REPETITION);
  }
  return noLegalMoveOutcome(pos);
}

/** The outcome of a position with no move played from it. */
export function outcomeAtStart(pos: Position): number {
  if (pos.kingSq < 0) return outcomeCode(WIN_ATTACKERS, R_KING_CAPTURED);
  return noLegalMoveOutcome(pos);
}
