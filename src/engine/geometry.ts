/**
 * Square naming and the padded board layout. Squares are indices into an (N+2)×(N+2) array whose
 * outer ring is a border, so neighbour and ray walks never need bounds checks.
 */

const FILES = 'abcdefghijklmnopqrstuvwxy';

export interface Geometry {
  size: number;
  /** Row stride of the padded board. */
  stride: number;
  cells: number;
  /** The four orthogonal steps. */
  dirs: Int32Array;
  /** Every on-board cell index. */
  squares: Int16Array;
}

export function makeGeometry(size: number): Geometry {
  const stride = size + 2;
  const squares = new Int16Array(size * size);
  let k = 0;
  for (let r = 0; r < size; r++) for (let f = 0; f < size; f++) squares[k++] = (r + 1) * stride + f + 1;
  return { size, stride, cells: stride * stride, dirs: Int32Array.of(1, -1, stride, -stride), squares };
}

export function cellOf(g: Geometry, file: number, rank: number): number {
  return (rank + 1) * g.stride + file + 1;
}

export function fileOf(g: Geometry, cell: number): number {
  return (cell % g.stride) - 1;
}

export function rankOf(g: Geometry, cell: number): number {
  return Math.floor(cell / g.stride) - 1;
}

export function onBoard(g: Geometry, file: number, rank: number): boolean {
  return file >= 0 && file < g.size && rank >= 0 && rank < g.size;
}

export function squareName(g: Geometry, cell: number): string {
  return FILES[fileOf(g, cell)] + String(rankOf(g, cell) + 1);
}

/** Parses a square name's syntax only ("f6" → file 5, rank 5); null if it is not a square name at all. */
export function parseSquareName(name: string): { file: number; rank: number } | null {
  const m = /^([a-zA-Z])([0-9]{1,2})$/.exec(name);
  if (!m) return null;
  const file = FILES.indexOf(m[1].toLowerCase());
  const rank = Number(m[2]) - 1;
  if (file < 0 || rank < 0 || m[2][0] === '0') return null;
  return { file, rank };
}

/** Cell of a square name on this board, or -1 when it is not a square of this board. */
export function cellOfName(g: Geometry, name: string): number {
  const p = parseSquareName(name);
  if (!p || !onBoard(g, p.file, p.rank)) return -1;
  return cellOf(g, p.file, p.rank);
}

export function isEdge(g: Geometry, cell: number): boolean {
  const f = fileOf(g, cell);
  const r = rankOf(g, cell);
  return f === 0 || r === 0 || f === g.size - 1 || r === g.size - 1;
}
