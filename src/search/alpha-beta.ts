/**
 * The principal-variation (alpha-beta) search below the root: the transposition table, null-move
 * pruning, futility pruning and late-move reductions, handing over to the quiescence search at the
 * leaves. Every move is judged with the engine's own outcome (escapes, forts, captures, encirclement,
 * the variant's repetition rule over the whole game's history, no legal moves), so a win or loss is
 * scored exactly. Turns need not alternate (berserk): a child's score is negated only when the move
 * handed the turn over, else it is already from this node's view and is searched in this node's window.
 */
import { generateMoves } from '../engine/movegen';
import { outcomeAfterMove } from '../engine/outcome';
import { ONGOING } from '../engine/outcome-codes';
import { ATTACKERS } from '../engine/pieces';
import { PASS } from '../engine/position';
import { MoveOrdering, PRI_KING } from './move-ordering';
import { FUTILITY_MARGIN, lateMoveReduction, nullMoveReduction } from './pruning';
import { Q_DEPTH, Quiescence } from './quiescence';
import { INF, MATE, MATE_BOUND, MAX_PLY, scoreFromTable, scoreToTable } from './score';
import { SearchContext } from './search-context';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition';

export class AlphaBeta {
  private readonly c: SearchContext;
  private readonly tt: TranspositionTable;
  private readonly ordering: MoveOrdering;
  private readonly quiescence: Quiescence;
  /** Captures of the last move tryMove played: only a quiet cut-off move becomes a killer. */
  private lastCaps = 0;

  constructor(c: SearchContext, tt: TranspositionTable, ordering: MoveOrdering, quiescence: Quiescence) {
    this.c = c;
    this.tt = tt;
    this.ordering = ordering;
    this.quiescence = quiescence;
  }

  /** The score of the current position from its side to move's view, `depth` plies deep. */
  search(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, nullOk: boolean): number {
    const c = this.c;
    c.pv.clear(ply);
    if (c.stop.tick()) return 0;
    if (ply > c.seldepth) c.seldepth = ply;
    const pos = c.pos;
    const tac = c.tac;
    // Mate-distance bounds: nothing here can beat a win found nearer the root.
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (c.winNow(ply)) return MATE - ply - 1;
    if (depth <= 0 || ply >= MAX_PLY - 12) return this.quiescence.search(alpha, beta, ply, Q_DEPTH);

    const hi = pos.hashHi;
    const lo = pos.hashLo;
    const tt = this.tt;
    let ttMove = 0;
    const e = tt.probe(hi, lo);
    if (e >= 0) {
      ttMove = tt.move(e);
      if (!pvNode && tt.depth(e) >= depth) {
        const s = scoreFromTable(tt.score(e), ply);
        const bound = tt.bound(e);
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha)) return s;
      }
    }

    const side = pos.side;
    const threatened = side === ATTACKERS ? tac.kingRoutes(pos, false) > 0 : tac.kingCaptureThreat(pos, false) >= 0;
    const quietNode = !pvNode && !threatened && beta < MATE_BOUND && alpha > -MATE_BOUND;
    const staticEval = quietNode && (depth <= 2 || (nullOk && depth >= 3)) ? c.evaluate() : 0;
    // Futility: near the leaves, a quiet move cannot lift a position this far below alpha.
    const futile = quietNode && depth <= 2 && staticEval + FUTILITY_MARGIN[depth] <= alpha;
    const futilityScore = futile ? staticEval + FUTILITY_MARGIN[depth] : INF;
    // No null move while a berserker must move: passing is not legal then, and the turn would not pass.
    if (quietNode && nullOk && depth >= 3 && pos.pieceCount[side] > 2) {
      if (staticEval >= beta && pos.berserker < 0) {
        const r = nullMoveReduction(depth);
        pos.make(PASS);
        const s = -this.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
        pos.unmake();
        if (c.stop.stopped) return 0;
        if (s >= beta) return s >= MATE_BOUND ? beta : s;
      }
    }

    const moves = c.plyMoves[ply];
    let n = generateMoves(pos, moves);
    if (n === 0) {
      if (!c.passes) return c.noMoveScore(ply);
      moves[n++] = PASS;
    }
    const origAlpha = alpha;
    let best = -INF;
    let bestMove = 0;
    let searched = 0;
    if (ttMove !== 0 && !tac.isLegalMove(pos, ttMove)) ttMove = 0;
    if (ttMove !== 0) {
      const s = this.tryMove(ttMove, depth, alpha, beta, ply, pvNode, 0, false, INF);
      if (c.stop.stopped) return 0;
      searched = 1;
      best = s;
      bestMove = ttMove;
      if (s > alpha) {
        alpha = s;
        c.pv.set(ply, ttMove);
      }
      if (s >= beta) {
        if (this.lastCaps === 0) this.ordering.rewardQuiet(ply, side, ttMove, depth);
        tt.store(hi, lo, depth, BOUND_LOWER, scoreToTable(s, ply), ttMove);
        return s;
      }
    }
    const keys = this.ordering.order(pos, ply, moves, n, ttMove);
    const kingSq = pos.kingSq;
    for (let j = n - 1; j >= 0; j--) {
      const key = keys[j];
      const m = moves[key & 4095];
      if (m === ttMove) continue;
      const reducible = key >> 12 < PRI_KING && m !== PASS && m >> 10 !== kingSq && !threatened;
      const s = this.tryMove(m, depth, alpha, beta, ply, pvNode, searched, reducible, reducible ? futilityScore : INF);
      if (c.stop.stopped) return 0;
      searched++;
      if (s > best) {
        best = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          c.pv.set(ply, m);
          if (s >= beta) {
            if (this.lastCaps === 0) this.ordering.rewardQuiet(ply, side, m, depth);
            break;
          }
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt.store(hi, lo, depth, bound, scoreToTable(best, ply), bestMove);
    return best;
  }

  /** Plays `m`, scores it from the mover's view (principal-variation search with reductions), unplays it. */
  private tryMove(
    m: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    pvNode: boolean,
    searched: number,
    reducible: boolean,
    /** Below INF: the move is futile unless it captures or ends the game, and scores this. */
    futilityScore: number,
  ): number {
    const c = this.c;
    const pos = c.pos;
    const side = pos.side;
    const caps = pos.make(m);
    const flip = pos.side !== side;
    const outcome = outcomeAfterMove(pos);
    let s: number;
    if (outcome !== ONGOING) {
      c.pv.clear(ply + 1);
      s = c.terminal(outcome, ply + 1);
      if (flip) s = -s;
    } else if (futilityScore < INF && caps === 0) {
      // A futile quiet move that did not end the game: its score is taken as the static bound.
      c.pv.clear(ply + 1);
      s = futilityScore;
    } else if (searched === 0) s = this.child(flip, depth - 1, alpha, beta, ply + 1, pvNode);
    else {
      let r = 0;
      if (reducible && caps === 0 && depth >= 2 && searched >= 3) r = lateMoveReduction(depth, searched);
      s = this.child(flip, depth - 1 - r, alpha, alpha + 1, ply + 1, false);
      if (r > 0 && s > alpha && !c.stop.stopped) s = this.child(flip, depth - 1, alpha, alpha + 1, ply + 1, false);
      if (pvNode && s > alpha && s < beta && !c.stop.stopped) s = this.child(flip, depth - 1, alpha, beta, ply + 1, true);
    }
    pos.unmake();
    this.lastCaps = caps;
    return s;
  }

  /**
   * The child just made, scored from the parent's view in the parent's window (alpha, beta): turned
   * round when the move handed the turn over (`flip`), as it is not when the same side moves again (a
   * berserker bound to move, where a null move is never tried).
   */
  child(flip: boolean, depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
    return flip ? -this.search(depth, -beta, -alpha, ply, pvNode, true) : this.search(depth, alpha, beta, ply, pvNode, false);
  }
}
