/**
 * Where each square stands on the drawn board. The board underneath is the service's own picture
 * (`positionSvg` of @tafl/rules), so the interactive layer must use the picture's layout exactly: these
 * numbers are those of the service's src/render/svg.ts (40 units a square, a 34-unit margin on the sides
 * carrying coordinates, 10 elsewhere). A test compares screenshots with the service's PNG square by square.
 */

/** Units of one square in the picture. */
export const CELL = 40;
const COORD_MARGIN = 34;
const PLAIN_MARGIN = 10;

/** The file letters of boards up to 25×25 (the picture skips none). */
export const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxy';

export interface Layout {
  /** Board squares per side. */
  size: number;
  /** Side of the whole (square) picture in units. */
  extent: number;
  /** Where the squares start, in units. */
  left: number;
  top: number;
  /** Rank 1 at the top, the board turned 180°. */
  flipped: boolean;
}

export function layoutOf(size: number, coords: boolean, flipped: boolean): Layout {
  const left = coords ? COORD_MARGIN : PLAIN_MARGIN;
  return { size, extent: size * CELL + left + PLAIN_MARGIN, left, top: PLAIN_MARGIN, flipped };
}

/** A square as file and rank from 0; (0, 0) is a1. */
export interface Cell {
  file: number;
  rank: number;
}

export function squareName(c: Cell): string {
  return `${FILE_LETTERS[c.file]}${c.rank + 1}`;
}

export function cellOf(name: string): Cell | null {
  const m = /^([a-y])(\d{1,2})$/.exec(name);
  if (!m) return null;
  return { file: FILE_LETTERS.indexOf(m[1]), rank: Number(m[2]) - 1 };
}

/** Column and row on screen (0, 0 top left) of a square, after the orientation. */
export function screenOf(l: Layout, c: Cell): { col: number; row: number } {
  return l.flipped ? { col: l.size - 1 - c.file, row: c.rank } : { col: c.file, row: l.size - 1 - c.rank };
}

export function cellAtScreen(l: Layout, col: number, row: number): Cell | null {
  if (col < 0 || row < 0 || col >= l.size || row >= l.size) return null;
  return l.flipped ? { file: l.size - 1 - col, rank: row } : { file: col, rank: l.size - 1 - row };
}

/** Every square in screen order, top row first: the order of the grid's rows and cells. */
export function screenRows(l: Layout): Cell[][] {
  const rows: Cell[][] = [];
  for (let row = 0; row < l.size; row++) {
    const cells: Cell[] = [];
    for (let col = 0; col < l.size; col++) cells.push(cellAtScreen(l, col, row)!);
    rows.push(cells);
  }
  return rows;
}

/** The squares' area as percentages of the picture, for the layer laid over it. */
export function boardArea(l: Layout): { left: number; top: number; width: number } {
  const pct = (u: number) => (u / l.extent) * 100;
  return { left: pct(l.left), top: pct(l.top), width: pct(l.size * CELL) };
}

/** The square under a point given as fractions (0..1) of the picture's side, or null off the squares. */
export function cellAtPoint(l: Layout, fx: number, fy: number): Cell | null {
  const col = Math.floor((fx * l.extent - l.left) / CELL);
  const row = Math.floor((fy * l.extent - l.top) / CELL);
  return cellAtScreen(l, col, row);
}

/** The square one step away on screen (arrow keys move on screen, whatever the orientation). */
export function stepOnScreen(l: Layout, c: Cell, dCol: number, dRow: number): Cell {
  const { col, row } = screenOf(l, c);
  const clamp = (v: number) => Math.max(0, Math.min(l.size - 1, v));
  return cellAtScreen(l, clamp(col + dCol), clamp(row + dRow))!;
}
