/**
 * What a picture shows, read once from the engine: per square its name, the piece on it and the kind
 * of special square it is. The SVG and the text board both draw from this, so they cannot disagree
 * about where the throne or a citadel is.
 */
import { CompiledVariant, SQ_THRONE } from '../engine/compiled-variant.js';
import { cellOf, fileOf, rankOf } from '../engine/geometry.js';
import { LETTER_OF, PIECE_OF_LETTER } from '../engine/pieces.js';
import { Position } from '../engine/position.js';
import type { BoardGrid } from '../engine/tfen.js';
import { PIECE_LETTERS, SPECIAL_SQUARE_KINDS } from '../engine/values.js';
import type { PieceLetter, SpecialSquareKind } from '../engine/values.js';

/** A checked position, or the grid of a parsed TFEN (rank 0 = rank 1). */
export type BoardInput = Position | BoardGrid;

export interface BoardSquare {
  name: string;
  file: number;
  rank: number;
  piece: PieceLetter | null;
  special: SpecialSquareKind | null;
}

export interface BoardModel {
  variantId: string;
  size: number;
  /** Index rank * size + file, a1 first. */
  squares: readonly BoardSquare[];
  /** The pieces a position of the variant may hold, so legends list only what can appear. */
  pieces: readonly PieceLetter[];
  specialKinds: readonly SpecialSquareKind[];
}

/** Special kind of every padded cell: the corner point of each block, then its citadel squares. */
function specialKinds(v: CompiledVariant): (SpecialSquareKind | null)[] {
  const kinds: (SpecialSquareKind | null)[] = new Array(v.geo.cells).fill(null);
  if (v.throne >= 0 && v.special[v.throne] === SQ_THRONE) kinds[v.throne] = 'throne';
  for (const c of v.geo.squares) if (v.startKind[c] !== 0) kinds[c] = 'fort';
  for (const block of v.cornerBlocks) {
    block.forEach((cell, i) => {
      kinds[cell] = i === 0 ? 'corner' : 'citadel';
    });
  }
  return kinds;
}

/** Piece code on (file, rank): both inputs are read through this, whatever their layout. */
function pieceReader(v: CompiledVariant, board: BoardInput): (file: number, rank: number) => number {
  if (board instanceof Position) return (f, r) => board.board[cellOf(v.geo, f, r)];
  return (f, r) => board.cells[r * board.size + f];
}

/**
 * The model of `board` in `variant`. The board must be of the variant's size: a caller that mixed
 * them up has a bug, not a bad request, so this throws.
 */
export function boardModel(variant: CompiledVariant, board: BoardInput): BoardModel {
  const n = variant.geo.size;
  const boardSize = board instanceof Position ? board.v.geo.size : board.size;
  if (boardSize !== n) throw new RangeError(`a ${boardSize}×${boardSize} board cannot be drawn as ${variant.id} (${n}×${n})`);
  const kinds = specialKinds(variant);
  const read = pieceReader(variant, board);
  const squares: BoardSquare[] = [];
  for (let rank = 0; rank < n; rank++) {
    for (let file = 0; file < n; file++) {
      const cell = cellOf(variant.geo, file, rank);
      const letter = LETTER_OF[read(file, rank)];
      squares.push({
        name: variant.names[cell],
        file: fileOf(variant.geo, cell),
        rank: rankOf(variant.geo, cell),
        piece: (letter as PieceLetter | undefined) ?? null,
        special: kinds[cell],
      });
    }
  }
  const present = new Set(kinds.filter((k): k is SpecialSquareKind => k !== null));
  return {
    variantId: variant.id,
    size: n,
    squares,
    pieces: PIECE_LETTERS.filter((l) => variant.pieceAllowed[PIECE_OF_LETTER[l]] === 1),
    specialKinds: SPECIAL_SQUARE_KINDS.filter((k) => present.has(k)),
  };
}
