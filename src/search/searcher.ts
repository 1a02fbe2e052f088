/**
 * The search proper: iterative deepening over a principal-variation (alpha-beta) search with a
 * transposition table, null-move pruning and late-move reductions, then a quiescence search at the
 * leaves. Every move is judged with the engine's own outcome (escapes, forts, captures, encirclement,
 * the variant's repetition rule over the whole game's history, no legal moves), so a win or loss is
 * scored exactly: MATE - n for the side to move winning in n plies (see score.ts).
 *
 * The quiescence search knows the king: a side that can win with one move does (king escape, king
 * capture, found on the board); attackers facing an open route must block it (only blocking moves are
 * searched, and with none the king escapes); defenders facing a king capture must parry it (king
 * moves, moves onto the capture or its path, captures); otherwise the side to move may stand on the
 * evaluation or try captures, and the defenders king moves that open a route. Those forced answers
 * assume no other rule ends the game first (an exit fort, or a repetition where it draws), which is
 * true in practice but not proved.
 *
 * Move ordering: the table's move, then captures, killers (two per ply), king moves of the defenders
 * and attacker moves beside the king, then history counts. Results depend only on the position, its
 * history and the limits: with a node limit and no clock stop, the same input searches the same tree.
 */
import { CompiledVariant, MAY_PASS, MAY_STOP, NLM_DRAW, NLM_LOSES, NLM_PASS } from '../engine/compiled-variant';
import { generateMoves } from '../engine/movegen';
import { outcomeAfterMove } from '../engine/outcome';
import { ONGOING, WIN_DRAW } from '../engine/outcome-codes';
import { ATTACKERS, DEFENDERS, EMPTY, KING } from '../engine/pieces';
import { PASS, Position } from '../engine/position';
import { Evaluator } from './evaluate';
import { EVAL_LIMIT, INF, MATE, MATE_BOUND, MAX_PLY, scoreFromTable, scoreToTable } from './score';
import { Tactics } from './tactics';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition';

export const STOP_REASONS = ['depth', 'nodes', 'time', 'mate', 'only-move', 'cancelled', 'game-over'] as const;
/** Why a search ended: its depth limit, node limit or clock, a win or loss found within the depth, a single legal move, a cancellation, or a finished game. */
export type StopReason = (typeof STOP_REASONS)[number];

export interface SearchLimits {
  maxDepth: number;
  /** Node limit (Infinity for none): the reproducible stop. */
  maxNodes: number;
  /** Clock stop, in `now()` milliseconds. */
  deadline: number;
  multiPv: number;
  /** Evaluation noise: each position's evaluation moves by up to ± this, fixed by the position and the seed. */
  noise: number;
  noiseSeed: number;
  now: () => number;
  /** Polled with the clock; true stops the search (a cancellation). */
  shouldStop: (() => boolean) | null;
}

export interface RawLine {
  moves: number[];
  score: number;
}

export interface RawSearchResult {
  /** Best first, at most multiPv, distinct first moves. */
  lines: RawLine[];
  /** The deepest iteration completed. */
  depth: number;
  seldepth: number;
  nodes: number;
  stoppedBy: StopReason;
}

/** Plies of quiescence search that may try captures. */
const Q_DEPTH = 4;
/** How often (in nodes, a power of two minus one) the clock and the cancellation flag are read. */
const CLOCK_MASK = 255;

// Move-ordering priorities, below 2^19 (a sort key is priority << 12 | index).
const PRI_CAPTURE = 500_000;
const PRI_KILLER1 = 450_000;
const PRI_KILLER2 = 440_000;
const PRI_KING = 350_000;
const PRI_HISTORY_MAX = 300_000;
const HISTORY_LIMIT = 1 << 22;
/** Futility margins by remaining depth (1, 2). */
const FUTILITY_MARGIN = [0, 150, 400];
/** Late-move reductions by depth and move number: about ln(depth)·ln(number)/2. */
const LMR = new Int8Array(32 * 64);
for (let d = 1; d < 32; d++)
  for (let m = 1; m < 64; m++) LMR[d * 64 + m] = Math.min(d - 1, Math.floor(0.5 + (Math.log(d) * Math.log(m)) / 2));

export class Searcher {
  readonly v: CompiledVariant;
  private readonly tt: TranspositionTable;
  private readonly tac: Tactics;
  private readonly ev: Evaluator;
  private readonly maxMoves: number;
  private readonly plyMoves: Int32Array[];
  private readonly plyKeys: Int32Array[];
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history: Int32Array;
  private readonly cells: number;
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);
  private readonly passes: boolean;

  private pos!: Position;
  private limits!: SearchLimits;
  private nodes = 0;
  private seldepth = 0;
  private stopped = false;
  private stopReason: StopReason = 'depth';
  private noiseLo = 0;
  private noiseHi = 0;
  private noiseSpan = 0;
  private lastCaps = 0;

  constructor(v: CompiledVariant, tt: TranspositionTable) {
    this.v = v;
    this.tt = tt;
    this.tac = new Tactics(v);
    this.ev = new Evaluator(v);
    // Every empty square is reached by at most four pieces.
    this.maxMoves = Math.max(16, 4 * v.geo.size * v.geo.size);
    const moves = new Int32Array(MAX_PLY * this.maxMoves);
    const keys = new Int32Array(MAX_PLY * this.maxMoves);
    this.plyMoves = [];
    this.plyKeys = [];
    for (let p = 0; p < MAX_PLY; p++) {
      this.plyMoves.push(moves.subarray(p * this.maxMoves, (p + 1) * this.maxMoves));
      this.plyKeys.push(keys.subarray(p * this.maxMoves, (p + 1) * this.maxMoves));
    }
    this.cells = v.geo.cells;
    this.history = new Int32Array(2 * this.cells * this.cells);
    this.passes = v.noLegalMove === NLM_PASS;
  }

  /** The static evaluation of `pos` from its side to move's view, noise included. */
  evaluate(): number {
    let s = this.ev.sideView(this.pos);
    if (this.noiseSpan > 0) {
      let h = (this.pos.hashLo ^ this.noiseLo ^ Math.imul(this.pos.hashHi ^ this.noiseHi, 0x9e3779b1)) | 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      s += ((h >>> 0) % this.noiseSpan) - (this.noiseSpan >> 1);
    }
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }

  /**
   * Searches `pos` (its game must be ongoing; it is restored when the search returns). Lines hold
   * engine move integers, PASS where the variant passes.
   */
  run(pos: Position, limits: SearchLimits): RawSearchResult {
    if (pos.v !== this.v) throw new Error('the position belongs to another variant');
    this.pos = pos;
    this.limits = limits;
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.stopReason = 'depth';
    this.noiseSpan = limits.noise > 0 ? 2 * Math.floor(limits.noise) + 1 : 0;
    this.noiseLo = limits.noiseSeed | 0;
    this.noiseHi = Math.imul(limits.noiseSeed | 0, 0x27d4eb2d) ^ 0x5bd1e995;
    this.tt.newSearch();
    this.killers.fill(0);
    this.history.fill(0);

    const rootBuf = new Int32Array(this.maxMoves);
    let n = generateMoves(pos, rootBuf);
    if (n === 0) {
      if (!this.passes) return { lines: [], depth: 0, seldepth: 0, nodes: 0, stoppedBy: 'game-over' };
      rootBuf[n++] = PASS;
    }
    // Initial order: the ordering heuristics at the root.
    const keys = this.plyKeys[0];
    const moves = this.plyMoves[0];
    moves.set(rootBuf.subarray(0, n));
    this.orderMoves(0, n, 0);
    const root: number[] = [];
    for (let j = n - 1; j >= 0; j--) root.push(moves[keys[j] & 4095]);

    const multiPv = Math.max(1, Math.min(limits.multiPv, n));
    let completed: RawLine[] | null = null;
    let completedDepth = 0;
    for (let depth = 1; depth <= limits.maxDepth; depth++) {
      const it = this.rootIteration(root, depth, multiPv);
      if (this.stopped) {
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
        this.stopReason = 'mate';
        break;
      }
      if (n === 1) {
        this.stopReason = 'only-move';
        break;
      }
      if (depth === limits.maxDepth) {
        this.stopReason = 'depth';
        break;
      }
      if (limits.now() >= limits.deadline) {
        this.stopReason = 'time';
        break;
      }
    }
    if (!completed || completed.length === 0) {
      // Not even one move finished (a tiny budget on a large board): the first move by ordering.
      const m = root[0];
      pos.make(m);
      const outcome = outcomeAfterMove(pos);
      const score = outcome !== ONGOING ? -this.terminal(outcome, 1) : -this.evaluate();
      pos.unmake();
      completed = [{ moves: [m], score }];
    }
    return { lines: completed, depth: completedDepth, seldepth: this.seldepth, nodes: this.nodes, stoppedBy: this.stopReason };
  }

  /** One iteration at the root; reorders `root` by the new scores when it finishes. */
  private rootIteration(root: number[], depth: number, k: number): { lines: RawLine[]; finished: number } {
    const pos = this.pos;
    const n = root.length;
    const scores: number[] = new Array<number>(n).fill(-INF);
    const pvs: (number[] | null)[] = new Array<number[] | null>(n).fill(null);
    // The k best exact scores so far, best first.
    const top: number[] = [];
    let finished = 0;
    for (let i = 0; i < n; i++) {
      const m = root[i];
      const bound = top.length < k ? -INF : top[k - 1];
      pos.make(m);
      const outcome = outcomeAfterMove(pos);
      let s: number;
      this.pvLen[1] = 0;
      if (outcome !== ONGOING) s = -this.terminal(outcome, 1);
      else if (top.length < k) s = -this.search(depth - 1, -INF, INF, 1, true, true);
      else {
        s = -this.search(depth - 1, -bound - 1, -bound, 1, false, true);
        if (s > bound && !this.stopped) s = -this.search(depth - 1, -INF, -bound, 1, true, true);
      }
      pos.unmake();
      if (this.stopped) break;
      finished++;
      if (s === 0) s = 0; // no -0 from a negated draw
      scores[i] = s;
      if (top.length < k || s > bound) {
        const pv = [m];
        for (let j = 0; j < this.pvLen[1]; j++) pv.push(this.pvTable[MAX_PLY + j]);
        pvs[i] = pv;
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
    if (!this.stopped) for (let i = 0; i < n; i++) root[i] = order[i].m;
    return { lines, finished };
  }

  /** Counts a node; true when the search must stop (node limit, clock, cancellation). */
  private tick(): boolean {
    if (this.stopped) return true;
    const nodes = ++this.nodes;
    if (nodes >= this.limits.maxNodes) return this.stop('nodes');
    if ((nodes & CLOCK_MASK) === 0) {
      if (this.limits.now() >= this.limits.deadline) return this.stop('time');
      if (this.limits.shouldStop && this.limits.shouldStop()) return this.stop('cancelled');
    }
    return false;
  }

  private stop(reason: StopReason): boolean {
    this.stopped = true;
    this.stopReason = reason;
    return true;
  }

  /** The score of a finished game for the side to move after the move (game over `plies` from the root). */
  private terminal(outcome: number, plies: number): number {
    const winner = outcome >> 4;
    if (winner === WIN_DRAW) return 0;
    return winner === this.pos.side + 1 ? MATE - plies : -(MATE - plies);
  }

  /** The side to move has no legal move and may not pass (only after a null move). */
  private noMoveScore(ply: number): number {
    if (this.v.noLegalMove === NLM_LOSES) return -(MATE - ply);
    if (this.v.noLegalMove === NLM_DRAW) return 0;
    return 0;
  }

  /** Does the side to move win with one move (king escape or capture)? Puts the move in the PV. */
  private winNow(ply: number): boolean {
    const m = this.tac.winningMove(this.pos);
    if (m === 0) return false;
    this.pvTable[ply * MAX_PLY] = m;
    this.pvLen[ply] = 1;
    return true;
  }

  /** Fills plyKeys[ply] with sort keys of plyMoves[ply][0..n) and sorts them (best last). */
  private orderMoves(ply: number, n: number, ttMove: number): void {
    const pos = this.pos;
    const b = pos.board;
    const side = pos.side;
    const moves = this.plyMoves[ply];
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
  }

  private search(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, nullOk: boolean): number {
    this.pvLen[ply] = 0;
    if (this.tick()) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const pos = this.pos;
    const tac = this.tac;
    // Mate-distance bounds: nothing here can beat a win found nearer the root.
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (this.winNow(ply)) return MATE - ply - 1;
    if (depth <= 0 || ply >= MAX_PLY - 12) return this.qsearch(alpha, beta, ply, Q_DEPTH);

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
    const staticEval = quietNode && (depth <= 2 || (nullOk && depth >= 3)) ? this.evaluate() : 0;
    // Futility: near the leaves, a quiet move cannot lift a position this far below alpha.
    const futile = quietNode && depth <= 2 && staticEval + FUTILITY_MARGIN[depth] <= alpha;
    const futilityScore = futile ? staticEval + FUTILITY_MARGIN[depth] : INF;
    if (quietNode && nullOk && depth >= 3 && pos.pieceCount[side] > 2) {
      if (staticEval >= beta) {
        const r = depth >= 6 ? 3 : 2;
        pos.make(PASS);
        const s = -this.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
        pos.unmake();
        if (this.stopped) return 0;
        if (s >= beta) return s >= MATE_BOUND ? beta : s;
      }
    }

    const moves = this.plyMoves[ply];
    let n = generateMoves(pos, moves);
    if (n === 0) {
      if (!this.passes) return this.noMoveScore(ply);
      moves[n++] = PASS;
    }
    const origAlpha = alpha;
    let best = -INF;
    let bestMove = 0;
    let searched = 0;
    if (ttMove !== 0 && !tac.isLegalMove(pos, ttMove)) ttMove = 0;
    if (ttMove !== 0) {
      const s = this.tryMove(ttMove, depth, alpha, beta, ply, pvNode, 0, false, INF);
      if (this.stopped) return 0;
      searched = 1;
      best = s;
      bestMove = ttMove;
      if (s > alpha) {
        alpha = s;
        this.setPv(ply, ttMove);
      }
      if (s >= beta) {
        if (this.lastCaps === 0) this.rewardQuiet(ply, side, ttMove, depth);
        tt.store(hi, lo, depth, BOUND_LOWER, scoreToTable(s, ply), ttMove);
        return s;
      }
    }
    this.orderMoves(ply, n, ttMove);
    const keys = this.plyKeys[ply];
    const kingSq = pos.kingSq;
    for (let j = n - 1; j >= 0; j--) {
      const key = keys[j];
      const m = moves[key & 4095];
      if (m === ttMove) continue;
      const reducible = key >> 12 < PRI_KING && m !== PASS && m >> 10 !== kingSq && !threatened;
      const s = this.tryMove(m, depth, alpha, beta, ply, pvNode, searched, reducible, reducible ? futilityScore : INF);
      if (this.stopped) return 0;
      searched++;
      if (s > best) {
        best = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          this.setPv(ply, m);
          if (s >= beta) {
            if (this.lastCaps === 0) this.rewardQuiet(ply, side, m, depth);
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
    const pos = this.pos;
    const caps = pos.make(m);
    const outcome = outcomeAfterMove(pos);
    let s: number;
    if (outcome !== ONGOING) {
      this.pvLen[ply + 1] = 0;
      s = -this.terminal(outcome, ply + 1);
    } else if (futilityScore < INF && caps === 0) {
      // A futile quiet move that did not end the game: its score is taken as the static bound.
      this.pvLen[ply + 1] = 0;
      s = futilityScore;
    } else if (searched === 0) s = -this.search(depth - 1, -beta, -alpha, ply + 1, pvNode, true);
    else {
      let r = 0;
      if (reducible && caps === 0 && depth >= 2 && searched >= 3) r = LMR[Math.min(depth, 31) * 64 + Math.min(searched, 63)];
      s = -this.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false, true);
      if (r > 0 && s > alpha && !this.stopped) s = -this.search(depth - 1, -alpha - 1, -alpha, ply + 1, false, true);
      if (pvNode && s > alpha && s < beta && !this.stopped) s = -this.search(depth - 1, -beta, -alpha, ply + 1, true, true);
    }
    pos.unmake();
    this.lastCaps = caps;
    return s;
  }

  private setPv(ply: number, m: number): void {
    const base = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pvTable[base] = m;
    let len = ply + 1 < MAX_PLY ? this.pvLen[ply + 1] : 0;
    if (len > MAX_PLY - 1) len = MAX_PLY - 1;
    for (let i = 0; i < len; i++) this.pvTable[base + 1 + i] = this.pvTable[child + i];
    this.pvLen[ply] = len + 1;
  }

  private rewardQuiet(ply: number, side: number, m: number, depth: number): void {
    if (m === PASS) return;
    if (this.killers[2 * ply] !== m) {
      this.killers[2 * ply + 1] = this.killers[2 * ply];
      this.killers[2 * ply] = m;
    }
    const i = side * this.cells * this.cells + (m >> 10) * this.cells + (m & 1023);
    this.history[i] += depth * depth * 16;
    if (this.history[i] > HISTORY_LIMIT) for (let j = 0; j < this.history.length; j++) this.history[j] >>= 1;
  }

  private qsearch(alpha: number, beta: number, ply: number, qd: number): number {
    this.pvLen[ply] = 0;
    if (this.tick()) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const pos = this.pos;
    const tac = this.tac;
    if (this.winNow(ply)) return MATE - ply - 1;
    if (ply >= MAX_PLY - 2) return this.evaluate();
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    const side = pos.side;
    if (side === ATTACKERS) {
      if (tac.kingRoutes(pos, true) > 0) return this.qForced(alpha, beta, ply, qd, tac.lastStamp, true);
    } else if (qd > -2 && tac.kingCaptureThreat(pos, true) >= 0) return this.qForced(alpha, beta, ply, qd, tac.lastStamp, false);

    const stand = this.evaluate();
    if (stand >= beta || qd <= 0) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;

    // Captures, and at the first quiescence ply the defenders' king moves that open a route.
    const moves = this.plyMoves[ply];
    const n = generateMoves(pos, moves);
    const b = pos.board;
    const capStamp = tac.markCaptureSquares(pos, side);
    const capMark = tac.capMark;
    const capturer = this.v.hammer[side];
    const king = pos.kingSq;
    const checks = side === DEFENDERS && qd === Q_DEPTH;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const from = m >> 10;
      const to = m & 1023;
      if ((capMark[to] === capStamp && capturer[b[from]] === 1) || (checks && from === king && this.opensRoute(to, from))) moves[c++] = m;
    }
    for (let i = 0; i < c; i++) {
      const m = moves[i];
      const caps = pos.make(m);
      if (caps === 0 && m >> 10 !== king) {
        pos.unmake();
        continue;
      }
      const outcome = outcomeAfterMove(pos);
      let s: number;
      if (outcome !== ONGOING) {
        this.pvLen[ply + 1] = 0;
        s = -this.terminal(outcome, ply + 1);
      } else s = -this.qsearch(-beta, -alpha, ply + 1, qd - 1);
      pos.unmake();
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          this.setPv(ply, m);
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /** Would the king, moved from `from` to `to`, see an escape square along a line? */
  private opensRoute(to: number, from: number): boolean {
    const v = this.v;
    const b = this.pos.board;
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
  private qForced(alpha: number, beta: number, ply: number, qd: number, stamp: number, block: boolean): number {
    const pos = this.pos;
    const tac = this.tac;
    const moves = this.plyMoves[ply];
    let n = generateMoves(pos, moves);
    if (n === 0) {
      if (!this.passes) return this.noMoveScore(ply);
      moves[n++] = PASS;
    }
    const mark = tac.mark;
    const king = pos.kingSq;
    let c = 0;
    if (block) {
      for (let i = 0; i < n; i++) if (mark[moves[i] & 1023] === stamp) moves[c++] = moves[i];
    } else {
      const b = pos.board;
      const capStamp = tac.markCaptureSquares(pos, pos.side);
      const capMark = tac.capMark;
      const capturer = this.v.hammer[pos.side];
      for (let i = 0; i < n; i++) {
        const m = moves[i];
        const from = m >> 10;
        const to = m & 1023;
        if (m === PASS || from === king || mark[to] === stamp || (capMark[to] === capStamp && capturer[b[from]] === 1)) moves[c++] = m;
      }
    }
    if (c === 0) return -(MATE - ply - 2);
    let best = -INF;
    for (let i = 0; i < c; i++) {
      const m = moves[i];
      pos.make(m);
      const outcome = outcomeAfterMove(pos);
      let s: number;
      if (outcome !== ONGOING) {
        this.pvLen[ply + 1] = 0;
        s = -this.terminal(outcome, ply + 1);
      } else s = -this.qsearch(-beta, -alpha, ply + 1, qd - 1);
      pos.unmake();
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          this.setPv(ply, m);
          if (s >= beta) break;
        }
      }
    }
    return best;
  }
}
