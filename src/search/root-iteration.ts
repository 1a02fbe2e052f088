/**
 * One iteration of the search at the root, with multiPv: the k best first moves get exact scores
 * (full windows until k moves are in, then a null window at the k-th best score, searched again in
 * full when a move beats it), the rest only bounds. A move after which the same side moves again
 * (berserk) is scored without turning its child round (AlphaBeta.child).
 */
import { outcomeAfterMove } from '../engine/outcome';
import { ONGOING } from '../engine/outcome-codes';
import { AlphaBeta } from './alpha-beta';
import { INF } from './score';
import { RawLine } from './search-contract';
import { SearchContext } from './search-context';

export interface RootIteration {
  /** The k best finished moves' lines, best first. */
  lines: RawLine[];
  /** How many of the root moves, in order, were searched before a stop. */
  finished: number;
}

/** Searches each move of `root` `depth` plies deep; reorders `root` by the new scores when it finishes. */
export function rootIteration(c: SearchContext, ab: AlphaBeta, root: number[], depth: number, k: number): RootIteration {
  const pos = c.pos;
  const n = root.length;
  const scores: number[] = new Array<number>(n).fill(-INF);
  const pvs: (number[] | null)[] = new Array<number[] | null>(n).fill(null);
  // The k best exact scores so far, best first.
  const top: number[] = [];
  let finished = 0;
  for (let i = 0; i < n; i++) {
    const m = root[i];
    const bound = top.length < k ? -INF : top[k - 1];
    const side = pos.side;
    pos.make(m);
    const flip = pos.side !== side;
    const outcome = outcomeAfterMove(pos);
    let s: number;
    c.pv.clear(1);
    if (outcome !== ONGOING) s = flip ? -c.terminal(outcome, 1) : c.terminal(outcome, 1);
    else if (top.length < k) s = ab.child(flip, depth - 1, -INF, INF, 1, true);
    else {
      s = ab.child(flip, depth - 1, bound, bound + 1, 1, false);
      if (s > bound && !c.stop.stopped) s = ab.child(flip, depth - 1, bound, INF, 1, true);
    }
    pos.unmake();
    if (c.stop.stopped) break;
    finished++;
    if (s === 0) s = 0; // no -0 from a negated draw
    scores[i] = s;
    if (top.length < k || s > bound) {
      pvs[i] = c.pv.lineAfter(m, 1);
      top.push(s);
      top.sort((a, b) => b - a);
      if (top.length > k) top.length = k;
    }
  }
  // Order for the next iteration: finished moves by score, then unfinished ones as they were.
  const order = root.map((m, i) => ({ m, i, s: i < finished ? scores[i] : -INF - 1, pv: pvs[i] }));
  order.sort((a, b) => b.s - a.s || a.i - b.i);
  const lines: RawLine[] = [];
  for (const o of order) {
    if (lines.length >= k || o.i >= finished) break;
    if (o.pv) lines.push({ moves: o.pv, score: o.s });
  }
  if (!c.stop.stopped) for (let i = 0; i < n; i++) root[i] = order[i].m;
  return { lines, finished };
}
