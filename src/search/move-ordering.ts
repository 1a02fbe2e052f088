/**
 * Move ordering, so alpha-beta meets its cut-offs early: the table's move, then captures, killers (two
 * per ply), king moves of the defenders and attacker moves beside the king, then history counts.
 * Killers and history start empty for every search, so a search's order does not depend on what was
 * searched before it.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { DEFENDERS } from '../engine/pieces';
import { PASS, Position } from '../engine/position';
import { MAX_PLY } from './score';
import { Tactics } from './tactics';

// Priorities, below 2^19 (a sort key is priority << 12 | index).
const PRI_CAPTURE = 500_000;
const PRI_KILLER1 = 450_000;
const PRI_KILLER2 = 440_000;
/** Moves at or above this priority are never reduced. */
export const PRI_KING = 350_000;
const PRI_HISTORY_MAX = 300_000;
const HISTORY_LIMIT = 1 << 22;

export class MoveOrdering {
  private readonly v: CompiledVariant;
  private readonly tac: Tactics;
  private readonly plyKeys: Int32Array[];
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history: Int32Array;
  private readonly cells: number;

  constructor(v: CompiledVariant, tac: Tactics, maxMoves: number) {
    this.v = v;
    this.tac = tac;
    const keys = new Int32Array(MAX_PLY * maxMoves);
    this.plyKeys = [];
    for (let p = 0; p < MAX_PLY; p++) this.plyKeys.push(keys.subarray(p * maxMoves, (p + 1) * maxMoves));
    this.cells = v.geo.cells;
    this.history = new Int32Array(2 * this.cells * this.cells);
  }

  /** Forgets the killers and history of the last search. */
  reset(): void {
    this.killers.fill(0);
    this.history.fill(0);
  }

  /**
   * Sorts keys of `moves[0..n)` (played at `ply` of `pos`), best last: a key is its priority << 12 |
   * the move's index in `moves`. Returns the keys (valid until `ply` is ordered again).
   */
  order(pos: Position, ply: number, moves: Int32Array, n: number, ttMove: number): Int32Array {
    const b = pos.board;
    const side = pos.side;
    const keys = this.plyKeys[ply];
    const capStamp = this.tac.markCaptureSquares(pos, side);
    const capMark = this.tac.capMark;
    const capturer = this.v.hammer[side];
    const k1 = this.killers[2 * ply];
    const k2 = this.killers[2 * ply + 1];
    const hist = this.history;
    const histBase = side * this.cells * this.cells;
    const cells = this.cells;
    const king = pos.kingSq;
    const stride = this.v.geo.stride;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      let p: number;
      if (m === ttMove) p = 0;
      else {
        const from = m >> 10;
        const to = m & 1023;
        if (m !== PASS && capMark[to] === capStamp && capturer[b[from]] === 1) p = PRI_CAPTURE;
        else if (m === k1) p = PRI_KILLER1;
        else if (m === k2) p = PRI_KILLER2;
        else {
          const h = hist[histBase + from * cells + to] >> 4;
          p = h > PRI_HISTORY_MAX ? PRI_HISTORY_MAX : h;
          if (side === DEFENDERS ? from === king : to === king + 1 || to === king - 1 || to === king + stride || to === king - stride)
            p = PRI_KING + (p >> 3);
        }
      }
      keys[i] = (p << 12) | i;
    }
    keys.subarray(0, n).sort();
    return keys;
  }

  /** A quiet move `m` of `side` caused a cut-off at `ply`: it becomes a killer and gains history. */
  rewardQuiet(ply: number, side: number, m: number, depth: number): void {
    if (m === PASS) return;
    if (this.killers[2 * ply] !== m) {
      this.killers[2 * ply + 1] = this.killers[2 * ply];
      this.killers[2 * ply] = m;
    }
    const i = side * this.cells * this.cells + (m >> 10) * this.cells + (m & 1023);
    this.history[i] += depth * depth * 16;
    if (this.history[i] > HISTORY_LIMIT) for (let j = 0; j < this.history.length; j++) this.history[j] >>= 1;
  }
}
