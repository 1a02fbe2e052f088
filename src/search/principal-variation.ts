/**
 * The principal variations of the current path, as a triangular table: row `ply` holds the best line
 * found from that ply, built from the row below when a move raises alpha, so the root's line needs
 * no second pass over the transposition table (whose entries may have been overwritten).
 */
import { MAX_PLY } from './score';

export class PrincipalVariation {
  private readonly table = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly len = new Int32Array(MAX_PLY + 1);

  clear(ply: number): void {
    this.len[ply] = 0;
  }

  /** The line from `ply` is `m` alone (it ends the game). */
  only(ply: number, m: number): void {
    this.table[ply * MAX_PLY] = m;
    this.len[ply] = 1;
  }

  /** The line from `ply` is `m` followed by the line from `ply + 1`. */
  set(ply: number, m: number): void {
    const base = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.table[base] = m;
    let len = ply + 1 < MAX_PLY ? this.len[ply + 1] : 0;
    if (len > MAX_PLY - 1) len = MAX_PLY - 1;
    for (let i = 0; i < len; i++) this.table[base + 1 + i] = this.table[child + i];
    this.len[ply] = len + 1;
  }

  /** `first` followed by the line from `ply`. */
  lineAfter(first: number, ply: number): number[] {
    const line = [first];
    for (let j = 0; j < this.len[ply]; j++) line.push(this.table[ply * MAX_PLY + j]);
    return line;
  }
}
