/**
 * The fast, mutable game state: padded board, piece lists, incremental Zobrist hash and the history
 * of hashes the repetition rule needs. Moves are integers `(from << 10) | to`; 0 is a pass. Turns
 * alternate, except under berserk (OTN-13), where a piece that captured may move again: `berserker`.
 */
import { berserkContinues } from './berserk.js';
import { CompiledVariant } from './compiled-variant.js';
import { computeCaptures } from './captures.js';
import { jumpedCell } from './captures-extended.js';
import { DEFENDERS, EMPTY, FLIPPED, KING, OFF, SIDE_OF } from './pieces.js';

export const PASS = 0;
export const moveFrom = (m: number): number => m >> 10;
export const moveTo = (m: number): number => m & 1023;
export const encodeMove = (from: number, to: number): number => (from << 10) | to;

/** Room for the captures of one move: four directions plus two shieldwall rows. */
const MAX_CAPTURES_PER_MOVE = 64;
/** Plies of history room before the tables grow (doubling). */
const INITIAL_HISTORY = 64;

export class Position {
  readonly v: CompiledVariant;
  readonly board: Uint8Array;
  side: number;
  kingSq = -1;
  readonly pieces: Int16Array[];
  readonly pieceCount: Int32Array;
  readonly pieceIndex: Int16Array;
  hashHi = 0;
  hashLo = 0;
  /** The cell of the piece that must move next under berserk (OTN-13), or -1; part of the hash. */
  berserker = -1;

  /** Hashes of every position since the start (index 0), the current one last. */
  histHi: Int32Array;
  histLo: Int32Array;
  /** For each history entry, the first entry that could equal it (nothing before a capture can). */
  histFloor: Int32Array;
  histLen = 0;

  private undoMove: Int32Array;
  private undoCapStart: Int32Array;
  private undoKing: Int32Array;
  /**
   * Per ply: bit 0 set when the move passed the turn, bit 1 the side that made it, bit 2 set for a jump
   * (OTN-12), and above them the berserker before the move plus one.
   */
  private undoTurn: Int32Array;
  private capBuf: Int32Array;
  /** Cells captured by the last move made, in capBuf[lastCapStart .. lastCapStart+lastCapCount). */
  lastCapStart = 0;
  lastCapCount = 0;
  private scratch: Int32Array;

  /**
   * `plies`: how many moves the caller expects to play, so that the history tables are made big enough
   * at once (a replay knows its length; growing them mid-replay cost a stateless request more than its
   * captures did). `berserker`: the piece that must move again (OTN-13), which a TFEN position cannot say.
   */
  constructor(v: CompiledVariant, board: Uint8Array, side: number, plies = 0, berserker = -1) {
    this.v = v;
    this.side = side;
    const n = v.geo.size * v.geo.size;
    const cells = v.geo.cells;
    // One backing store carved into every table: a stateless request builds a Position each time, and
    // a dozen separate off-heap buffers cost more to allocate and collect than the work itself.
    const H = Math.max(INITIAL_HISTORY, plies + 2);
    const int32s = 2 + 7 * H + 1 + 256 + MAX_CAPTURES_PER_MOVE;
    const int16s = 2 * n + cells;
    const buffer = new ArrayBuffer(int32s * 4 + int16s * 2 + cells);
    let at = 0;
    const i32 = (len: number): Int32Array => {
      const a = new Int32Array(buffer, at, len);
      at += len * 4;
      return a;
    };
    const i16 = (len: number): Int16Array => {
      const a = new Int16Array(buffer, at, len);
      at += len * 2;
      return a;
    };
    this.pieceCount = i32(2);
    this.histHi = i32(H);
    this.histLo = i32(H);
    this.histFloor = i32(H);
    this.undoMove = i32(H);
    this.undoCapStart = i32(H + 1);
    this.undoKing = i32(H);
    this.undoTurn = i32(H);
    this.capBuf = i32(256);
    this.scratch = i32(MAX_CAPTURES_PER_MOVE);
    this.pieces = [i16(n), i16(n)];
    this.pieceIndex = i16(cells).fill(-1);
    this.board = new Uint8Array(buffer, at, cells);
    this.board.set(board);
    let hi = 0;
    let lo = 0;
    for (const c of v.geo.squares) {
      const p = this.board[c];
      if (p === EMPTY || p === OFF) continue;
      const s = SIDE_OF[p];
      this.pieceIndex[c] = this.pieceCount[s];
      this.pieces[s][this.pieceCount[s]++] = c;
      if (p === KING) this.kingSq = c;
      hi ^= v.zobristHi[p * v.geo.cells + c];
      lo ^= v.zobristLo[p * v.geo.cells + c];
    }
    if (side === DEFENDERS) {
      hi ^= v.sideHi;
      lo ^= v.sideLo;
    }
    if (berserker >= 0) {
      this.berserker = berserker;
      hi ^= v.zobristHi[OFF * v.geo.cells + berserker];
      lo ^= v.zobristLo[OFF * v.geo.cells + berserker];
    }
    this.hashHi = hi | 0;
    this.hashLo = lo | 0;
    this.histHi[0] = this.hashHi;
    this.histLo[0] = this.hashLo;
    this.histFloor[0] = 0;
    this.histLen = 1;
    this.undoCapStart[0] = 0;
  }

  static start(v: CompiledVariant, plies = 0): Position {
    return new Position(v, v.startBoard, v.startSide, plies);
  }

  /** Number of moves made since the start position. */
  get ply(): number {
    return this.histLen - 1;
  }

  /** How many times the current position has occurred, the current occurrence included. */
  occurrences(): number {
    const hi = this.hashHi;
    const lo = this.hashLo;
    let n = 0;
    // Where turns alternate only every other entry has the same side to move (the side is in the hash).
    const step = this.v.berserk === 0 ? 2 : 1;
    for (let i = this.histLen - 1, floor = this.histFloor[i]; i >= floor; i -= step) {
      if (this.histHi[i] === hi && this.histLo[i] === lo) n++;
    }
    return n;
  }

  private grow(): void {
    const g = <T extends Int32Array>(a: T, n: number): T => {
      const b = new Int32Array(n) as T;
      b.set(a);
      return b;
    };
    const n = this.histHi.length * 2;
    this.histHi = g(this.histHi, n);
    this.histLo = g(this.histLo, n);
    this.histFloor = g(this.histFloor, n);
    this.undoMove = g(this.undoMove, n);
    this.undoCapStart = g(this.undoCapStart, n + 1);
    this.undoKing = g(this.undoKing, n);
    this.undoTurn = g(this.undoTurn, n);
  }

  private togglePiece(p: number, c: number): void {
    const i = p * this.v.geo.cells + c;
    this.hashHi ^= this.v.zobristHi[i];
    this.hashLo ^= this.v.zobristLo[i];
  }

  /** The berserker's keys sit in the Zobrist slice of the OFF code, which no piece uses. */
  private toggleBerserker(c: number): void {
    this.togglePiece(OFF, c);
  }

  private removePiece(c: number): void {
    const s = SIDE_OF[this.board[c]];
    const i = this.pieceIndex[c];
    const last = --this.pieceCount[s];
    const moved = this.pieces[s][last];
    this.pieces[s][i] = moved;
    this.pieceIndex[moved] = i;
    this.pieceIndex[c] = -1;
    this.board[c] = EMPTY;
  }

  private addPiece(c: number, p: number): void {
    const s = SIDE_OF[p];
    this.board[c] = p;
    this.pieceIndex[c] = this.pieceCount[s];
    this.pieces[s][this.pieceCount[s]++] = c;
  }

  /**
   * Plays a move known to be legal (see movegen); returns how many pieces it captured. The captured
   * cells are then in capturedCells() until the next make or unmake.
   */
  make(move: number): number {
    const ply = this.histLen - 1;
    if (this.histLen + 1 >= this.histHi.length) this.grow();
    const v = this.v;
    this.undoMove[ply] = move;
    this.undoKing[ply] = this.kingSq;
    const capStart = this.undoCapStart[ply];
    let nCap = 0;
    let jump = 0;
    if (move !== PASS) {
      const from = move >> 10;
      const to = move & 1023;
      const b = this.board;
      const p = b[from];
      if (v.jumps && jumpedCell(v, b, from, to) >= 0) jump = 4;
      b[to] = p;
      b[from] = EMPTY;
      const idx = this.pieceIndex[from];
      this.pieces[SIDE_OF[p]][idx] = to;
      this.pieceIndex[to] = idx;
      this.pieceIndex[from] = -1;
      this.togglePiece(p, from);
      this.togglePiece(p, to);
      if (p === KING) this.kingSq = to;
      nCap = computeCaptures(v, b, from, to, this.scratch);
      if (capStart + nCap > this.capBuf.length) {
        const nb = new Int32Array(this.capBuf.length * 2);
        nb.set(this.capBuf);
        this.capBuf = nb;
      }
      for (let k = 0; k < nCap; k++) {
        const c = this.scratch[k];
        const q = b[c];
        this.capBuf[capStart + k] = (c << 4) | q;
        this.togglePiece(q, c);
        if (q === KING) this.kingSq = -1;
        this.removePiece(c);
        // A captured mercenary changes sides where it stands (OTN-12).
        const f = FLIPPED[q];
        if (f !== 0) {
          this.addPiece(c, f);
          this.togglePiece(f, c);
        }
      }
    }
    this.undoCapStart[ply + 1] = capStart + nCap;
    this.lastCapStart = capStart;
    this.lastCapCount = nCap;
    const before = this.berserker;
    if (before >= 0) this.toggleBerserker(before);
    this.berserker = nCap > 0 && v.berserk !== 0 && berserkContinues(v, this.board, move & 1023) ? move & 1023 : -1;
    const turn = ((before + 1) << 3) | jump | (this.side << 1);
    if (this.berserker >= 0) {
      this.toggleBerserker(this.berserker);
      this.undoTurn[ply] = turn;
    } else {
      this.undoTurn[ply] = turn | 1;
      this.side ^= 1;
      this.hashHi ^= v.sideHi;
      this.hashLo ^= v.sideLo;
    }
    const h = this.histLen++;
    this.histHi[h] = this.hashHi;
    this.histLo[h] = this.hashLo;
    this.histFloor[h] = nCap > 0 ? h : this.histFloor[h - 1];
    return nCap;
  }

  unmake(): void {
    const ply = this.histLen - 2;
    this.histLen--;
    const v = this.v;
    const move = this.undoMove[ply];
    const turn = this.undoTurn[ply];
    if (turn & 1) {
      this.side ^= 1;
      this.hashHi ^= v.sideHi;
      this.hashLo ^= v.sideLo;
    }
    if (this.berserker >= 0) this.toggleBerserker(this.berserker);
    this.berserker = (turn >> 3) - 1;
    if (this.berserker >= 0) this.toggleBerserker(this.berserker);
    if (move !== PASS) {
      const from = move >> 10;
      const to = move & 1023;
      const b = this.board;
      const capStart = this.undoCapStart[ply];
      const capEnd = this.undoCapStart[ply + 1];
      for (let k = capEnd - 1; k >= capStart; k--) {
        const e = this.capBuf[k];
        const c = e >> 4;
        const q = e & 15;
        const f = FLIPPED[q];
        if (f !== 0) {
          this.togglePiece(f, c);
          this.removePiece(c);
        }
        this.addPiece(c, q);
        this.togglePiece(q, c);
      }
      const p = b[to];
      b[from] = p;
      b[to] = EMPTY;
      const idx = this.pieceIndex[to];
      this.pieces[SIDE_OF[p]][idx] = from;
      this.pieceIndex[from] = idx;
      this.pieceIndex[to] = -1;
      this.togglePiece(p, from);
      this.togglePiece(p, to);
    }
    this.kingSq = this.undoKing[ply];
    const prev = this.histLen - 2;
    this.lastCapStart = prev >= 0 ? this.undoCapStart[prev] : 0;
    this.lastCapCount = prev >= 0 ? this.undoCapStart[prev + 1] - this.undoCapStart[prev] : 0;
  }

  /** The move that led to the current position, or -1 at the start. */
  lastMove(): number {
    return this.histLen > 1 ? this.undoMove[this.histLen - 2] : -1;
  }

  /**
   * The move made from history entry `i` (0: the first move made from the position this one was built
   * from) and the cells it captured, in the order found: kept until an unmake goes back past it.
   */
  moveAt(i: number): number {
    return this.undoMove[i];
  }

  /** The king's cell before the move made from history entry `i` (-1: no king stood), as moveAt() counts. */
  kingBefore(i: number): number {
    return this.undoKing[i];
  }

  /** The side that made the move from history entry `i` (as moveAt() counts). */
  moverAt(i: number): number {
    return (this.undoTurn[i] >> 1) & 1;
  }

  /** Was the move from history entry `i` a jump (OTN-12)? */
  jumpAt(i: number): boolean {
    return (this.undoTurn[i] & 4) !== 0;
  }

  /** Was the move from history entry `i` a berserker's further move (OTN-13)? */
  continuedAt(i: number): boolean {
    return this.undoTurn[i] >> 3 > 0;
  }

  capturesAt(i: number): number[] {
    return this.capturedIn(this.undoCapStart[i], this.undoCapStart[i + 1]);
  }

  capturedCells(): number[] {
    return this.capturedIn(this.lastCapStart, this.lastCapStart + this.lastCapCount);
  }

  private capturedIn(from: number, to: number): number[] {
    const out: number[] = [];
    for (let k = from; k < to; k++) out.push(this.capBuf[k] >> 4);
    return out;
  }

  /** Which side made the last move: the other side, unless a berserker moves again (OTN-13). */
  get mover(): number {
    return this.histLen > 1 ? this.moverAt(this.histLen - 2) : this.side ^ 1;
  }
}
