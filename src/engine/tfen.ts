/** TFEN position strings (api.md section 1): `<board> <side>`, `_` accepted for the space. */
import { Problem, Result, err, ok } from './result.js';
import { EMPTY, LETTER_OF, PIECE_OF_LETTER } from './pieces.js';

export interface BoardGrid {
  size: number;
  /** Piece codes, index rank * size + file, rank 0 = rank 1 (bottom). */
  cells: Uint8Array;
}

export interface ParsedTfen {
  board: BoardGrid;
  side: 'a' | 'd';
}

/**
 * Reads one rank's row (`3t3`) into `grid` at `rank`, pushing every problem with its offset (the row
 * starts at `base` in the text). Returns how many squares the row covers; the caller judges the width,
 * so that a row that is too long is reported once, not per square.
 */
export function parseBoardRow(row: string, grid: BoardGrid, rank: number, base: number, errors: Problem[]): number {
  const n = grid.size;
  let file = 0;
  let j = 0;
  while (j < row.length) {
    const ch = row[j];
    const at = base + j;
    if (ch >= '0' && ch <= '9') {
      let k = j;
      while (k < row.length && row[k] >= '0' && row[k] <= '9') k++;
      const digits = row.slice(j, k);
      const count = Number(digits);
      // Digits are read greedily, so two counts can never stand side by side: "34" is thirty-four.
      if (count === 0 || digits[0] === '0') {
        errors.push({ code: 'BAD_TFEN_COUNT', message: `bad empty-square count "${digits}"`, offset: at });
      }
      file += count;
      j = k;
      continue;
    }
    const piece = PIECE_OF_LETTER[ch];
    if (piece === undefined) {
      errors.push({ code: 'BAD_TFEN_PIECE', message: `unknown piece letter "${ch}"`, offset: at });
    } else if (file < n && rank >= 0 && rank < n) {
      grid.cells[rank * n + file] = piece;
    }
    file += 1;
    j++;
  }
  return file;
}

/**
 * Parses a TFEN board field for a board of `size` (or of the size the field implies when `size` is
 * null). Every problem is listed with its offset in `text`, starting at `base`.
 */
export function parseBoardField(text: string, size: number | null, base = 0): Result<BoardGrid> {
  const errors: Problem[] = [];
  const ranks = text.split('/');
  const n = size ?? ranks.length;
  if (ranks.length !== n) {
    errors.push({
      code: 'BAD_TFEN_ROW_COUNT',
      message: `board has ${ranks.length} ranks, expected ${n}`,
      offset: base,
    });
  }
  const grid: BoardGrid = { size: n, cells: new Uint8Array(n * n) };
  let offset = base;
  ranks.forEach((row, i) => {
    const rank = n - 1 - i;
    const width = parseBoardRow(row, grid, rank, offset, errors);
    if (width !== n) {
      errors.push({
        code: 'BAD_TFEN_ROW_WIDTH',
        message: `rank ${rank + 1} covers ${width} squares, expected ${n}`,
        offset,
      });
    }
    offset += row.length + 1;
  });
  return errors.length ? err(errors) : ok(grid);
}

/** Problems listed for one position at most; the rest are counted in a last entry. */
export const MAX_TFEN_PROBLEMS = 20;

/** The longest TFEN a board of `size` can need, with room to spare: every square a letter, one separator each. */
export function maxTfenLength(size: number): number {
  return 2 * size * (size + 1) + 2;
}

function capped(errors: Problem[]): Problem[] {
  if (errors.length <= MAX_TFEN_PROBLEMS) return errors;
  const rest = errors.length - MAX_TFEN_PROBLEMS;
  return [
    ...errors.slice(0, MAX_TFEN_PROBLEMS),
    { code: 'BAD_TFEN_MORE', message: `and ${rest} more problem(s)`, offset: errors[MAX_TFEN_PROBLEMS].offset },
  ];
}

/** Parses `<board> <side>` (or `<board>_<side>`) for a board of the given size. */
export function parseTfen(text: string, size: number): Result<ParsedTfen> {
  if (typeof text !== 'string' || text.length === 0) {
    return err([{ code: 'BAD_TFEN_FIELDS', message: 'position is empty', offset: 0 }]);
  }
  // Checked first, so the work and the answer stay small whatever a client sends.
  if (text.length > maxTfenLength(size)) {
    return err([
      {
        code: 'BAD_TFEN_LENGTH',
        message: `a ${size}×${size} position is at most ${maxTfenLength(size)} characters, got ${text.length}`,
        offset: 0,
      },
    ]);
  }
  const fields = text.split(/[ _]/);
  if (fields.length !== 2) {
    return err([
      {
        code: 'BAD_TFEN_FIELDS',
        message: `expected "<board> <side>" separated by one space or "_", found ${fields.length} field(s)`,
        offset: 0,
      },
    ]);
  }
  const [boardText, sideText] = fields;
  const errors: Problem[] = [];
  const board = parseBoardField(boardText, size, 0);
  if (!board.ok) for (const e of board.error) errors.push(e);
  if (sideText !== 'a' && sideText !== 'd') {
    errors.push({
      code: 'BAD_TFEN_SIDE',
      message: `side to move must be "a" or "d", found "${sideText}"`,
      offset: boardText.length + 1,
    });
  }
  if (errors.length || !board.ok) return err(capped(errors));
  return ok({ board: board.value, side: sideText as 'a' | 'd' });
}

/**
 * TFEN boards are printed as character codes into one scratch and made a string once (rows concatenated
 * were a rope that every legal-moves answer flattened, ~4 µs of a miss). Room for the largest board a
 * definition may have, 25 × 25, every square occupied, with 24 slashes and the side.
 */
const MAX_SIZE = 25;
const CODES = new Uint16Array(MAX_SIZE * MAX_SIZE + MAX_SIZE + 1);
const SLASH = 0x2f;
const SPACE = 0x20;
const DIGIT_0 = 0x30;
const LETTER_CODE = new Uint16Array(16);
for (const [piece, letter] of Object.entries(LETTER_OF)) LETTER_CODE[Number(piece)] = letter.charCodeAt(0);

/** Writes a count of empty squares (minimal: no leading zero, none for 0) at `n`; answers the next free place. */
function writeRun(n: number, run: number): number {
  if (run >= 10) CODES[n++] = DIGIT_0 + Math.floor(run / 10);
  if (run > 0) CODES[n++] = DIGIT_0 + (run % 10);
  return n;
}

/**
 * Writes ranks `top` down to `bottom` of a board, canonically (minimal counts, files from `a`, ranks
 * separated by slashes), into CODES from 0; answers the length. The square of (file, rank) is
 * `cells[first + rank * stride + file]`: a BoardGrid (stride = size) and Position's padded board
 * (stride = size + 2, first = size + 3) are both read in place.
 */
function writeRanks(cells: Uint8Array, size: number, stride: number, first: number, top: number, bottom: number): number {
  let n = 0;
  for (let rank = top; rank >= bottom; rank--) {
    if (rank !== top) CODES[n++] = SLASH;
    let run = 0;
    for (let c = first + rank * stride, end = c + size; c < end; c++) {
      const p = cells[c];
      if (p === EMPTY) {
        run++;
        continue;
      }
      n = writeRun(n, run);
      run = 0;
      CODES[n++] = LETTER_CODE[p];
    }
    n = writeRun(n, run);
  }
  return n;
}

const codesText = (n: number): string => String.fromCharCode.apply(null, CODES.subarray(0, n) as unknown as number[]);

/** One rank's canonical row: minimal counts, files from `a`. */
export function printBoardRow(grid: BoardGrid, rank: number): string {
  return codesText(writeRanks(grid.cells, grid.size, grid.size, 0, rank, rank));
}

/** Canonical board field: minimal counts, top rank first. */
export function printBoardField(grid: BoardGrid): string {
  return codesText(writeRanks(grid.cells, grid.size, grid.size, 0, grid.size - 1, 0));
}

/** The canonical TFEN (R-12 compares positions by it) of Position's padded board and the side to move. */
export function printPaddedTfen(board: Uint8Array, size: number, side: 'a' | 'd'): string {
  let n = writeRanks(board, size, size + 2, size + 3, size - 1, 0);
  CODES[n++] = SPACE;
  CODES[n++] = side.charCodeAt(0);
  return codesText(n);
}
