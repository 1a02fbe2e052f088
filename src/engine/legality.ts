/**
 * Legality with reasons (rules.md R-2): a move given as text is checked against a position, and the
 * first reason that applies, in R-2's order, is the answer. CAPTURES_MISMATCH (a rich move's claim,
 * api.md section 2) comes after every reason of R-2.
 */
import { capturesOfMove } from './captures.js';
import { whoAllows } from './compiled-pieces.js';
import { MAY_LAND, MAY_PASS, MAY_STOP, NLM_PASS } from './compiled-variant.js';
import { squareName } from './geometry.js';
import { compareCells, parseMoveText } from './move-notation.js';
import { isJumpTarget } from './jumps.js';
import { hasMove } from './movegen.js';
import { ONGOING, REASON_NAMES, outcomeReason } from './outcome-codes.js';
import { EMPTY, KING, SIDE_NAMES, SIDE_OF } from './pieces.js';
import { PASS, Position, encodeMove } from './position.js';
import { Result, err, ok } from './result.js';
import type { IllegalReason } from './values.js';

export interface MoveRefusal {
  reason: IllegalReason;
  message: string;
}

/** A move the position accepts (its integer encoding), or why it refuses it. */
export type MoveCheck = Result<number, MoveRefusal>;

const refuse = (reason: IllegalReason, message: string): MoveCheck => err({ reason, message });

const CLAIM_SCRATCH = new Int32Array(64);
const JUMP_SCRATCH = new Int32Array(4);

/**
 * Checks `text` as the next move of `pos`, whose game stands at `outcome` (a finished game refuses
 * every move).
 */
export function checkMove(pos: Position, outcome: number, text: unknown): MoveCheck {
  const v = pos.v;
  const g = v.geo;
  const b = pos.board;
  if (outcome !== ONGOING) return refuse('GAME_OVER', `the game is over (${REASON_NAMES[outcomeReason(outcome)]})`);
  const parsed = parseMoveText(g, text);
  if (parsed.kind === 'bad-notation') return refuse('BAD_NOTATION', parsed.message);
  if (parsed.kind === 'pass') {
    const canPass = v.noLegalMove === NLM_PASS && !hasMove(pos, pos.side);
    return canPass ? ok(PASS) : refuse('BAD_NOTATION', 'pass is a move only when it is the single legal move');
  }
  if (parsed.kind === 'bad-square') return refuse('BAD_SQUARE', parsed.message);
  const { from, to } = parsed;
  const p = b[from];
  // Names made once per variant: a legal move builds no text.
  const fromName = v.names[from];
  const toName = v.names[to];
  if (p === EMPTY) return refuse('NO_PIECE', `there is no piece on ${fromName}`);
  if (SIDE_OF[p] !== pos.side) return refuse('NOT_YOUR_PIECE', `the piece on ${fromName} belongs to the ${SIDE_NAMES[SIDE_OF[p]]}`);
  // OTN-13: after a capture the berserker moves again, and no other piece may.
  if (pos.berserker >= 0 && from !== pos.berserker)
    return refuse('NOT_YOUR_PIECE', `the piece on ${v.names[pos.berserker]} captured and must move again (berserk)`);
  const df = (to % g.stride) - (from % g.stride);
  const dr = Math.floor(to / g.stride) - Math.floor(from / g.stride);
  if ((df === 0) === (dr === 0)) return refuse('NOT_STRAIGHT', `${fromName}-${toName} is not a straight move along a file or rank`);
  const step = df === 0 ? Math.sign(dr) * g.stride : Math.sign(df);
  // OTN-12: a jump passes the one piece between, and no speed limit applies to it.
  const jump = v.jumps && to === from + 2 * step && b[to] === EMPTY && isJumpTarget(v, b, from, to, JUMP_SCRATCH);
  for (let c = from + step; c !== to && !jump; c += step) {
    if (b[c] !== EMPTY) return refuse('PATH_BLOCKED', `${squareName(g, c)} is in the way`);
  }
  if (b[to] !== EMPTY) return refuse('DESTINATION_OCCUPIED', `${toName} is occupied`);
  const perm = v.permissionsFrom[v.startKind[from]][p];
  for (let c = from + step; c !== to && !jump; c += step) {
    if (!(perm[c] & MAY_PASS)) return refuse('RESTRICTED_SQUARE', `this piece may not pass through ${squareName(g, c)}`);
  }
  // OpenTafl's spd: a square beyond the piece's reach is one it may not stop on from here.
  const distance = df === 0 ? Math.abs(dr) : Math.abs(df);
  if (distance > v.speedLimit[p] && !jump)
    return refuse('RESTRICTED_SQUARE', `this piece moves at most ${v.speedLimit[p]} square${v.speedLimit[p] === 1 ? '' : 's'} a move`);
  // A jump lands where the piece may land, which can differ from where a move may end (OTN-12).
  if (!(perm[to] & (jump ? MAY_LAND : MAY_STOP))) {
    const throne = v.rules.throne;
    if (p === KING && to === v.throne && throne && !throne.kingMayReturn && whoAllows(throne.whoMayStop, KING)) {
      return refuse('THRONE_REENTRY', `the king may not return to the throne ${toName}`);
    }
    return refuse('RESTRICTED_SQUARE', `this piece may not stop on ${toName}`);
  }
  if (parsed.captures !== null) {
    const mismatch = claimMismatch(pos, from, to, parsed.captures);
    if (mismatch) return refuse('CAPTURES_MISMATCH', `${fromName}-${toName} ${mismatch}`);
  }
  return ok(encodeMove(from, to));
}

/**
 * Compares a rich move's claimed captures with what it really captures, as sets; a captured king may
 * be left out (R-1: real records never write him). Returns what differs, or null when they agree.
 */
function claimMismatch(pos: Position, from: number, to: number, claimed: readonly number[]): string | null {
  const v = pos.v;
  const b = pos.board;
  const n = capturesOfMove(v, b, from, to, CLAIM_SCRATCH);
  const actual = Array.from(CLAIM_SCRATCH.subarray(0, n)).sort((a, c) => compareCells(v.geo, a, c));
  const claimedSet = new Set(claimed);
  const extra = [...claimedSet].filter((c) => !actual.includes(c));
  const missing = actual.filter((c) => !claimedSet.has(c) && b[c] !== KING);
  if (extra.length === 0 && missing.length === 0) return null;
  const names = (cells: number[]) => cells.map((c) => squareName(v.geo, c)).join(', ');
  const parts: string[] = [];
  if (missing.length) parts.push(`also captures ${names(missing)}`);
  if (extra.length) parts.push(`captures nothing on ${names(extra)}`);
  const real = n === 0 ? 'nothing' : names(actual);
  return `${parts.join(' and ')} (it captures ${real})`;
}
