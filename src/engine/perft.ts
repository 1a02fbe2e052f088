/**
 * Perft: the number of move sequences of a given length from a position. Positions that end the game
 * are not expanded; at the last ply every legal move counts.
 */
import { NLM_PASS } from './compiled-variant.js';
import { generateMoves } from './movegen.js';
import { outcomeAfterMove } from './outcome.js';
import { ONGOING } from './outcome-codes.js';
import { PASS, Position } from './position.js';

export function perft(pos: Position, depth: number): number {
  const bufs: Int32Array[] = [];
  const cap = 8 * pos.v.geo.size * pos.v.geo.size; // four sliding pieces and four jumpers a square
  for (let i = 0; i <= depth; i++) bufs.push(new Int32Array(cap));
  const passes = pos.v.noLegalMove === NLM_PASS;
  const walk = (d: number): number => {
    const buf = bufs[d];
    let n = generateMoves(pos, buf);
    if (n === 0 && passes) buf[n++] = PASS;
    if (d === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      pos.make(buf[i]);
      if (outcomeAfterMove(pos) === ONGOING) total += walk(d - 1);
      pos.unmake();
    }
    return total;
  };
  return depth === 0 ? 1 : walk(depth);
}
