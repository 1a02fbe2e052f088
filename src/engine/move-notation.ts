/**
 * Move notation (api.md section 2): input `f4-f7`, `f4f7` (any case), the rich form `f4-f7xf8/e7`,
 * and `pass`; output is always the rich form.
 */
import { Geometry, cellOf, onBoard, squareName } from './geometry.js';

export type ParsedMoveText =
  | { kind: 'pass' }
  /** `captures`: the squares claimed after `x` as written (duplicates kept), or null without a claim. */
  | { kind: 'move'; from: number; to: number; captures: number[] | null }
  | { kind: 'bad-notation'; message: string }
  | { kind: 'bad-square'; message: string };

const SQUARE = '[a-zA-Z]\\d{1,2}';
const MOVE_RE = new RegExp(`^(${SQUARE})-?(${SQUARE})(?:[xX](.*))?$`);
const CLAIM_RE = new RegExp(`^${SQUARE}$`);

export function parseMoveText(g: Geometry, text: unknown): ParsedMoveText {
  if (typeof text !== 'string') return { kind: 'bad-notation', message: 'a move must be a string' };
  return plainMove(g, text) ?? parseAnyMoveText(g, text);
}

const A = 97;
const ZERO = 48;
const HYPHEN = 45;

/**
 * `f4-f7` exactly (lower case, a hyphen, both squares on the board), what records and clients send
 * nearly always, read without the regular expression; null for any other text, which
 * parseAnyMoveText then reads. Where this answers, it answers what parseAnyMoveText would.
 */
export function plainMove(g: Geometry, t: string): ParsedMoveText | null {
  const n = t.length;
  if (n < 5 || n > 7) return null;
  const f1 = t.charCodeAt(0) - A;
  let d = t.charCodeAt(1) - ZERO;
  if (f1 < 0 || f1 > 25 || d < 1 || d > 9) return null;
  let r1 = d;
  let i = 2;
  d = t.charCodeAt(i) - ZERO;
  if (d >= 0 && d <= 9) {
    r1 = r1 * 10 + d;
    i++;
  }
  if (t.charCodeAt(i++) !== HYPHEN || i + 2 > n) return null;
  const f2 = t.charCodeAt(i++) - A;
  d = t.charCodeAt(i++) - ZERO;
  if (f2 < 0 || f2 > 25 || d < 1 || d > 9) return null;
  let r2 = d;
  if (i < n) {
    d = t.charCodeAt(i++) - ZERO;
    if (d < 0 || d > 9) return null;
    r2 = r2 * 10 + d;
  }
  if (i !== n || !onBoard(g, f1, r1 - 1) || !onBoard(g, f2, r2 - 1)) return null;
  return { kind: 'move', from: cellOf(g, f1, r1 - 1), to: cellOf(g, f2, r2 - 1), captures: null };
}

/** Every form of move text, with the precise complaint for text that is not one. */
export function parseAnyMoveText(g: Geometry, text: string): ParsedMoveText {
  const t = text.trim();
  if (t.toLowerCase() === 'pass') return { kind: 'pass' };
  const m = MOVE_RE.exec(t);
  if (!m) return { kind: 'bad-notation', message: `"${text}" is not a move: expected e.g. "f4-f7", "f4f7", "f4-f7xf8/e7" or "pass"` };
  // The whole text's syntax is judged before any square, so BAD_NOTATION wins over BAD_SQUARE.
  const claimed = m[3] === undefined ? null : m[3].split('/');
  if (claimed) {
    const bad = claimed.find((s) => !CLAIM_RE.test(s));
    if (bad !== undefined) {
      const what =
        claimed.length === 1 && bad === ''
          ? 'no captured square'
          : bad === ''
            ? 'an empty captured square'
            : `"${bad}", which is not a square name`;
      return { kind: 'bad-notation', message: `"${text}" lists ${what} after "x": expected e.g. "f4-f7xf8/e7"` };
    }
  }
  const cells: number[] = [];
  for (const name of [m[1], m[2], ...(claimed ?? [])]) {
    const file = name.toLowerCase().charCodeAt(0) - 97;
    const digits = name.slice(1);
    const rank = Number(digits) - 1;
    if (digits[0] === '0' || !onBoard(g, file, rank)) {
      return { kind: 'bad-square', message: `${name.toLowerCase()} is not a square of a ${g.size}×${g.size} board` };
    }
    cells.push(cellOf(g, file, rank));
  }
  return { kind: 'move', from: cells[0], to: cells[1], captures: claimed ? cells.slice(2) : null };
}

/** Orders squares by file, then rank: the order captures are written in. */
export function compareCells(g: Geometry, a: number, b: number): number {
  const fa = a % g.stride;
  const fb = b % g.stride;
  return fa !== fb ? fa - fb : a - b;
}

/** Rich notation: `f4-f7`, `f4-f7xf8/e7`, or `pass`. */
export function richNotation(g: Geometry, from: number | null, to: number | null, captures: number[]): string {
  if (from === null || to === null) return 'pass';
  const base = `${squareName(g, from)}-${squareName(g, to)}`;
  return captures.length ? `${base}x${captures.map((c) => squareName(g, c)).join('/')}` : base;
}
