/**
 * The friendly layer over the fast core: a game state built from `{ position?, moves? }`, legality with
 * reason codes, moves in notation, outcomes as objects. Used at the edges, never in the hot path.
 */
import { CompiledVariant, MAY_PASS, MAY_STOP, NLM_PASS, SQ_THRONE } from './compiled-variant';
import { cellOf, squareName } from './geometry';
import { compareCells, parseMoveText } from './move-notation';
import { computeCaptures } from './captures';
import { generateFor, generateFrom, hasMove } from './movegen';
import { outcomeAfterMove, outcomeAtStart } from './outcome';
import { ONGOING, REASON_NAMES, WINNER_NAMES, outcomeReason, outcomeWinner } from './outcome-codes';
import { ATTACKERS, COMMANDER, EMPTY, KING, OFF, SIDE_NAMES, SIDE_OF } from './pieces';
import { PASS, Position, encodeMove, moveFrom, moveTo } from './position';
import { Problem } from './result';
import { parseTfen, printBoardField } from './tfen';
import type { IllegalReason, OutcomeReason, OutcomeStatus, SideName, Winner } from './values';

export type { IllegalReason, OutcomeReason, SideName, Winner };

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

export type MoveCheck = { ok: true; move: number } | { ok: false; reason: IllegalReason; message: string };

/** Character offset in a TFEN board field of the character that writes square (file, rank). */
function offsetOfSquare(board: string, size: number, file: number, rank: number): number {
  const rows = board.split('/');
  let offset = 0;
  for (let i = 0; i < size - 1 - rank; i++) offset += rows[i].length + 1;
  const row = rows[size - 1 - rank];
  let f = 0;
  for (let j = 0; j < row.length; ) {
    if (row[j] >= '0' && row[j] <= '9') {
      let k = j;
      while (k < row.length && row[k] >= '0' && row[k] <= '9') k++;
      f += Number(row.slice(j, k));
      j = k;
    } else {
      if (f === file) return offset + j;
      f++;
      j++;
    }
  }
  return offset;
}

/**
 * Scratch buffers shared by every GameState: they are filled and consumed within one call, and the
 * engine is single-threaded, so a request needs no buffers of its own.
 */
const CAPTURE_SCRATCH = new Int32Array(64);
const moveScratches = new Map<number, Int32Array>();
function moveScratch(size: number): Int32Array {
  let b = moveScratches.get(size);
  // Every empty square is reached by at most four pieces, so this bounds the move count.
  if (!b) moveScratches.set(size, (b = new Int32Array(4 * size * size)));
  return b;
}

export class GameState {
  readonly v: CompiledVariant;
  readonly pos: Position;
  outcome: number;
  readonly plies: MoveInfo[] = [];

  private constructor(v: CompiledVariant, pos: Position) {
    this.v = v;
    this.pos = pos;
    this.outcome = outcomeAtStart(pos);
  }

  static start(v: CompiledVariant): GameState {
    return new GameState(v, Position.start(v));
  }

  /** A state from a TFEN position of this variant; every problem is listed. */
  static fromTfen(v: CompiledVariant, text: string): { ok: true; state: GameState } | { ok: false; errors: Problem[] } {
    const size = v.geo.size;
    const parsed = parseTfen(text, size);
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const boardText = text.split(/[ _]/)[0];
    const errors: Problem[] = [];
    const board = new Uint8Array(v.geo.cells).fill(OFF);
    let kings = 0;
    for (let r = 0; r < size; r++) {
      for (let f = 0; f < size; f++) {
        const p = parsed.value.board.cells[r * size + f];
        const c = cellOf(v.geo, f, r);
        board[c] = p;
        if (p === EMPTY) continue;
        const at = offsetOfSquare(boardText, size, f, r);
        if (p === KING && ++kings === 2) {
          errors.push({ code: 'BAD_TFEN_KING_COUNT', message: 'a position holds at most one king', offset: at });
        }
        if (p === COMMANDER && !v.commanders) {
          errors.push({ code: 'BAD_TFEN_PIECE_NOT_IN_VARIANT', message: `${v.id} has no commanders (C on ${squareName(v.geo, c)})`, offset: at });
        }
        if (v.special[c] !== 0 && !(v.permissions[p][c] & MAY_STOP) && !(p === KING && v.special[c] === SQ_THRONE)) {
          errors.push({
            code: 'BAD_TFEN_RESTRICTED_SQUARE',
            message: `this piece may not stand on the special square ${squareName(v.geo, c)}`,
            offset: at,
          });
        }
      }
    }
    if (errors.length) return { ok: false, errors };
    return { ok: true, state: new GameState(v, new Position(v, board, parsed.value.side === 'a' ? 0 : 1)) };
  }

  get finished(): boolean {
    return this.outcome !== ONGOING;
  }

  tfen(): string {
    const g = this.v.geo;
    const cells = new Uint8Array(g.size * g.size);
    for (let r = 0; r < g.size; r++) for (let f = 0; f < g.size; f++) cells[r * g.size + f] = this.pos.board[cellOf(g, f, r)];
    return `${printBoardField({ size: g.size, cells })} ${this.pos.side === ATTACKERS ? 'a' : 'd'}`;
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
   * A move in notation with its captures, found on the board alone: the piece is lifted and put back
   * without touching hashes or history (the friendly layer's hot spot when listing every move).
   */
  private describe(move: number): MoveInfo {
    if (move === PASS) return { from: null, to: null, notation: 'pass', captures: [] };
    const v = this.v;
    const b = this.pos.board;
    const from = moveFrom(move);
    const to = moveTo(move);
    b[to] = b[from];
    b[from] = EMPTY;
    const scratch = CAPTURE_SCRATCH;
    const n = computeCaptures(v, b, to, scratch);
    b[from] = b[to];
    b[to] = EMPTY;
    const caps: number[] = [];
    for (let i = 0; i < n; i++) caps.push(scratch[i]);
    return this.info(from, to, caps);
  }

  private info(from: number, to: number, caps: number[]): MoveInfo {
    const names = this.v.names;
    const base = `${names[from]}-${names[to]}`;
    if (caps.length === 0) return { from: names[from], to: names[to], notation: base, captures: [] };
    if (caps.length > 1) caps.sort((a, c) => compareCells(this.v.geo, a, c));
    const captures = caps.map((c) => names[c]);
    return { from: names[from], to: names[to], notation: `${base}x${captures.join('/')}`, captures };
  }

  /** Legal moves of the side to move (all, or from one cell), sorted by from then to; none once finished. */
  legalMoves(from?: number): MoveInfo[] {
    if (this.finished) return [];
    const v = this.v;
    const buf = moveScratch(v.geo.size);
    let n: number;
    if (from === undefined) n = generateFor(this.pos, this.pos.side, buf);
    else n = SIDE_OF[this.pos.board[from]] === this.pos.side ? generateFrom(this.pos, from, buf) : 0;
    // Sort numerically on file-major keys (a native typed-array sort, no comparator).
    const fm = v.fileMajor;
    for (let i = 0; i < n; i++) buf[i] = (fm[moveFrom(buf[i])] << 10) | fm[moveTo(buf[i])];
    buf.subarray(0, n).sort();
    const out: MoveInfo[] = [];
    const back = v.cellOfFileMajor;
    for (let i = 0; i < n; i++) out.push(this.describe(encodeMove(back[buf[i] >> 10], back[buf[i] & 1023])));
    if (from === undefined && n === 0 && v.noLegalMove === NLM_PASS) out.push(this.describe(PASS));
    return out;
  }

  /** Checks a move given as text against R-2's order of reasons. */
  check(text: unknown): MoveCheck {
    const v = this.v;
    const g = v.geo;
    const b = this.pos.board;
    const bad = (reason: IllegalReason, message: string): MoveCheck => ({ ok: false, reason, message });
    if (this.finished) return bad('GAME_OVER', `the game is over (${this.outcomeInfo().reason})`);
    const parsed = parseMoveText(g, text);
    if (parsed.kind === 'bad-notation') return bad('BAD_NOTATION', parsed.message);
    if (parsed.kind === 'pass') {
      const canPass = v.noLegalMove === NLM_PASS && !hasMove(this.pos, this.pos.side);
      return canPass ? { ok: true, move: PASS } : bad('BAD_NOTATION', 'pass is a move only when it is the single legal move');
    }
    if (parsed.kind === 'bad-square') return bad('BAD_SQUARE', parsed.message);
    const { from, to } = parsed;
    const p = b[from];
    const fromName = squareName(g, from);
    const toName = squareName(g, to);
    if (p === EMPTY) return bad('NO_PIECE', `there is no piece on ${fromName}`);
    if (SIDE_OF[p] !== this.pos.side) return bad('NOT_YOUR_PIECE', `the piece on ${fromName} belongs to the ${SIDE_NAMES[SIDE_OF[p]]}`);
    const df = (to % g.stride) - (from % g.stride);
    const dr = Math.floor(to / g.stride) - Math.floor(from / g.stride);
    if ((df === 0) === (dr === 0)) return bad('NOT_STRAIGHT', `${fromName}-${toName} is not a straight move along a file or rank`);
    const step = df === 0 ? Math.sign(dr) * g.stride : Math.sign(df);
    for (let c = from + step; c !== to; c += step) {
      if (b[c] !== EMPTY) return bad('PATH_BLOCKED', `${squareName(g, c)} is in the way`);
    }
    if (b[to] !== EMPTY) return bad('DESTINATION_OCCUPIED', `${toName} is occupied`);
    const perm = v.permissions[p];
    for (let c = from + step; c !== to; c += step) {
      if (!(perm[c] & MAY_PASS)) return bad('RESTRICTED_SQUARE', `this piece may not pass through ${squareName(g, c)}`);
    }
    if (!(perm[to] & MAY_STOP)) {
      const throne = v.rules.throne;
      if (p === KING && to === v.throne && throne && !throne.kingMayReturn && throne.whoMayStop !== 'nobody') {
        return bad('THRONE_REENTRY', `the king may not return to the throne ${toName}`);
      }
      return bad('RESTRICTED_SQUARE', `this piece may not stop on ${toName}`);
    }
    return { ok: true, move: encodeMove(from, to) };
  }

  /** Plays a checked move; returns it in notation. */
  play(move: number): MoveInfo {
    this.pos.make(move);
    const info: MoveInfo =
      move === PASS ? { from: null, to: null, notation: 'pass', captures: [] } : this.info(moveFrom(move), moveTo(move), this.pos.capturedCells());
    this.outcome = outcomeAfterMove(this.pos);
    this.plies.push(info);
    return info;
  }
}
