/**
 * Setup and validation: a TFEN string, or an unchecked setup (board grid and side), becomes a checked
 * Position of a variant, or the list of every problem found. Nothing here plays a move.
 */
import { CompiledVariant, MAY_STOP, SQ_THRONE } from './compiled-variant.js';
import { cellOf, squareName } from './geometry.js';
import { ATTACKERS, DEFENDERS, EMPTY, KING, LETTER_OF, OFF, PIECE_NAMES } from './pieces.js';
import { Position } from './position.js';
import { Problem, Result, err, ok } from './result.js';
import { ParsedTfen, parseTfen } from './tfen.js';

/** An unchecked position: what a TFEN string says, before the variant has judged it. */
export type Setup = ParsedTfen;

/** Character offset in a TFEN board field of the character that writes square (file, rank). */
function offsetOfSquare(board: string, size: number, file: number, rank: number): number {
  const rows = board.split('/');
  let offset = 0;
  for (let i = 0; i < size - 1 - rank; i++) offset += rows[i].length + 1;
  const row = rows[size - 1 - rank];
  let f = 0;
  for (let j = 0; j < row.length;) {
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
 * Checks a setup against the variant: at most one king, commanders only where the variant has them,
 * no piece on a special square it may not stand on. `boardText`, when the setup was read from one,
 * gives each problem the offset of the offending letter.
 */
export function positionFromSetup(v: CompiledVariant, setup: Setup, boardText?: string): Result<Position> {
  const size = v.geo.size;
  if (setup.board.size !== size) {
    return err([
      { code: 'BAD_TFEN_ROW_COUNT', message: `board is ${setup.board.size}×${setup.board.size}, expected ${size}×${size}`, offset: 0 },
    ]);
  }
  const errors: Problem[] = [];
  const board = new Uint8Array(v.geo.cells).fill(OFF);
  let kings = 0;
  for (let r = 0; r < size; r++) {
    for (let f = 0; f < size; f++) {
      const p = setup.board.cells[r * size + f];
      const c = cellOf(v.geo, f, r);
      board[c] = p;
      if (p === EMPTY) continue;
      // Offsets are found only for problems: most setups have none.
      const at = (): Pick<Problem, 'offset'> => (boardText === undefined ? {} : { offset: offsetOfSquare(boardText, size, f, r) });
      if (p === KING && ++kings === 2) {
        errors.push({ code: 'BAD_TFEN_KING_COUNT', message: 'a position holds at most one king', ...at() });
      }
      if (v.pieceAllowed[p] !== 1) {
        errors.push({
          code: 'BAD_TFEN_PIECE_NOT_IN_VARIANT',
          message: `${v.id} has no ${PIECE_NAMES[p]} (${LETTER_OF[p]} on ${squareName(v.geo, c)})`,
          ...at(),
        });
      }
      if (v.special[c] !== 0 && !(v.permissionsFrom[v.startKind[c]][p][c] & MAY_STOP) && !(p === KING && v.special[c] === SQ_THRONE)) {
        errors.push({
          code: 'BAD_TFEN_RESTRICTED_SQUARE',
          message: `this piece may not stand on the special square ${squareName(v.geo, c)}`,
          ...at(),
        });
      }
    }
  }
  if (errors.length) return err(errors);
  return ok(new Position(v, board, setup.side === 'a' ? ATTACKERS : DEFENDERS));
}

/** A checked position of this variant from a TFEN string; every problem is listed. */
export function positionFromTfen(v: CompiledVariant, text: string): Result<Position> {
  const parsed = parseTfen(text, v.geo.size);
  if (!parsed.ok) return parsed;
  return positionFromSetup(v, parsed.value, text.split(/[ _]/)[0]);
}
