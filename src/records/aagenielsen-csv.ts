/**
 * Game lines of the aagenielsen.dk CSV records (shared/records/README.md):
 *
 *     <moves>,<captures made by attackers>,<captures made by defenders>,<result>
 *
 * `<moves>` is a space-separated list of plies, attackers (black) first, each `from-to` followed by
 * `x<square>` per captured piece (`g3-e3xe2`, `f4-k4xk3xk2`); a king capture is never written. The
 * token `timeout` may end the list. `<result>` is `White` (defenders won), `Black` (attackers won),
 * `Draw`, `Ongoing`, or empty.
 *
 * Pure code: no I/O, no framework. Data errors are returned as values (the engine's Result), never
 * thrown.
 */
import { Result, err, ok } from '../engine/result.js';

export type AagenielsenResult = 'White' | 'Black' | 'Draw' | 'Ongoing' | '';

export interface AagenielsenPly {
  from: string;
  to: string;
  /** Captured squares exactly as written, in their order (the records sometimes repeat a square). */
  captures: string[];
}

export interface AagenielsenGame {
  plies: AagenielsenPly[];
  /** The move list ended with the token `timeout`. */
  timeout: boolean;
  /** Second column: the number of captures the attackers made, as the record states it. */
  attackerCaptures: number;
  /** Third column: the number of captures the defenders made. */
  defenderCaptures: number;
  result: AagenielsenResult;
}

export interface AagenielsenError {
  reason: string;
  /** The offending token, when one is to blame. */
  token?: string;
  /** 0-based index of the offending ply in the move list, when a ply is to blame. */
  plyIndex?: number;
}

export type AagenielsenParse = Result<AagenielsenGame, AagenielsenError>;

export interface AagenielsenOptions {
  /** Board size: squares outside an N×N board are refused. Without it, files a..s and ranks 1..19. */
  size?: number;
}

const RESULTS: readonly AagenielsenResult[] = ['White', 'Black', 'Draw', 'Ongoing', ''];
const SQUARE = '[a-z](?:1[0-9]|[1-9])';
const PLY_RE = new RegExp(`^(${SQUARE})-(${SQUARE})((?:x${SQUARE})*)$`);
const CAPTURE_RE = new RegExp(`x(${SQUARE})`, 'g');
const COUNT_RE = /^(0|[1-9][0-9]*)$/;

function squareFits(square: string, size: number): boolean {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  return file >= 0 && file < size && rank >= 1 && rank <= size;
}

/** Parses one game line (without its line break). */
export function parseAagenielsenLine(line: string, options: AagenielsenOptions = {}): AagenielsenParse {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const fail = (error: AagenielsenError): AagenielsenParse => err(error);
  if (text.trim() === '') return fail({ reason: 'empty line' });
  const columns = text.split(',');
  if (columns.length !== 4) return fail({ reason: `expected 4 comma-separated columns, found ${columns.length}` });
  const [movesText, attackerText, defenderText, resultText] = columns;

  const counts: number[] = [];
  for (const [name, value] of [
    ['attacker captures', attackerText],
    ['defender captures', defenderText],
  ] as const) {
    const t = value.trim();
    if (!COUNT_RE.test(t)) return fail({ reason: `${name} column is not a non-negative integer`, token: value });
    counts.push(Number(t));
  }

  const result = resultText.trim() as AagenielsenResult;
  if (!RESULTS.includes(result)) return fail({ reason: `unknown result "${resultText.trim()}"`, token: resultText });

  const tokens = movesText.trim() === '' ? [] : movesText.trim().split(/\s+/);
  const plies: AagenielsenPly[] = [];
  let timeout = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'timeout') {
      if (i !== tokens.length - 1) return fail({ reason: '"timeout" may only end the move list', token, plyIndex: plies.length });
      timeout = true;
      continue;
    }
    const m = PLY_RE.exec(token);
    if (!m) return fail({ reason: `"${token}" is not a move (expected e.g. "g3-e3xe2")`, token, plyIndex: plies.length });
    const captures = [...m[3].matchAll(CAPTURE_RE)].map((c) => c[1]);
    const squares = [m[1], m[2], ...captures];
    if (options.size !== undefined) {
      const off = squares.find((s) => !squareFits(s, options.size!));
      if (off) return fail({ reason: `${off} is not a square of a ${options.size}×${options.size} board`, token, plyIndex: plies.length });
    }
    if (m[1] === m[2]) return fail({ reason: `"${token}" moves a piece to its own square`, token, plyIndex: plies.length });
    plies.push({ from: m[1], to: m[2], captures });
  }
  return ok({ plies, timeout, attackerCaptures: counts[0], defenderCaptures: counts[1], result });
}

export interface AagenielsenLine {
  /** 1-based line number in the file. */
  line: number;
  parsed: AagenielsenParse;
}

/** Parses a whole file: one entry per non-empty line (a final line break is not a game). */
export function parseAagenielsenCsv(text: string, options: AagenielsenOptions = {}): AagenielsenLine[] {
  const lines = text.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l, i) => ({ line: i + 1, parsed: parseAagenielsenLine(l, options) }));
}

/** `from-to`, the form the engine reads. */
export function aagenielsenMoveText(ply: AagenielsenPly): string {
  return `${ply.from}-${ply.to}`;
}

/** The side the record credits with a win: `White` is the defenders, `Black` the attackers. */
export function aagenielsenWinner(result: AagenielsenResult): 'attackers' | 'defenders' | 'draw' | null {
  switch (result) {
    case 'White':
      return 'defenders';
    case 'Black':
      return 'attackers';
    case 'Draw':
      return 'draw';
    default:
      return null;
  }
}
