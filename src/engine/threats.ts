/**
 * The tafl "checks" of a position, found by the rules alone (no search): the king's moves that escape
 * at once, the moves that capture the king now, and the enemy pieces the side to move can take now.
 * Every answer is decided by the engine's own move generation, captures and outcome: nothing here
 * knows an escape or capture rule, so a variant's rules can never disagree with its threats.
 */
import { CompiledVariant } from './compiled-variant.js';
import { GameState, MoveInfo, Outcome } from './game-state.js';
import { compareCells } from './move-notation.js';
import { capturesOfMove } from './captures.js';
import { generateFrom, generateMoves, generateTo } from './movegen.js';
import { GameStateInput, OperationResult, loadState } from './operations.js';
import { outcomeAfterMove } from './outcome.js';
import { R_KING_CAPTURED, R_KING_ESCAPED, outcomeReason } from './outcome-codes.js';
import { ATTACKERS, DEFENDERS, EMPTY, LETTER_OF } from './pieces.js';
import { Position, encodeMove, moveFrom, moveTo } from './position.js';
import { ok } from './result.js';
import type { PieceLetter, SideName } from './values.js';

/** A move of the king that ends the game by his escape. */
export interface KingRoute {
  from: string;
  to: string;
  /** The squares the king passes through, `to` last (`from` is not in it). */
  route: string[];
}

/** An enemy piece of the side to move that one of its legal moves captures. */
export interface HangingPiece {
  square: string;
  piece: PieceLetter;
  /** The legal moves that capture it, in the order of the legal moves. */
  by: MoveInfo[];
}

export interface Threats {
  kingRoutes: KingRoute[];
  kingCapturable: MoveInfo[];
  hanging: HangingPiece[];
}

export interface ThreatsResult extends Threats {
  position: string;
  sideToMove: SideName;
  outcome: Outcome;
}

const NONE = (): Threats => ({ kingRoutes: [], kingCapturable: [], hanging: [] });

/** Room for one piece's moves: four rays across the largest board (25 squares a side). */
const ROUTE_SCRATCH = new Int32Array(4 * 32);
/** The captures of one move: four directions plus two shieldwall rows. */
const CAPTURE_SCRATCH = new Int32Array(64);

/**
 * The king's winning moves, whoever is to move: on a copy with the defenders to move, since a threat
 * is what the king would do if he could. The copy has no history, which no escape depends on.
 */
function kingRoutes(state: GameState): KingRoute[] {
  const v = state.v;
  const k = state.pos.kingSq;
  if (k < 0) return [];
  const copy = new Position(v, state.pos.board, DEFENDERS);
  const n = generateFrom(copy, k, ROUTE_SCRATCH);
  const escapes: number[] = [];
  for (let i = 0; i < n; i++) {
    copy.make(ROUTE_SCRATCH[i]);
    if (outcomeReason(outcomeAfterMove(copy)) === R_KING_ESCAPED) escapes.push(moveTo(ROUTE_SCRATCH[i]));
    copy.unmake();
  }
  escapes.sort((a, b) => compareCells(v.geo, a, b));
  return escapes.map((to) => ({ from: v.names[k], to: v.names[to], route: cellsBetween(v, k, to) }));
}

/** The cells after `from` up to and including `to`, along their shared file or rank. */
function cellsBetween(v: CompiledVariant, from: number, to: number): string[] {
  const g = v.geo;
  const step = from % g.stride === to % g.stride ? Math.sign(to - from) * g.stride : Math.sign(to - from);
  const out: string[] = [];
  for (let c = from + step; c !== to + step; c += step) out.push(v.names[c]);
  return out;
}

interface CapturingMove {
  from: number;
  to: number;
  captures: number[];
}

/**
 * The moves that could capture: those ending beside an enemy piece, since every capture takes a piece
 * beside the square moved to, except a shieldwall closed anywhere (OpenTafl swf:n), where every move
 * is a candidate. Listing every legal move instead cost a picture of a 300-ply animation of a 19×19
 * game three times as long.
 */
function candidateMoves(pos: Position, out: Int32Array): number {
  const v = pos.v;
  // Captures far from the moved piece, and jumps, are not found from the destinations alone.
  if ((v.shieldwall && !v.shieldwallMoverCloses) || v.jumps) return generateMoves(pos, out);
  const b = pos.board;
  const dirs = v.geo.dirs;
  const seen = new Uint8Array(v.geo.cells);
  const enemies = pos.pieces[pos.side ^ 1];
  let n = 0;
  for (let i = 0, count = pos.pieceCount[pos.side ^ 1]; i < count; i++) {
    for (let k = 0; k < 4; k++) {
      const to = enemies[i] + dirs[k];
      if (b[to] !== EMPTY || seen[to]) continue;
      seen[to] = 1;
      n += generateTo(pos, pos.side, to, out, n);
    }
  }
  return n;
}

/** The legal moves of the side to move that capture something, in legal-move order (by from, then to). */
function capturingMoves(state: GameState): CapturingMove[] {
  const v = state.v;
  const pos = state.pos;
  const buf = new Int32Array(8 * v.geo.size * v.geo.size); // four sliding pieces and four jumpers a square
  const n = candidateMoves(pos, buf);
  const out: CapturingMove[] = [];
  for (let i = 0; i < n; i++) {
    const from = moveFrom(buf[i]);
    const to = moveTo(buf[i]);
    const count = capturesOfMove(v, pos.board, from, to, CAPTURE_SCRATCH);
    if (count > 0) out.push({ from, to, captures: Array.from(CAPTURE_SCRATCH.subarray(0, count)) });
  }
  const key = (m: CapturingMove) => v.fileMajor[m.from] * 1024 + v.fileMajor[m.to];
  return out.sort((a, b) => key(a) - key(b));
}

/** Whether playing `m` ends the game by the king's capture, asked of the outcome rules themselves. */
function capturesKing(state: GameState, m: CapturingMove): boolean {
  const pos = state.pos;
  if (!m.captures.includes(pos.kingSq)) return false;
  pos.make(encodeMove(m.from, m.to));
  const reason = outcomeReason(outcomeAfterMove(pos));
  pos.unmake();
  return reason === R_KING_CAPTURED;
}

/** The threats of `state`'s position; none once the game is over. */
export function threatsOf(state: GameState): Threats {
  if (state.finished) return NONE();
  const v = state.v;
  const board = state.pos.board;
  const moves = capturingMoves(state);
  const infos = moves.map((m) => state.info(m.from, m.to, [...m.captures]));
  // Only attackers capture the king: the defenders' own moves never do.
  const kingCapturable = state.pos.side === ATTACKERS ? infos.filter((_, i) => capturesKing(state, moves[i])) : [];
  const byCell = new Map<number, MoveInfo[]>();
  moves.forEach((m, i) => {
    for (const c of m.captures) {
      const by = byCell.get(c);
      if (by) by.push(infos[i]);
      else byCell.set(c, [infos[i]]);
    }
  });
  const hanging = [...byCell.keys()]
    .sort((a, b) => compareCells(v.geo, a, b))
    .map((c) => ({ square: v.names[c], piece: LETTER_OF[board[c]] as PieceLetter, by: byCell.get(c)! }));
  return { kingRoutes: kingRoutes(state), kingCapturable, hanging };
}

/** The threats of a game state given as every operation takes it (api.md section 4). */
export function threats(v: CompiledVariant, input: GameStateInput): OperationResult<ThreatsResult> {
  const r = loadState(v, input);
  if (!r.ok) return r;
  const s = r.value;
  return ok({ position: s.tfen(), sideToMove: s.sideToMove(), outcome: s.outcomeInfo(), ...threatsOf(s) });
}
