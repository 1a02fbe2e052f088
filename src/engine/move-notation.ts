/** Move notation (api.md section 2): input `f4-f7`, `f4f7` (any case), `pass`; output with captures. */
import { Geometry, cellOf, onBoard, squareName } from './geometry';

export type ParsedMoveText =
  | { kind: 'pass' }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'bad-notation'; message: string }
  | { kind: 'bad-square'; message: string };

const MOVE_RE = /^([a-zA-Z])(\d{1,2})-?([a-zA-Z])(\d{1,2})$/;

export function parseMoveText(g: Geometry, text: unknown): ParsedMoveText {
  if (typeof text !== 'string') return { kind: 'bad-notation', message: 'a move must be a string' };
  const t = text.trim();
  if (t.toLowerCase() === 'pass') return { kind: 'pass' };
  const m = MOVE_RE.exec(t);
  if (!m) return { kind: 'bad-notation', message: `"${text}" is not a move: expected e.g. "f4-f7", "f4f7" or "pass"` };
  const squares: [string, string][] = [
    [m[1], m[2]],
    [m[3], m[4]],
  ];
  const cells: number[] = [];
  for (const [fileLetter, digits] of squares) {
    const file = fileLetter.toLowerCase().charCodeAt(0) - 97;
    const rank = Number(digits) - 1;
    if (digits[0] === '0' || !onBoard(g, file, rank)) {
      return { kind: 'bad-square', message: `${fileLetter.toLowerCase()}${digits} is not a square of a ${g.size}×${g.size} board` };
    }
    cells.push(cellOf(g, file, rank));
  }
  return { kind: 'move', from: cells[0], to: cells[1] };
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
