/**
 * State and play, the friendly layer over the fast core: a game built from a start or a checked
 * position, its moves in notation, its outcome as an object. Setup and validation live in setup.ts,
 * legality with reasons in legality.ts; this file only plays what they accept. Used at the edges,
 * never in the hot path.
 */
import { capturesOfMove } from './captures.js';
import { CompiledVariant, NLM_PASS } from './compiled-variant.js';
import { MoveCheck, checkMove } from './legality.js';
import { compareCells } from './move-notation.js';
import { generateFrom } from './movegen.js';
import { outcomeAfterMove, outcomeAtStart } from './outcome.js';
import { ONGOING, REASON_NAMES, WINNER_NAMES, outcomeReason, outcomeWinner } from './outcome-codes.js';
import { ATTACKERS, SIDE_NAMES, SIDE_OF } from './pieces.js';
import { PASS, Position, moveFrom, moveTo } from './position.js';
import { Result, ok } from './result.js';
import { positionFromTfen } from './setup.js';
import { printPaddedTfen } from './tfen.js';
import type { IllegalReason, OutcomeReason, OutcomeStatus, SideName, Winner } from './values.js';

export type { IllegalReason, OutcomeReason, SideName, Winner };
export type { MoveCheck, MoveRefusal } from './legality.js';

export interface Outcome {
  status: OutcomeStatus;
  winner: Winner | null;
  reason: OutcomeReason | null;
}

export interface MoveInfo {
  from: string | null;
  to: string | null;
  notation: string;
  captures: string[];
}

export interface IllegalMove {
  /** Place of the move in the whole sequence (moves, then the extra move), from 0. */
  index: number;
  /** The move as given. */
  move: unknown;
  reason: IllegalReason;
  message: string;
}

/**
 * Scratch buffers shared by every GameState: they are filled and consumed within one call, and the
 * engine is single-threaded, so a request needs no buffers of its own.
 */
const CAPTURE_SCRATCH = new Int32Array(64);

/** The first `n` cells of `cells` in notation order (insertion sort: a capture takes at most four). */
function sortCells(v: CompiledVariant, cells: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const c = cells[i];
    let j = i - 1;
    while (j >= 0 && compareCells(v.geo, cells[j], c) > 0) {
      cells[j + 1] = cells[j];
      j--;
    }
    cells[j + 1] = c;
  }
}
/** The pieces of one side (at most a board's squares on the largest board, 19 × 19 padded). */
const PIECE_SCRATCH = new Int32Array(1024);

/** Sorts `a[from..to)` ascending; for the short lists of one piece's moves or one side's pieces. */
function insertionSort(a: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= from && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}

const moveScratches = new Map<number, Int32Array>();
function moveScratch(size: number): Int32Array {
  let b = moveScratches.get(size);
  // Every empty square is reached by at most four sliding pieces and four jumpers, so this bounds the move count.
  if (!b) moveScratches.set(size, (b = new Int32Array(8 * size * size)));
  return b;
}

export class GameState {
  readonly v: CompiledVariant;
  readonly pos: Position;
  outcome: number;
  /** The plies in notation, made when first asked for (see `plies`). */
  private readonly infos: MoveInfo[] = [];
  /** The position's history entry of this game's first ply. */
  private readonly firstPly: number;

  private constructor(v: CompiledVariant, pos: Position) {
    this.v = v;
    this.firstPly = pos.ply;
    this.pos = pos;
    this.outcome = outcomeAtStart(pos);
  }

  /** `plies`: how many moves are about to be played (room is made for them at once). */
  static start(v: CompiledVariant, plies = 0): GameState {
    return new GameState(v, Position.start(v, plies));
  }

  /** A game from a checked position (see setup.ts), with no history before it. */
  static fromPosition(pos: Position): GameState {
    return new GameState(pos.v, pos);
  }

  /** A game from a TFEN position of this variant; every problem is listed. */
  static fromTfen(v: CompiledVariant, text: string): Result<GameState> {
    const pos = positionFromTfen(v, text);
    return pos.ok ? ok(new GameState(v, pos.value)) : pos;
  }

  get finished(): boolean {
    return this.outcome !== ONGOING;
  }

  tfen(): string {
    return printPaddedTfen(this.pos.board, this.v.geo.size, this.pos.side === ATTACKERS ? 'a' : 'd');
  }

  sideToMove(): SideName {
    return SIDE_NAMES[this.pos.side];
  }

  outcomeInfo(): Outcome {
    if (this.outcome === ONGOING) return { status: 'ongoing', winner: null, reason: null };
    const reason = REASON_NAMES[outcomeReason(this.outcome)];
    return { status: 'finished', winner: WINNER_NAMES[outcomeWinner(this.outcome)], reason };
  }

  /**
   * A move from → to of this position in notation. `sorted`: the captured cells are already in notation
   * order (eachLegalMove sorts them). Public for the answers built from eachLegalMove (threats.ts).
   */
  info(from: number, to: number, caps: number[], sorted = false): MoveInfo {
    const names = this.v.names;
    const base = `${names[from]}-${names[to]}`;
    if (caps.length === 0) return { from: names[from], to: names[to], notation: base, captures: [] };
    if (caps.length > 1 && !sorted) caps.sort((a, c) => compareCells(this.v.geo, a, c));
    const captures = caps.map((c) => names[c]);
    return { from: names[from], to: names[to], notation: `${base}x${captures.join('/')}`, captures };
  }

  /** Legal moves of the side to move (all, or from one cell), sorted by from then to; none once finished. */
  legalMoves(from?: number): MoveInfo[] {
    const out: MoveInfo[] = [];
    this.eachLegalMove(from, (f, t, caps, n) => {
      if (f < 0) {
        out.push({ from: null, to: null, notation: 'pass', captures: [] });
        return;
      }
      const cells: number[] = [];
      for (let i = 0; i < n; i++) cells.push(caps[i]);
      out.push(this.info(f, t, cells, true));
    });
    return out;
  }

  /**
   * The legal moves in legalMoves()' order without building them: `visit(from, to, captures, count)`
   * per move, the captured cells sorted as notation lists them (`from` -1 for a pass). For answers
   * written straight to text. Answers how many moves were visited.
   */
  eachLegalMove(from: number | undefined, visit: (from: number, to: number, captures: Int32Array, count: number) => void): number {
    if (this.finished) return 0;
    const v = this.v;
    const pos = this.pos;
    const buf = moveScratch(v.geo.size);
    const fm = v.fileMajor;
    // In file-major order of from, then of to: the pieces sorted first, then each piece's few moves
    // (insertion sorts of short lists; one sort of every move cost about 4 µs of a listing).
    const pieces = PIECE_SCRATCH;
    let count: number;
    if (from !== undefined) {
      pieces[0] = from;
      count = SIDE_OF[pos.board[from]] === pos.side ? 1 : 0;
    } else {
      count = pos.pieceCount[pos.side];
      const list = pos.pieces[pos.side];
      for (let i = 0; i < count; i++) pieces[i] = (fm[list[i]] << 10) | list[i];
      insertionSort(pieces, 0, count);
      for (let i = 0; i < count; i++) pieces[i] &= 1023;
    }
    let n = 0;
    for (let i = 0; i < count; i++) {
      const start = n;
      const f = fm[pieces[i]] << 10;
      n += generateFrom(pos, pieces[i], buf, n);
      for (let j = start; j < n; j++) buf[j] = f | fm[moveTo(buf[j])];
      insertionSort(buf, start, n);
    }
    const back = v.cellOfFileMajor;
    const board = pos.board;
    for (let i = 0; i < n; i++) {
      const f = back[buf[i] >> 10];
      const t = back[buf[i] & 1023];
      const c = capturesOfMove(v, board, f, t, CAPTURE_SCRATCH);
      if (c > 1) sortCells(v, CAPTURE_SCRATCH, c);
      visit(f, t, CAPTURE_SCRATCH, c);
    }
    if (from === undefined && n === 0 && v.noLegalMove === NLM_PASS) {
      visit(-1, -1, CAPTURE_SCRATCH, 0);
      return 1;
    }
    return n;
  }

  /** Checks a move given as text against R-2's order of reasons (see legality.ts). */
  check(text: unknown): MoveCheck {
    return checkMove(this.pos, this.outcome, text);
  }

  /**
   * The plies played, in notation. They are written out when first asked for, not as they are played:
   * a replay whose answer needs only the position it reaches (legal moves, an evaluation) writes none.
   */
  get plies(): MoveInfo[] {
    const infos = this.infos;
    for (let i = infos.length, n = this.pos.ply - this.firstPly; i < n; i++) {
      const at = this.firstPly + i;
      const move = this.pos.moveAt(at);
      infos.push(
        move === PASS
          ? { from: null, to: null, notation: 'pass', captures: [] }
          : this.info(moveFrom(move), moveTo(move), this.pos.capturesAt(at)),
      );
    }
    return infos;
  }

  /** The side that made the move at `ply` (counted from this state's start): turns need not alternate (OTN-13). */
  moverAt(ply: number): SideName {
    return SIDE_NAMES[this.pos.moverAt(this.firstPly + ply)];
  }

  /** Was the move at `ply` a jump (OTN-12)? OpenTafl's records mark it `^`. */
  jumpAt(ply: number): boolean {
    return this.pos.jumpAt(this.firstPly + ply);
  }

  /** Was the move at `ply` a berserker's further move (OTN-13)? OpenTafl's records mark it `=`. */
  continuedAt(ply: number): boolean {
    return this.pos.continuedAt(this.firstPly + ply);
  }

  /** The square the king stood on before the move at `ply` (counted from this state's start), or null. */
  kingSquareBefore(ply: number): string | null {
    const cell = this.pos.kingBefore(this.firstPly + ply);
    return cell >= 0 ? this.v.names[cell] : null;
  }

  /** Plays a checked move. */
  advance(move: number): void {
    this.pos.make(move);
    this.outcome = outcomeAfterMove(this.pos);
  }

  /** Plays a checked move; returns it in notation. */
  play(move: number): MoveInfo {
    this.advance(move);
    const plies = this.plies;
    return plies[plies.length - 1];
  }
}
