/**
 * The quiescence search at the leaves, which knows the king: a side that can win with one move does
 * (king escape, king capture, found on the board); attackers facing an open route must block it (only
 * blocking moves are searched, and with none the king escapes); defenders facing a king capture must
 * parry it (king moves, moves onto the capture or its path, captures); otherwise the side to move may
 * stand on the evaluation or try captures, and near the leaf the defenders king moves that open a
 * route. Those forced answers assume no other rule ends the game first (an exit fort, or a repetition
 * where it draws), which is true in practice but not proved. A berserker bound to move (OpenTafl's
 * berserk) is the only piece that may: all of its moves are candidates, so none that wins or parries
 * is filtered out, and a child with the same side to move keeps this node's view and window.
 */
import { MAY_PASS, MAY_STOP } from '../engine/compiled-variant';
import { generateMoves } from '../engine/movegen';
import { outcomeAfterMove } from '../engine/outcome';
import { ONGOING } from '../engine/outcome-codes';
import { ATTACKERS, DEFENDERS, EMPTY, KING } from '../engine/pieces';
import { PASS } from '../engine/position';
import { SearchContext } from './search-context';
import { INF, MATE, MAX_PLY } from './score';

/** Plies of quiescence search that may try captures. */
export const Q_DEPTH = 4;

export class Quiescence {
  private readonly c: SearchContext;

  constructor(c: SearchContext) {
    this.c = c;
  }

  /** The score of the current position from its side to move's view, `qd` plies of captures left. */
  search(alpha: number, beta: number, ply: number, qd: number): number {
    const c = this.c;
    c.pv.clear(ply);
    if (c.stop.tick()) return 0;
    if (ply > c.seldepth) c.seldepth = ply;
    const pos = c.pos;
    const tac = c.tac;
    if (c.winNow(ply)) return MATE - ply - 1;
    if (ply >= MAX_PLY - 2) return c.evaluate();
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    const side = pos.side;
    if (side === ATTACKERS) {
      if (tac.kingRoutes(pos, true) > 0) return this.forced(alpha, beta, ply, qd, tac.lastStamp, true);
    } else if (qd > -2 && tac.kingCaptureThreat(pos, true) >= 0) return this.forced(alpha, beta, ply, qd, tac.lastStamp, false);

    const stand = c.evaluate();
    if (stand >= beta || qd <= 0) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;

    // Captures, and on the first three quiescence plies the defenders' king moves that open a route:
    // not only the first, so they are tried whichever side the leaf left to move, and a king that opens
    // one route, is blocked and opens another (a chase into a double threat) is seen too.
    const moves = c.plyMoves[ply];
    const n = generateMoves(pos, moves);
    const b = pos.board;
    const capStamp = tac.markCaptureSquares(pos, side);
    const capMark = tac.capMark;
    const capturer = c.v.hammer[side];
    const king = pos.kingSq;
    const checks = side === DEFENDERS && qd >= Q_DEPTH - 2;
    // The mark of capture squares leaves out king captures: a berserker's few moves are all tried.
    const berserk = pos.berserker >= 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const from = m >> 10;
      const to = m & 1023;
      if (berserk || (capMark[to] === capStamp && capturer[b[from]] === 1) || (checks && from === king && this.opensRoute(to, from)))
        moves[count++] = m;
    }
    for (let i = 0; i < count; i++) {
      const m = moves[i];
      const caps = pos.make(m);
      if (caps === 0 && m >> 10 !== king) {
        pos.unmake();
        continue;
      }
      const s = this.child(side, ply, alpha, beta, qd);
      pos.unmake();
      if (c.stop.stopped) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          c.pv.set(ply, m);
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /** Would the king, moved from `from` to `to`, see an escape square along a line? */
  private opensRoute(to: number, from: number): boolean {
    const v = this.c.v;
    const b = this.c.pos.board;
    const perm = v.permissions[KING];
    const dirs = v.geo.dirs;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      for (let t = to + d; b[t] === EMPTY || t === from; t += d) {
        const f = perm[t];
        if (t !== from && f & MAY_STOP && v.escape[t] === 1) return true;
        if (!(f & MAY_PASS)) break;
      }
    }
    return false;
  }

  /**
   * The side to move must answer a threat: the attackers block the king's routes (`block`), the
   * defenders parry a king capture. Only the answering moves are searched; with none, the threat wins
   * with the next move.
   */
  private forced(alpha: number, beta: number, ply: number, qd: number, stamp: number, block: boolean): number {
    const c = this.c;
    const pos = c.pos;
    const tac = c.tac;
    const moves = c.plyMoves[ply];
    let n = generateMoves(pos, moves);
    if (n === 0) {
      if (!c.passes) return c.noMoveScore(ply);
      moves[n++] = PASS;
    }
    const mark = tac.mark;
    const king = pos.kingSq;
    let count = 0;
    // A berserker's moves are all searched: one that wins outright need not block or parry.
    if (pos.berserker >= 0) count = n;
    else if (block) {
      for (let i = 0; i < n; i++) if (mark[moves[i] & 1023] === stamp) moves[count++] = moves[i];
    } else {
      const b = pos.board;
      const capStamp = tac.markCaptureSquares(pos, pos.side);
      const capMark = tac.capMark;
      const capturer = c.v.hammer[pos.side];
      for (let i = 0; i < n; i++) {
        const m = moves[i];
        const from = m >> 10;
        const to = m & 1023;
        if (m === PASS || from === king || mark[to] === stamp || (capMark[to] === capStamp && capturer[b[from]] === 1)) moves[count++] = m;
      }
    }
    if (count === 0) return -(MATE - ply - 2);
    let best = -INF;
    const side = pos.side;
    for (let i = 0; i < count; i++) {
      const m = moves[i];
      pos.make(m);
      const s = this.child(side, ply, alpha, beta, qd);
      pos.unmake();
      if (c.stop.stopped) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          c.pv.set(ply, m);
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * The move just made from a node of `side` at `ply`, scored from that side's view in its window:
   * turned round only when the move handed the turn over.
   */
  private child(side: number, ply: number, alpha: number, beta: number, qd: number): number {
    const c = this.c;
    const flip = c.pos.side !== side;
    const outcome = outcomeAfterMove(c.pos);
    if (outcome !== ONGOING) {
      c.pv.clear(ply + 1);
      const s = c.terminal(outcome, ply + 1);
      return flip ? -s : s;
    }
    return flip ? -this.search(-beta, -alpha, ply + 1, qd - 1) : this.search(alpha, beta, ply + 1, qd - 1);
  }
}
