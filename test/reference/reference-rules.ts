/**
 * A deliberately simple and slow reference implementation of /work/shared/spec/rules.md (sections 1-4,
 * 5 and 7) and the TFEN / move notation of api.md sections 1-2.
 *
 * Independence: written from the spec text only; it imports nothing from src/. The board is a plain
 * 2D array of chars ('t', 'T', 'K', 'C', '.'), board[rank][file] with rank 0 = rank 1; special squares
 * are sets of square names. Nothing here is optimised.
 */
import { Hostility, RefSide, RefVariant } from './reference-variants';

export type RefWinner = RefSide | 'draw';
export interface RefOutcome {
  status: 'ongoing' | 'finished';
  winner: RefWinner | null;
  reason: string | null;
}

export interface RefMoveResult {
  captures: string[];
  outcome: RefOutcome;
}

interface Sq {
  f: number;
  r: number;
}

const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

const ONGOING: RefOutcome = { status: 'ongoing', winner: null, reason: null };

const FILES = 'abcdefghijklmnopqrstuvwxy';
/** NAMES[rank][file] (a cache: string building is slow inside Jest's sandbox) */
const NAMES: string[][] = [];
const SQUARES = new Map<string, Sq>();
for (let r = 0; r < 25; r++) {
  NAMES.push([]);
  for (let f = 0; f < 25; f++) {
    const name = `${FILES[f]}${r + 1}`;
    NAMES[r].push(name);
    SQUARES.set(name, { f, r });
  }
}
const COUNTS = Array.from({ length: 26 }, (_, i) => `${i}`);

export function squareName(f: number, r: number): string {
  return NAMES[r][f];
}

export function parseSquare(name: string): Sq {
  const s = SQUARES.get(name);
  if (!s) throw new Error(`reference: bad square ${name}`);
  return { f: s.f, r: s.r };
}

export function other(side: RefSide): RefSide {
  return side === 'attackers' ? 'defenders' : 'attackers';
}

export function sideOf(p: string): RefSide | null {
  if (p === 't') return 'attackers';
  if (p === 'T' || p === 'K' || p === 'C') return 'defenders';
  return null;
}

/** Parses a TFEN board field into board[rank][file]. Throws on malformed input. */
export function parseBoardField(field: string, size: number): string[][] {
  const rows = field.split('/');
  if (rows.length !== size) throw new Error(`reference TFEN: ${rows.length} ranks, expected ${size}`);
  const board: string[][] = [];
  for (let r = 0; r < size; r++) board.push(new Array<string>(size).fill('.'));
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    let f = 0;
    let j = 0;
    while (j < row.length) {
      const c = row[j];
      if (c >= '0' && c <= '9') {
        let k = j;
        while (k < row.length && row[k] >= '0' && row[k] <= '9') k++;
        f += Number(row.slice(j, k));
        j = k;
      } else {
        if (!'tTKC'.includes(c)) throw new Error(`reference TFEN: bad letter ${c}`);
        if (f >= size) throw new Error('reference TFEN: rank too long');
        board[rank][f] = c;
        f++;
        j++;
      }
    }
    if (f !== size) throw new Error(`reference TFEN: rank ${rank + 1} has width ${f}`);
  });
  return board;
}

export function boardField(board: string[][]): string {
  const size = board.length;
  const rows: string[] = [];
  for (let r = size - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < size; f++) {
      const c = board[r][f];
      if (c === '.') empty++;
      else {
        if (empty) row += COUNTS[empty];
        empty = 0;
        row += c;
      }
    }
    if (empty) row += COUNTS[empty];
    rows.push(row);
  }
  return rows.join('/');
}

/** Counts of rare rules firing on played moves (for coverage figures only). */
export const REF_EVENTS: Record<string, number> = {};
function event(name: string): void {
  REF_EVENTS[name] = (REF_EVENTS[name] ?? 0) + 1;
}

export class RefGame {
  readonly v: RefVariant;
  readonly size: number;
  board: string[][];
  side: RefSide;
  /** the king has left the throne (only matters where he may not return) */
  kingLeftThrone: boolean;
  /** CORE-8 / R-12: occurrences of every position (canonical TFEN) since the start */
  history: Map<string, number>;
  outcome: RefOutcome;

  private readonly kingOnly: Set<string>;
  private readonly escapeSet: Set<string>;
  private readonly boardCorners: Set<string>;
  /** lookup grids [rank][file] built from the sets above (speed only) */
  private readonly throneGrid: boolean[][];
  private readonly kingOnlyGrid: boolean[][];

  private constructor(v: RefVariant, board: string[][], side: RefSide, kingLeftThrone: boolean) {
    this.v = v;
    this.size = v.size;
    this.board = board;
    this.side = side;
    this.kingLeftThrone = kingLeftThrone;
    this.kingOnly = new Set(v.kingOnlySquares);
    this.escapeSet = new Set(v.escapeSquares);
    const n = v.size - 1;
    this.boardCorners = new Set([squareName(0, 0), squareName(0, n), squareName(n, 0), squareName(n, n)]);
    this.throneGrid = board.map((row, r) => row.map((_, f) => v.throne !== null && squareName(f, r) === v.throne));
    this.kingOnlyGrid = board.map((row, r) => row.map((_, f) => this.kingOnly.has(squareName(f, r))));
    this.history = new Map([[this.tfen(), 1]]);
    this.outcome = this.startOutcome();
  }

  static start(v: RefVariant): RefGame {
    return new RefGame(v, parseBoardField(v.layout, v.size), v.first, false);
  }

  /**
   * A game starting at a given position (R-15: no history). Where the king may not return to the
   * throne, a king that is not on the throne is taken to have left it (every layout starts him there).
   */
  static fromTfen(v: RefVariant, text: string, kingLeftThrone?: boolean): RefGame {
    const [field, s] = text.trim().split(/[ _]/);
    const board = parseBoardField(field, v.size);
    if (s !== 'a' && s !== 'd') throw new Error(`reference TFEN: bad side ${s}`);
    let left = kingLeftThrone;
    if (left === undefined) {
      const k = RefGame.findKingIn(board);
      left = v.throne !== null && (k === null || squareName(k.f, k.r) !== v.throne);
    }
    return new RefGame(v, board, s === 'a' ? 'attackers' : 'defenders', left);
  }

  /** A copy; without `withHistory` the copy forgets the past (enough to probe for a win). */
  clone(withHistory = true): RefGame {
    const g = Object.create(RefGame.prototype) as RefGame;
    Object.assign(g, this);
    g.board = this.board.map((row) => row.slice());
    g.history = withHistory ? new Map(this.history) : new Map();
    g.outcome = { ...this.outcome };
    return g;
  }

  tfen(): string {
    return `${boardField(this.board)} ${this.side === 'attackers' ? 'a' : 'd'}`;
  }

  // ---------------------------------------------------------------- board helpers

  private on(f: number, r: number): boolean {
    return f >= 0 && r >= 0 && f < this.size && r < this.size;
  }

  private at(f: number, r: number): string {
    return this.on(f, r) ? this.board[r][f] : '#';
  }

  private onEdge(f: number, r: number): boolean {
    return f === 0 || r === 0 || f === this.size - 1 || r === this.size - 1;
  }

  private isThrone(f: number, r: number): boolean {
    return this.throneGrid[r][f];
  }

  private isKingOnly(f: number, r: number): boolean {
    return this.kingOnlyGrid[r][f];
  }

  private isSpecial(f: number, r: number): boolean {
    return this.isThrone(f, r) || this.isKingOnly(f, r);
  }

  private static findKingIn(board: string[][]): Sq | null {
    for (let r = 0; r < board.length; r++) for (let f = 0; f < board.length; f++) if (board[r][f] === 'K') return { f, r };
    return null;
  }

  private findKing(): Sq | null {
    return RefGame.findKingIn(this.board);
  }

  /** The king's square name, or null once he is captured. */
  kingSquare(): string | null {
    const k = this.findKing();
    return k ? squareName(k.f, k.r) : null;
  }

  /** A piece of `side` that can be a hammer or an anvil (an unarmed king never is). */
  private isCapturer(p: string, side: RefSide): boolean {
    if (side === 'attackers') return p === 't';
    return p === 'T' || p === 'C' || (p === 'K' && this.v.kingArmed);
  }

  private classOf(p: string): keyof Hostility {
    return p === 't' ? 'a' : p === 'K' ? 'k' : 'd';
  }

  /**
   * Is special square (bf, br) hostile to the piece standing on (xf, xr), in the square's current
   * state? Includes the Linnaean configuration (UNST-5, R-7, R-8).
   */
  private squareHostile(bf: number, br: number, xf: number, xr: number): boolean {
    const cls = this.classOf(this.board[xr][xf]);
    if (this.isThrone(bf, br)) {
      const occupant = this.board[br][bf];
      const h = occupant === '.' ? this.v.throneHostileEmpty : this.v.throneHostileOccupied;
      if (h[cls]) return true;
      if (this.v.linnaean && occupant === 'K' && cls === 'd' && Math.abs(bf - xf) + Math.abs(br - xr) === 1) {
        // the king on the throne with attackers on its three other sides
        return DIRS.every(([df, dr]) => {
          const nf = bf + df;
          const nr = br + dr;
          if (nf === xf && nr === xr) return true;
          return this.at(nf, nr) === 't';
        });
      }
      return false;
    }
    if (this.isKingOnly(bf, br)) return this.v.kingOnlyHostile[cls];
    return false;
  }

  // ---------------------------------------------------------------- moves

  private mayStop(p: string, f: number, r: number): boolean {
    if (this.isThrone(f, r)) return p === 'K' && (this.v.throneReentry || !this.kingLeftThrone);
    if (this.isKingOnly(f, r)) return p === 'K';
    return true;
  }

  private mayPass(p: string, f: number, r: number): boolean {
    if (this.isThrone(f, r)) return this.v.thronePass === 'all' || p === 'K';
    if (this.isKingOnly(f, r)) return p === 'K';
    return true;
  }

  private movesFrom(f: number, r: number): string[] {
    const p = this.board[r][f];
    const out: string[] = [];
    for (const [df, dr] of DIRS) {
      let cf = f + df;
      let cr = r + dr;
      while (this.on(cf, cr) && this.board[cr][cf] === '.') {
        if (this.mayStop(p, cf, cr)) out.push(`${squareName(f, r)}-${squareName(cf, cr)}`);
        if (!this.mayPass(p, cf, cr)) break;
        cf += df;
        cr += dr;
      }
    }
    return out;
  }

  /** Ordinary moves of `side` on the current board (no pass). */
  movesFor(side: RefSide): string[] {
    const out: string[] = [];
    for (let r = 0; r < this.size; r++)
      for (let f = 0; f < this.size; f++) if (sideOf(this.board[r][f]) === side) out.push(...this.movesFrom(f, r));
    return out;
  }

  /** Legal moves of the side to move, sorted; `pass` alone where the variant passes (AEC-9). */
  legalMoves(): string[] {
    if (this.outcome.status === 'finished') return [];
    const m = this.movesFor(this.side);
    if (m.length === 0 && this.v.noLegalMove === 'pass') return ['pass'];
    return m.sort();
  }

  // ---------------------------------------------------------------- captures

  /** when set, rule hits are counted in REF_EVENTS */
  private counting = false;
  private listing = false;
  private note(name: string): void {
    if (this.counting) event(`${this.v.id}:${name}`);
    if (this.listing) event(`${this.v.id}:listed:${name}`);
  }

  /** Captured squares of the piece that has just arrived on (sf, sr), on the board after the move. */
  private capturesAt(sf: number, sr: number): string[] {
    const moved = this.board[sr][sf];
    const mover = sideOf(moved)!;
    if (!this.isCapturer(moved, mover)) return []; // an unarmed king captures nothing
    const caps = new Set<string>();
    for (const [df, dr] of DIRS) {
      const nf = sf + df;
      const nr = sr + dr;
      const x = this.at(nf, nr);
      if (x === '#' || x === '.' || sideOf(x) === mover) continue;
      if (x === 'K') {
        if (this.kingCaptured(sf, sr, nf, nr)) {
          caps.add(squareName(nf, nr));
          this.note(this.onEdge(nf, nr) ? 'king-captured-on-edge' : this.isThrone(nf, nr) ? 'king-captured-on-throne' : 'king-captured');
        }
      } else if (x === 'C' && this.v.commanders) {
        if (this.commanderCaptured(nf, nr)) {
          caps.add(squareName(nf, nr));
          this.note('commander-captured');
        }
      } else {
        const bf = nf + df;
        const br = nr + dr;
        if (!this.on(bf, br)) continue; // the edge is not hostile
        if (this.isCapturer(this.board[br][bf], mover)) {
          caps.add(squareName(nf, nr));
          if (this.board[br][bf] === 'K') this.note('king-anvil');
        } else if (this.isSpecial(bf, br) && this.squareHostile(bf, br, nf, nr)) {
          caps.add(squareName(nf, nr));
          this.note(this.isThrone(bf, br) ? (this.board[br][bf] === 'K' ? 'occupied-throne-anvil' : 'empty-throne-anvil') : 'corner-anvil');
        }
      }
    }
    if (this.v.shieldwall) for (const s of this.shieldwallCaptures(sf, sr, mover)) caps.add(s);
    return [...caps].sort();
  }

  /** A side of the king that counts against him: an attacker or a special square hostile to him. */
  private hostileToKing(f: number, r: number, kf: number, kr: number): boolean {
    if (!this.on(f, r)) return false;
    if (this.board[r][f] === 't') return true;
    return this.isSpecial(f, r) && this.squareHostile(f, r, kf, kr);
  }

  private kingCaptured(sf: number, sr: number, kf: number, kr: number): boolean {
    const v = this.v;
    if (v.kingEdgeImmune) {
      if (this.onEdge(kf, kr)) return false;
      // orthogonally next to a corner
      for (const [df, dr] of DIRS) if (this.on(kf + df, kr + dr) && this.boardCorners.has(squareName(kf + df, kr + dr))) return false;
    }
    const nbs = DIRS.map(([df, dr]) => ({ f: kf + df, r: kr + dr })).filter((s) => this.on(s.f, s.r));
    const onThrone = this.isThrone(kf, kr);
    const throneBeside = nbs.find((s) => this.isThrone(s.f, s.r));
    const beyond = { f: 2 * kf - sf, r: 2 * kr - sr };
    switch (v.kingCapture) {
      case 'strong-4':
        if (this.onEdge(kf, kr) && !v.kingEdgeThree) return false;
        return nbs.every((s) => this.hostileToKing(s.f, s.r, kf, kr));
      case 'graded':
        if (onThrone) return nbs.every((s) => this.board[s.r][s.f] === 't');
        if (throneBeside) {
          // three attackers and the throne hostile to the king
          return (
            this.squareHostile(throneBeside.f, throneBeside.r, kf, kr) &&
            nbs.every((s) => (s === throneBeside ? true : this.board[s.r][s.f] === 't'))
          );
        }
        return this.hostileToKing(beyond.f, beyond.r, kf, kr);
      case 'throne-4':
      case 'castle-4':
        if (onThrone) return nbs.every((s) => this.board[s.r][s.f] === 't');
        return this.hostileToKing(beyond.f, beyond.r, kf, kr);
    }
  }

  /** a commander is captured with three or more hostile on-board sides (the mover being one). */
  private commanderCaptured(cf: number, cr: number): boolean {
    let n = 0;
    for (const [df, dr] of DIRS) {
      const f = cf + df;
      const r = cr + dr;
      if (!this.on(f, r)) continue;
      if (this.board[r][f] === 't' || (this.isSpecial(f, r) && this.squareHostile(f, r, cf, cr))) n++;
    }
    return n >= 3;
  }

  /** CORE-7 strict, R-9. The moved piece must be one of the closing pieces on an edge line. */
  private shieldwallCaptures(sf: number, sr: number, mover: RefSide): string[] {
    const out: string[] = [];
    const n = this.size - 1;
    for (const [df, dr] of DIRS) {
      // the edge line through (sf, sr) parallel to the direction, and its inward direction
      const inwards: Array<[number, number]> = [];
      if (dr === 0) {
        if (sr === 0) inwards.push([0, 1]);
        if (sr === n) inwards.push([0, -1]);
      } else {
        if (sf === 0) inwards.push([1, 0]);
        if (sf === n) inwards.push([-1, 0]);
      }
      for (const [if_, ir] of inwards) {
        const row: Sq[] = [];
        let f = sf + df;
        let r = sr + dr;
        while (this.on(f, r) && sideOf(this.board[r][f]) === other(mover)) {
          row.push({ f, r });
          f += df;
          r += dr;
        }
        if (row.length < 2 || !this.on(f, r)) continue;
        const closer = this.board[r][f];
        const closed =
          this.isCapturer(closer, mover) || (closer === '.' && this.boardCorners.has(squareName(f, r)) && this.isKingOnly(f, r));
        if (!closed) continue;
        if (!row.every((s) => this.isCapturer(this.at(s.f + if_, s.r + ir), mover))) continue;
        this.note(row.some((s) => 'KC'.includes(this.board[s.r][s.f])) ? 'shieldwall-with-king-or-commander' : 'shieldwall');
        if (closer === '.') this.note('shieldwall-closed-by-corner');
        if (this.board[sr][sf] === 'K') this.note('shieldwall-closed-by-king');
        for (const s of row) {
          const p = this.board[s.r][s.f];
          if (p !== 'K' && p !== 'C') out.push(squareName(s.f, s.r)); // UNST-9
        }
      }
    }
    return out;
  }

  /** The captures `move` would make from the current position (no state change). */
  capturesFor(move: string): string[] {
    if (move === 'pass') return [];
    const [from, to] = move.split('-').map(parseSquare);
    const p = this.board[from.r][from.f];
    this.board[from.r][from.f] = '.';
    this.board[to.r][to.f] = p;
    this.listing = true;
    const caps = this.capturesAt(to.f, to.r);
    this.listing = false;
    this.board[to.r][to.f] = '.';
    this.board[from.r][from.f] = p;
    return caps;
  }

  // ---------------------------------------------------------------- outcome

  private encircled(): boolean {
    const n = this.size;
    const seen: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    const queue: Sq[] = [];
    for (let r = 0; r < n; r++)
      for (let f = 0; f < n; f++)
        if (this.onEdge(f, r) && this.board[r][f] !== 't') {
          seen[r][f] = true;
          queue.push({ f, r });
        }
    while (queue.length) {
      const s = queue.pop()!;
      if (sideOf(this.board[s.r][s.f]) === 'defenders') return false;
      for (const [df, dr] of DIRS) {
        const f = s.f + df;
        const r = s.r + dr;
        if (!this.on(f, r) || this.board[r][f] === 't' || seen[r][f]) continue;
        seen[r][f] = true;
        queue.push({ f, r });
      }
    }
    return true;
  }

  private exitFort(): boolean {
    const k = this.findKing();
    if (!k || !this.onEdge(k.f, k.r)) return false; // (a)
    if (this.movesFrom(k.f, k.r).length === 0) return false; // (b)
    // (c) R: the king's square plus squares reachable through empty squares
    const R = new Set<string>([squareName(k.f, k.r)]);
    const queue: Sq[] = [k];
    while (queue.length) {
      const s = queue.pop()!;
      for (const [df, dr] of DIRS) {
        const f = s.f + df;
        const r = s.r + dr;
        if (this.on(f, r) && this.board[r][f] === '.' && !R.has(squareName(f, r))) {
          R.add(squareName(f, r));
          queue.push({ f, r });
        }
      }
    }
    const W = new Set<string>();
    for (const name of R) {
      const s = parseSquare(name);
      for (const [df, dr] of DIRS) {
        const p = this.at(s.f + df, s.r + dr);
        if (p === 't') return false;
        if (p === 'T' || p === 'C') W.add(squareName(s.f + df, s.r + dr));
      }
    }
    // (d) S: start from every defender soldier and commander, remove the failing ones until stable
    const S = new Set<string>();
    for (let r = 0; r < this.size; r++)
      for (let f = 0; f < this.size; f++) if (this.board[r][f] === 'T' || this.board[r][f] === 'C') S.add(squareName(f, r));
    const safe = (f: number, r: number, pf: number, pr: number): boolean => {
      if (!this.on(f, r)) return true;
      if (this.isSpecial(f, r) && this.squareHostile(f, r, pf, pr)) return false;
      const name = squareName(f, r);
      return R.has(name) || S.has(name);
    };
    let changed = true;
    while (changed) {
      changed = false;
      for (const name of [...S]) {
        const p = parseSquare(name);
        const horizontal = safe(p.f - 1, p.r, p.f, p.r) || safe(p.f + 1, p.r, p.f, p.r);
        const vertical = safe(p.f, p.r - 1, p.f, p.r) || safe(p.f, p.r + 1, p.f, p.r);
        if (!horizontal || !vertical) {
          S.delete(name);
          changed = true;
        }
      }
    }
    for (const w of W) if (!S.has(w)) return false;
    return W.size >= this.v.exitFort; // (e)
  }

  private allCornersBlocked(): boolean {
    return this.v.cornerBlocks.every((block) =>
      block.every((name) => {
        const s = parseSquare(name);
        return this.board[s.r][s.f] === 't';
      }),
    );
  }

  private hasMove(side: RefSide): boolean {
    for (let r = 0; r < this.size; r++)
      for (let f = 0; f < this.size; f++) if (sideOf(this.board[r][f]) === side && this.movesFrom(f, r).length > 0) return true;
    return false;
  }

  /** CORE-12 / R-15 / R-16 for the side to move, `justMoved` being the other side. */
  private noMoveOutcome(): RefOutcome | null {
    if (this.hasMove(this.side)) return null;
    const justMoved = other(this.side);
    switch (this.v.noLegalMove) {
      case 'loses':
        return { status: 'finished', winner: justMoved, reason: 'no_legal_moves' };
      case 'draw':
        return { status: 'finished', winner: 'draw', reason: 'no_legal_moves' };
      case 'pass':
        if (!this.hasMove(justMoved)) return { status: 'finished', winner: 'draw', reason: 'both_immobile' };
        return null;
    }
  }

  private startOutcome(): RefOutcome {
    if (!this.findKing()) return { status: 'finished', winner: 'attackers', reason: 'king_captured' };
    return this.noMoveOutcome() ?? ONGOING;
  }

  /** CORE-9, after a move by `mover` (the side to move has already been switched). */
  private outcomeAfter(mover: RefSide, kingMovedTo: Sq | null): RefOutcome {
    const v = this.v;
    const king = this.findKing();
    // king escaped
    if (king && this.escapeSet.has(squareName(king.f, king.r))) return { status: 'finished', winner: 'defenders', reason: 'king_escaped' };
    if (
      v.escape === 'corners-then-edge-when-blocked' &&
      kingMovedTo &&
      this.onEdge(kingMovedTo.f, kingMovedTo.r) &&
      this.allCornersBlocked()
    )
      return { status: 'finished', winner: 'defenders', reason: 'king_escaped' }; // AEC-8
    // exit fort (CORE-11, R-10)
    if (v.exitFort > 0 && mover === 'defenders' && this.exitFort()) return { status: 'finished', winner: 'defenders', reason: 'exit_fort' };
    // king captured
    if (!king) return { status: 'finished', winner: 'attackers', reason: 'king_captured' };
    // encirclement (CORE-10, R-11)
    if (v.encirclement && mover === 'attackers' && this.encircled())
      return { status: 'finished', winner: 'attackers', reason: 'encircled' };
    // repetition (CORE-8, R-12)
    if (v.repetition && (this.history.get(this.tfen()) ?? 0) >= v.repetition.n) {
      return v.repetition.result === 'draw'
        ? { status: 'finished', winner: 'draw', reason: 'repetition' }
        : { status: 'finished', winner: other(mover), reason: 'repetition' };
    }
    // no legal move (CORE-12, R-14, R-16)
    return this.noMoveOutcome() ?? ONGOING;
  }

  /** Plays a legal move ('a1-a3' or 'pass'); throws on an illegal one (unless `trusted`). */
  apply(move: string, trusted = false): RefMoveResult {
    if (!trusted && !this.legalMoves().includes(move)) throw new Error(`reference: illegal move ${move} in ${this.tfen()}`);
    const mover = this.side;
    let captures: string[] = [];
    let kingMovedTo: Sq | null = null;
    if (move !== 'pass') {
      const [from, to] = move.split('-').map(parseSquare);
      const p = this.board[from.r][from.f];
      this.board[from.r][from.f] = '.';
      this.board[to.r][to.f] = p;
      if (p === 'K') {
        kingMovedTo = to;
        if (!trusted && this.isThrone(to.f, to.r)) event(`${this.v.id}:king-returns-to-throne`);
        if (this.isThrone(from.f, from.r)) this.kingLeftThrone = true;
      }
      // judged on the board after the move, before removals; then removed
      this.counting = !trusted;
      captures = this.capturesAt(to.f, to.r);
      this.counting = false;
      for (const c of captures) {
        const s = parseSquare(c);
        this.board[s.r][s.f] = '.';
      }
    }
    this.side = other(mover);
    const key = this.tfen();
    this.history.set(key, (this.history.get(key) ?? 0) + 1);
    this.outcome = this.outcomeAfter(mover, kingMovedTo);
    if (!trusted) {
      if (move === 'pass') event(`${this.v.id}:pass`);
      if (this.outcome.status === 'finished') event(`${this.v.id}:end:${this.outcome.reason}:${this.outcome.winner}`);
      if (this.outcome.reason === 'king_escaped' && kingMovedTo && !this.escapeSet.has(squareName(kingMovedTo.f, kingMovedTo.r)))
        event(`${this.v.id}:AEC-8-edge-escape`);
    }
    return { captures, outcome: { ...this.outcome } };
  }
}
