/**
 * Seeded randomness and random-ish start positions for the differential test. Uses only the reference
 * variant table (never the engine's).
 */
import { RefGame, boardField, parseBoardField, parseSquare, squareName } from './reference-rules';
import { RefVariant } from './reference-variants';

export type Rng = () => number;

/** mulberry32 */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}

function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

function emptyBoard(n: number): string[][] {
  return Array.from({ length: n }, () => new Array<string>(n).fill('.'));
}

function specialSet(v: RefVariant): Set<string> {
  return new Set([...(v.throne ? [v.throne] : []), ...v.kingOnlySquares]);
}

function onEdge(v: RefVariant, f: number, r: number): boolean {
  return f === 0 || r === 0 || f === v.size - 1 || r === v.size - 1;
}

/** Squares where the king may stand in a generated position (never an escape square). */
function kingSquares(v: RefVariant): string[] {
  const special = specialSet(v);
  const escape = new Set(v.escapeSquares);
  const out: string[] = [];
  for (let r = 0; r < v.size; r++)
    for (let f = 0; f < v.size; f++) {
      const s = squareName(f, r);
      if (!escape.has(s) && !special.has(s)) out.push(s);
    }
  return out;
}

function plainSquares(v: RefVariant): string[] {
  const special = specialSet(v);
  const out: string[] = [];
  for (let r = 0; r < v.size; r++) for (let f = 0; f < v.size; f++) if (!special.has(squareName(f, r))) out.push(squareName(f, r));
  return out;
}

function put(board: string[][], name: string, p: string): void {
  const s = parseSquare(name);
  board[s.r][s.f] = p;
}

function get(board: string[][], name: string): string {
  const s = parseSquare(name);
  return board[s.r][s.f];
}

function layoutCounts(v: RefVariant): { t: number; T: number; C: number } {
  const b = parseBoardField(v.layout, v.size);
  const c = { t: 0, T: 0, C: 0 };
  for (const row of b) for (const p of row) if (p === 't' || p === 'T' || p === 'C') c[p]++;
  return c;
}

function tfenOf(board: string[][], side: 'a' | 'd'): string {
  return `${boardField(board)} ${side}`;
}

/** Pieces scattered at random: a random share of each kind, the king anywhere plain. */
export function scrambledPosition(v: RefVariant, rng: Rng): string {
  const counts = layoutCounts(v);
  const board = emptyBoard(v.size);
  const ks = pick(rng, v.throne && rng() < 0.2 ? [v.throne] : kingSquares(v).filter((s) => !(v.escape === 'edge' && onEdgeName(v, s))));
  put(board, ks, 'K');
  const free = shuffle(
    rng,
    plainSquares(v).filter((s) => s !== ks),
  );
  const nt = 1 + Math.floor(rng() * counts.t);
  const nT = Math.floor(rng() * (counts.T + 1));
  const nC = Math.floor(rng() * (counts.C + 1));
  let i = 0;
  for (let k = 0; k < nt; k++) put(board, free[i++], 't');
  for (let k = 0; k < nT; k++) put(board, free[i++], 'T');
  for (let k = 0; k < nC; k++) put(board, free[i++], 'C');
  return tfenOf(board, rng() < 0.5 ? 'a' : 'd');
}

function onEdgeName(v: RefVariant, s: string): boolean {
  const q = parseSquare(s);
  return onEdge(v, q.f, q.r);
}

/** A nearly full board: few holes, so sides may be unable to move (CORE-12, AEC-9, R-14). */
export function crowdedPosition(v: RefVariant, rng: Rng): string {
  const board = emptyBoard(v.size);
  const squares = plainSquares(v);
  const ks = pick(
    rng,
    kingSquares(v).filter((s) => !(v.escape === 'edge' && onEdgeName(v, s))),
  );
  const pA = 0.3 + rng() * 0.4;
  for (const s of squares) put(board, s, s === ks ? 'K' : rng() < pA ? 't' : v.commanders && rng() < 0.05 ? 'C' : 'T');
  const holes = Math.floor(rng() * 4);
  const candidates = shuffle(
    rng,
    squares.filter((s) => s !== ks),
  );
  for (let k = 0; k < holes; k++) put(board, candidates[k], '.');
  return tfenOf(board, rng() < 0.5 ? 'a' : 'd');
}

/**
 * The king on an edge square inside a small pocket walled by defenders (CORE-11 material), with a few
 * random leaks and attackers elsewhere.
 */
export function fortPosition(v: RefVariant, rng: Rng): string {
  const board = emptyBoard(v.size);
  const special = specialSet(v);
  const edgeKing = kingSquares(v).filter((s) => onEdgeName(v, s));
  if (edgeKing.length === 0) return scrambledPosition(v, rng); // edge escape: the king on an edge has won
  const ks = pick(rng, edgeKing);
  put(board, ks, 'K');
  const pocket = new Set<string>([ks]);
  const target = Math.floor(rng() * 6);
  for (let tries = 0; pocket.size < target + 1 && tries < 30; tries++) {
    const from = parseSquare(pick(rng, [...pocket]));
    const [df, dr] = pick(rng, [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const);
    const f = from.f + df;
    const r = from.r + dr;
    if (f < 0 || r < 0 || f >= v.size || r >= v.size) continue;
    pocket.add(squareName(f, r));
  }
  const wall = new Set<string>();
  for (const s of pocket) {
    const q = parseSquare(s);
    for (const [df, dr] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const f = q.f + df;
      const r = q.r + dr;
      if (f < 0 || r < 0 || f >= v.size || r >= v.size) continue;
      const n = squareName(f, r);
      if (!pocket.has(n)) wall.add(n);
    }
  }
  const leak = rng() < 0.3;
  for (const s of wall) if (!special.has(s) && (!leak || rng() < 0.85)) put(board, s, v.commanders && rng() < 0.1 ? 'C' : 'T');
  // a second layer, sometimes
  const layer = rng();
  for (const s of wall) {
    const q = parseSquare(s);
    for (const [df, dr] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const f = q.f + df;
      const r = q.r + dr;
      if (f < 0 || r < 0 || f >= v.size || r >= v.size) continue;
      const n = squareName(f, r);
      if (!special.has(n) && !pocket.has(n) && get(board, n) === '.' && rng() < layer) put(board, n, 'T');
    }
  }
  const free = shuffle(
    rng,
    plainSquares(v).filter((s) => get(board, s) === '.' && !pocket.has(s)),
  );
  const na = 2 + Math.floor(rng() * Math.min(free.length - 1, v.size * 2));
  for (let k = 0; k < na && k < free.length; k++) put(board, free[k], 't');
  return tfenOf(board, rng() < 0.75 ? 'd' : 'a');
}

/** A diamond of attackers around the defenders with a gap or two (CORE-10 material). */
export function ringPosition(v: RefVariant, rng: Rng): string {
  const board = emptyBoard(v.size);
  const special = specialSet(v);
  const maxRad = Math.floor((v.size - 1) / 2);
  const rad = 2 + Math.floor(rng() * Math.max(1, maxRad - 1));
  // sometimes clipped by the board: the inside then touches the edge, where the fill starts (CORE-10)
  const clipped = rng() < 0.3;
  const lo = clipped ? 0 : rad;
  const hi = clipped ? v.size - 1 : v.size - 1 - rad;
  const cf = lo + Math.floor(rng() * Math.max(1, hi - lo + 1));
  const cr = lo + Math.floor(rng() * Math.max(1, hi - lo + 1));
  const inside: string[] = [];
  const ring: string[] = [];
  for (let r = 0; r < v.size; r++)
    for (let f = 0; f < v.size; f++) {
      const d = Math.abs(f - cf) + Math.abs(r - cr);
      const s = squareName(f, r);
      if (special.has(s)) continue;
      if (d === rad) ring.push(s);
      else if (d < rad) inside.push(s);
    }
  const gaps = Math.floor(rng() * 3);
  shuffle(rng, ring);
  ring.forEach((s, i) => i >= gaps && put(board, s, 't'));
  shuffle(rng, inside);
  const kingInside = inside.filter((s) => !(v.escape === 'edge' && onEdgeName(v, s)));
  const ks = kingInside.length
    ? kingInside[0]
    : pick(
        rng,
        kingSquares(v).filter((s) => get(board, s) === '.' && !onEdgeName(v, s)),
      );
  put(board, ks, 'K');
  const nd = Math.floor(rng() * Math.min(inside.length, 6));
  for (const s of inside.slice(1, 1 + nd)) if (get(board, s) === '.') put(board, s, v.commanders && rng() < 0.2 ? 'C' : 'T');
  const outside = shuffle(
    rng,
    plainSquares(v).filter((s) => get(board, s) === '.' && !inside.includes(s)),
  );
  const extra = Math.floor(rng() * 8);
  for (const s of outside.slice(0, extra)) put(board, s, 't');
  return tfenOf(board, rng() < 0.8 ? 'a' : 'd');
}

/** A position reached by `plies` random reference moves from the start (used without history). */
export function playedPosition(v: RefVariant, rng: Rng, plies: number): string {
  const g = RefGame.start(v);
  for (let i = 0; i < plies && g.outcome.status === 'ongoing'; i++) {
    const moves = g.legalMoves();
    const m = pick(rng, moves);
    const probe = g.clone();
    probe.apply(m);
    if (probe.outcome.status === 'finished') break;
    g.apply(m);
  }
  return g.tfen();
}

const ORTHO: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** Puts `p` on `name` if that square is on the board, plain and empty. */
function tryPut(v: RefVariant, board: string[][], f: number, r: number, p: string): boolean {
  if (f < 0 || r < 0 || f >= v.size || r >= v.size) return false;
  if (specialSet(v).has(squareName(f, r)) || board[r][f] !== '.') return false;
  board[r][f] = p;
  return true;
}

function hasKing(board: string[][]): boolean {
  return board.some((row) => row.includes('K'));
}

function placeKingSomewhere(v: RefVariant, board: string[][], rng: Rng): void {
  if (hasKing(board)) return;
  const options = kingSquares(v).filter((s) => get(board, s) === '.' && !(v.escape === 'edge' && onEdgeName(v, s)));
  put(board, pick(rng, options), 'K');
}

function sprinkle(v: RefVariant, board: string[][], rng: Rng, p: string, n: number): void {
  const free = shuffle(
    rng,
    plainSquares(v).filter((s) => get(board, s) === '.'),
  );
  for (const s of free.slice(0, n)) put(board, s, p);
}

/**
 * Around the throne: the king on it with attackers and defenders beside it (throne capture, Linnaean
 * capture UNST-5 / R-8), or the king next to the empty throne (re-entry R-3, graded capture R-5).
 */
export function thronePosition(v: RefVariant, rng: Rng): string {
  if (!v.throne) return scrambledPosition(v, rng);
  const board = emptyBoard(v.size);
  const t = parseSquare(v.throne);
  if (v.linnaean && rng() < 0.4) {
    // UNST-5: the king on the throne, attackers on three sides, a defender on the fourth, the square
    // beyond it empty and an attacker able to reach it
    board[t.r][t.f] = 'K';
    const sides = shuffle(rng, [...ORTHO]);
    for (const [df, dr] of sides.slice(0, 3)) if (rng() < 0.93) tryPut(v, board, t.f + df, t.r + dr, 't');
    const [df, dr] = sides[3];
    tryPut(v, board, t.f + df, t.r + dr, v.commanders && rng() < 0.4 ? 'C' : 'T');
    const bf = t.f + 2 * df;
    const br = t.r + 2 * dr;
    const dist = 1 + Math.floor(rng() * 3);
    const sign = rng() < 0.5 ? 1 : -1;
    if (rng() < 0.5) tryPut(v, board, bf + dr * dist * sign, br + df * dist * sign, 't');
    else tryPut(v, board, bf + df * dist, br + dr * dist, 't');
  } else if (rng() < 0.6) {
    board[t.r][t.f] = 'K';
    for (const [df, dr] of ORTHO) {
      const x = rng();
      const p = x < 0.6 ? 't' : x < 0.9 ? (v.commanders && rng() < 0.4 ? 'C' : 'T') : '.';
      if (p !== '.') tryPut(v, board, t.f + df, t.r + dr, p);
    }
  } else {
    const [df, dr] = pick(rng, ORTHO);
    const dist = rng() < 0.7 ? 1 : 2;
    board[t.r + dr * dist][t.f + df * dist] = 'K';
    const k = { f: t.f + df * dist, r: t.r + dr * dist };
    for (const [ef, er] of ORTHO) if (rng() < 0.5) tryPut(v, board, k.f + ef, k.r + er, 't');
  }
  // attackers and defenders near the throne, able to arrive beside it
  for (let r = t.r - 4; r <= t.r + 4; r++)
    for (let f = t.f - 4; f <= t.f + 4; f++) {
      const d = Math.abs(f - t.f) + Math.abs(r - t.r);
      if (d < 2) continue;
      const x = rng();
      if (x < 0.14) tryPut(v, board, f, r, 't');
      else if (x < 0.2) tryPut(v, board, f, r, v.commanders && rng() < 0.3 ? 'C' : 'T');
    }
  sprinkle(v, board, rng, 't', Math.floor(rng() * v.size));
  sprinkle(v, board, rng, 'T', Math.floor(rng() * (v.size / 2)));
  return tfenOf(board, rng() < 0.7 ? 'a' : 'd');
}

/**
 * A row of enemy pieces on an edge, its front mostly filled by the mover's pieces, one end closed and a
 * mover's piece able to close the other (CORE-7, R-9, UNST-9).
 */
export function shieldwallPosition(v: RefVariant, rng: Rng): string {
  const board = emptyBoard(v.size);
  const n = v.size - 1;
  const mover = rng() < 0.5 ? 't' : 'T';
  const enemy = mover === 't' ? 'T' : 't';
  // edge line: points (along, fixed) mapped to (f, r); inward unit vector
  const edge = Math.floor(rng() * 4);
  const at = (i: number, depth: number): [number, number] =>
    edge === 0 ? [i, depth] : edge === 1 ? [i, n - depth] : edge === 2 ? [depth, i] : [n - depth, i];
  const len = 2 + Math.floor(rng() * 4);
  const startAlong = Math.floor(rng() * (v.size - len));
  for (let i = 0; i < len; i++) {
    const [f, r] = at(startAlong + i, 0);
    let p = enemy;
    if (enemy === 'T' && rng() < 0.15 && !hasKing(board)) p = 'K';
    else if (enemy === 'T' && v.commanders && rng() < 0.15) p = 'C';
    tryPut(v, board, f, r, p);
    const [ff, fr] = at(startAlong + i, 1);
    if (rng() < 0.92) tryPut(v, board, ff, fr, mover === 'T' && rng() < 0.1 && !hasKing(board) ? 'K' : mover);
  }
  // one end closed, the other open with a mover's piece that can reach it
  const ends = [startAlong - 1, startAlong + len];
  if (rng() < 0.5) ends.reverse();
  const [closed, open] = ends;
  if (closed >= 0 && closed <= n && rng() < 0.9) {
    const [f, r] = at(closed, 0);
    tryPut(v, board, f, r, mover === 'T' && rng() < 0.2 && !hasKing(board) ? 'K' : mover);
  }
  if (open >= 0 && open <= n) {
    const depth = 1 + Math.floor(rng() * 3);
    const [f, r] = at(open, depth);
    tryPut(v, board, f, r, mover === 'T' && rng() < 0.2 && !hasKing(board) ? 'K' : mover);
  }
  placeKingSomewhere(v, board, rng);
  sprinkle(v, board, rng, 't', Math.floor(rng() * v.size));
  sprinkle(v, board, rng, 'T', Math.floor(rng() * (v.size / 2)));
  return tfenOf(board, mover === 't' ? 'a' : 'd');
}

/** AEC-8: attackers on (most of) the squares that block the corners, the king near an edge. */
export function blockedCornersPosition(v: RefVariant, rng: Rng): string {
  const board = emptyBoard(v.size);
  const full = rng() < 0.7;
  for (const block of v.cornerBlocks) for (const s of block) if (full || rng() < 0.9) put(board, s, 't');
  const near = kingSquares(v).filter((s) => {
    const q = parseSquare(s);
    const d = Math.min(q.f, q.r, v.size - 1 - q.f, v.size - 1 - q.r);
    return d >= 1 && d <= 3 && get(board, s) === '.';
  });
  put(board, pick(rng, near), 'K');
  sprinkle(v, board, rng, 't', Math.floor(rng() * 20));
  sprinkle(v, board, rng, 'T', Math.floor(rng() * 10));
  return tfenOf(board, rng() < 0.8 ? 'd' : 'a');
}
