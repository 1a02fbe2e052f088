/**
 * Positions drawn in tests. A diagram lists ranks from the top, one per line; squares are separated
 * by spaces: `.` empty, `+` an empty special square (only a reminder for the reader), `t` attacker,
 * `T` defender, `K` king, `C` commander. A leading rank number and a trailing file-letter line are
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
      if (!/^[tTKC]$/.test(c)) throw new Error(`diagram: unknown square "${c}"`);
      if (run) out += String(run);
      run = 0;
      out += c;
    }
    if (run) out += String(run);
    return out;
  });
  return `${ranks.join('/')} ${side}`;
}
