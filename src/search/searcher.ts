/**
 * The search proper: iterative deepening at the root (root-iteration.ts) over a principal-variation
 * (alpha-beta) search with a transposition table, null-move pruning and late-move reductions
 * (alpha-beta.ts), then a quiescence search at the leaves that knows the king (quiescence.ts). A win
 * or loss is scored exactly: MATE - n for the side to move winning in n plies (see score.ts).
 *
 * Results depend only on the position, its history and the limits: with a node limit and no clock
 * stop, the same input searches the same tree.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { generateMoves } from '../engine/movegen';
import { outcomeAfterMove } from '../engine/outcome';
import { ONGOING } from '../engine/outcome-codes';
import { PASS, Position } from '../engine/position';
import { AlphaBeta } from './alpha-beta';
import { MoveOrdering } from './move-ordering';
import { Quiescence } from './quiescence';
import { rootIteration } from './root-iteration';
import { MATE } from './score';
import { RawLine, RawSearchResult, SearchLimits } from './search-contract';
import { SearchContext } from './search-context';
import { TranspositionTable } from './transposition';

export class Searcher {
  readonly v: CompiledVariant;
  private readonly tt: TranspositionTable;
  private readonly c: SearchContext;
  private readonly ordering: MoveOrdering;
  private readonly alphaBeta: AlphaBeta;

  constructor(v: CompiledVariant, tt: TranspositionTable) {
    this.v = v;
    this.tt = tt;
    this.c = new SearchContext(v);
    this.ordering = new MoveOrdering(v, this.c.tac, this.c.maxMoves);
    this.alphaBeta = new AlphaBeta(this.c, tt, this.ordering, new Quiescence(this.c));
  }

  /** The static evaluation of the position last searched from its side to move's view, noise included. */
  evaluate(): number {
    return this.c.evaluate();
  }

  /**
   * Searches `pos` (its game must be ongoing; it is restored when the search returns). Lines hold
   * engine move integers, PASS where the variant passes.
   */
  run(pos: Position, limits: SearchLimits): RawSearchResult {
    if (pos.v !== this.v) throw new Error('the position belongs to another variant');
    const c = this.c;
    const stop = c.stop;
    c.pos = pos;
    c.seldepth = 0;
    stop.start(limits);
    c.evaluation.setNoise(limits.noise, limits.noiseSeed);
    this.tt.newSearch();
    this.ordering.reset();

    const rootBuf = new Int32Array(c.maxMoves);
    let n = generateMoves(pos, rootBuf);
    if (n === 0) {
      if (!c.passes) return { lines: [], depth: 0, seldepth: 0, nodes: 0, stoppedBy: 'game-over' };
      rootBuf[n++] = PASS;
    }
    // Initial order: the ordering heuristics at the root.
    const moves = c.plyMoves[0];
    moves.set(rootBuf.subarray(0, n));
    const keys = this.ordering.order(pos, 0, moves, n, 0);
    const root: number[] = [];
    for (let j = n - 1; j >= 0; j--) root.push(moves[keys[j] & 4095]);

    const multiPv = Math.max(1, Math.min(limits.multiPv, n));
    let completed: RawLine[] | null = null;
    let completedDepth = 0;
    for (let depth = 1; depth <= limits.maxDepth; depth++) {
      const it = rootIteration(c, this.alphaBeta, root, depth, multiPv);
      if (stop.stopped) {
        // An unfinished iteration counts when its first move (the last iteration's best) was finished:
        // the best of its finished moves is then at least as good at the new depth.
        if (multiPv === 1 && it.finished > 0) completed = it.lines;
        else if (!completed && it.finished > 0) completed = it.lines;
        break;
      }
      completed = it.lines;
      completedDepth = depth;
      const best = completed[0].score;
      if (best >= MATE - depth || best <= -(MATE - depth)) {
        stop.reason = 'mate';
        break;
      }
      if (n === 1) {
        stop.reason = 'only-move';
        break;
      }
      if (depth === limits.maxDepth) {
        stop.reason = 'depth';
        break;
      }
      if (stop.pastDeadline()) {
        stop.reason = 'time';
        break;
      }
    }
    if (!completed || completed.length === 0) {
      // Not even one move finished (a tiny budget on a large board): the first move by ordering.
      const m = root[0];
      const side = pos.side;
      pos.make(m);
      const outcome = outcomeAfterMove(pos);
      const s = outcome !== ONGOING ? c.terminal(outcome, 1) : c.evaluate();
      // From the root's view: the same side may be to move again (berserk).
      const score = pos.side !== side ? -s : s;
      pos.unmake();
      completed = [{ moves: [m], score }];
    }
    return { lines: completed, depth: completedDepth, seldepth: c.seldepth, nodes: stop.nodes, stoppedBy: stop.reason };
  }
}
