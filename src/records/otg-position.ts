/**
 * OTN position records (`/3t3/3t3/.../`, rank 1 first) to and from TFEN board fields (top rank first).
 * Rows go through the engine's TFEN row codec, so both notations read rows one way.
 */
import { Problem, Result, err, ok } from '../engine/result.js';
import { BoardGrid, parseBoardRow, printBoardField } from '../engine/tfen.js';

/**
 * The TFEN board field (top rank first) of an OTN position record such as `start:`'s value
 * (`/3t3/3t3/.../`, rank 1 first). Only the pieces TFEN knows (t, T, K, C) are accepted; the error
 * lists every problem in one sentence.
 */
export function otgPositionToTfenBoard(record: string, size?: number): Result<string, string> {
  const body = record.trim().replace(/^\//, '').replace(/\/$/, '');
  const rows = body.split('/');
  const n = size ?? rows.length;
  if (rows.length !== n) return err(`position has ${rows.length} ranks, expected ${n}`);
  const grid: BoardGrid = { size: n, cells: new Uint8Array(n * n) };
  const reasons: string[] = [];
  // OTN writes rank 1 first, so row i is rank i + 1; the row syntax is TFEN's.
  rows.forEach((row, i) => {
    const problems: Problem[] = [];
    const width = parseBoardRow(row, grid, i, 0, problems);
    for (const p of problems) {
      reasons.push(
        p.code === 'BAD_TFEN_PIECE' ? `piece "${row[p.offset ?? 0]}" has no TFEN letter` : `rank ${i + 1} "${row}": ${p.message}`,
      );
    }
    if (width !== n) reasons.push(`rank ${i + 1} "${row}" has ${width} squares, expected ${n}`);
  });
  return reasons.length ? err(reasons.join('; ')) : ok(printBoardField(grid));
}

/** The OTN position record (`/…/`, rank 1 first) of a TFEN board field (top rank first). */
export function tfenBoardToOtgPosition(board: string): string {
  const rows = board.trim().split(/[ _]/)[0].split('/');
  return `/${[...rows].reverse().join('/')}/`;
}
