/**
 * Positions drawn in tests. A diagram lists ranks from the top, one per line; squares are separated
 * by spaces: `.` empty, `+` an empty special square (only a reminder for the reader), `t` attacker,
 * `T` defender, `K` king, `C` commander, and OpenTafl's `c` attacker commander, `n`/`N` knights, `m`/`M`
 * mercenaries and `g`/`G` guards. A leading rank number and a trailing file-letter line are
 * allowed and ignored.
 *
 *     11 . . . . . . . . . . .
 *     ...
 *         a b c d e f g h i j k
 */
export function tfen(diagram: string, side: 'a' | 'd'): string {
  const rows = diagram
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !/^[a-z](\s+[a-z])*$/.test(l));
  const size = rows.length;
  const ranks = rows.map((line, i) => {
    const cells = line.split(/\s+/).filter((c) => !/^\d+$/.test(c));
    if (cells.length !== size) throw new Error(`diagram row ${i + 1} has ${cells.length} squares, expected ${size}`);
    let out = '';
    let run = 0;
    for (const c of cells) {
      if (c === '.' || c === '+') {
        run++;
        continue;
      }
      if (!/^[tTKCcnNmMgG]$/.test(c)) throw new Error(`diagram: unknown square "${c}"`);
      if (run) out += String(run);
      run = 0;
      out += c;
    }
    if (run) out += String(run);
    return out;
  });
  return `${ranks.join('/')} ${side}`;
}

/** The board of a diagram as an OpenTafl `starti:` value (the top rank first). */
export function starti(diagram: string): string {
  return `/${tfen(diagram, 'a').split(' ')[0]}/`;
}

/**
 * 19×19 positions, drawn in part. A full 19×19 diagram is mostly empty squares; these
 * helpers let a test draw only the area where something happens (the drawing is the data, so a reader
 * sees exactly the position the test plays), plus optional far-away "reserve" pieces listed by square
 * (pieces that only keep a side from running out of pieces or moves).
 */

export const FILES19 = 'abcdefghijklmnopqrs';

export interface Placement {
  K?: string;
  C?: string[];
  T?: string[];
  t?: string[];
}

function squareIndex(square: string): [number, number] {
  const m = /^([a-s])(\d{1,2})$/.exec(square);
  if (!m) throw new Error(`not a 19×19 square: ${square}`);
  const file = FILES19.indexOf(m[1]);
  const rank = Number(m[2]);
  if (rank < 1 || rank > 19) throw new Error(`not a 19×19 square: ${square}`);
  return [file, rank];
}

/**
 * A 19×19 TFEN from drawn areas. Each area is drawn like a diagram.ts diagram, but only in part: every
 * row starts with its rank number and the last line names the (consecutive) files shown:
 *
 *      3 . . . .
 *      2 . T . .
 *      1 + t t .
 *        a b c d
 *
 * Squares outside every area are empty, except the `reserve` pieces.
 */
export function board19(side: 'a' | 'd', areas: string | string[], reserve: Placement = {}): string {
  // grid[rank][file], rank 1..19
  const grid: string[][] = Array.from({ length: 20 }, () => Array<string>(19).fill('.'));
  const drawn: boolean[][] = Array.from({ length: 20 }, () => Array<boolean>(19).fill(false));
  for (const area of Array.isArray(areas) ? areas : [areas]) {
    const lines = area
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
    const fileLine = lines.pop();
    if (!fileLine || !/^[a-s](\s+[a-s])*$/.test(fileLine)) throw new Error(`area: last line must name the files, got "${fileLine}"`);
    const files = fileLine.split(/\s+/).map((f) => FILES19.indexOf(f));
    files.forEach((f, i) => {
      if (i > 0 && f !== files[i - 1] + 1) throw new Error('area: files must be consecutive');
    });
    for (const line of lines) {
      const cells = line.split(/\s+/);
      const rank = Number(cells.shift());
      if (!Number.isInteger(rank) || rank < 1 || rank > 19) throw new Error(`area: bad rank in "${line}"`);
      if (cells.length !== files.length) throw new Error(`area: rank ${rank} has ${cells.length} squares, expected ${files.length}`);
      cells.forEach((c, i) => {
        if (!/^[.+tTKC]$/.test(c)) throw new Error(`area: unknown square "${c}"`);
        const f = files[i];
        if (drawn[rank][f] && grid[rank][f] !== c) throw new Error(`area: ${FILES19[f]}${rank} drawn twice differently`);
        drawn[rank][f] = true;
        grid[rank][f] = c;
      });
    }
  }
  const put = (letter: string, squares: string[] | undefined) => {
    for (const sq of squares ?? []) {
      const [f, r] = squareIndex(sq);
      if (drawn[r][f] || grid[r][f] !== '.') throw new Error(`reserve piece on ${sq} would overwrite the drawing`);
      grid[r][f] = letter;
    }
  };
  put('K', reserve.K ? [reserve.K] : []);
  put('C', reserve.C);
  put('T', reserve.T);
  put('t', reserve.t);
  const rows: string[] = [];
  for (let r = 19; r >= 1; r--) rows.push(grid[r].join(' '));
  return tfen(rows.join('\n'), side);
}

/** The piece letter on `square` of a TFEN position, or '.' when it is empty. */
export function pieceAt(position: string, square: string): string {
  const [file, rank] = squareIndex(square);
  const ranks = position.split(/[ _]/)[0].split('/');
  const row = ranks[ranks.length - rank];
  let f = 0;
  for (const tok of row.match(/\d+|[A-Za-z]/g) ?? []) {
    if (/\d/.test(tok)) {
      f += Number(tok);
      if (f > file) return '.';
    } else {
      if (f === file) return tok;
      f++;
    }
  }
  return '.';
}
