/**
 * King tactics on the board alone, exact where they answer "yes": can the side to move win with one
 * move (the king escapes, or the king is captured), which squares block the king's open routes, which
 * attacker moves would capture the king, where a move captures. The search uses them for immediate
 * wins, for the quiescence search's forced replies and for move ordering. Nothing here changes the
 * position for good: trial moves are made and unmade, or lifted and put back by the engine.
 */
import { capturesOfMove } from '../engine/captures';
import { CompiledVariant, ESCAPE_CORNERS_THEN_EDGE, MAY_PASS, MAY_STOP } from '../engine/compiled-variant';
import { allCornersBlocked, outcomeAfterMove } from '../engine/outcome';
import { outcomeWinner } from '../engine/outcome-codes';
import { ATTACKER, ATTACKERS, EMPTY, KING, OFF, SIDE_OF, VICTIM_ATTACKER, VICTIM_DEFENDER, VICTIM_KING } from '../engine/pieces';
import { Position, encodeMove } from '../engine/position';

export class Tactics {
  readonly v: CompiledVariant;
  /** Squares marked with a stamp: the last routes or threats asked for with marking. */
  readonly mark: Int32Array;
  /** Squares where a move of the side asked for captures (markCaptureSquares). */
  readonly capMark: Int32Array;
  private stamp = 0;
  private readonly scratch = new Int32Array(64);

  constructor(v: CompiledVariant) {
    this.v = v;
    this.mark = new Int32Array(v.geo.cells);
    this.capMark = new Int32Array(v.geo.cells);
  }

  /** A fresh stamp for `mark` / `capMark` (both share the counter, so a stamp is never reused by either). */
  nextStamp(): number {
    if (++this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.capMark.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Does the escape rule make edge squares goals right now (corners-then-edge with every corner blocked)? */
  edgeEscapeOpen(b: Uint8Array): boolean {
    return this.v.escapeMode === ESCAPE_CORNERS_THEN_EDGE && allCornersBlocked(this.v, b);
  }

  /**
   * A move that wins at once for the side to move by escaping or by capturing the king, or 0 (exact
   * when it answers a move; other wins, such as an exit fort, are left to the search). None while a
   * berserker is bound to move: which of its moves are legal is the move generator's to say, so the
   * search finds its wins by playing them.
   */
  winningMove(pos: Position): number {
    if (pos.berserker >= 0) return 0;
    if (pos.side !== ATTACKERS) return this.kingEscapeNow(pos);
    return this.kingCaptureThreat(pos, false) >= 0 ? this.lastCapture : 0;
  }

  /** The first king-capturing move kingCaptureThreat found. */
  lastCapture = 0;

  /** The defenders to move: a king move to an escape square, or 0. */
  private kingEscapeNow(pos: Position): number {
    const k = pos.kingSq;
    if (k < 0) return 0;
    const v = this.v;
    const b = pos.board;
    const perm = v.permissions[KING];
    const dirs = v.geo.dirs;
    const edgeOpen = this.edgeEscapeOpen(b);
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      // `end`: the first square beyond the king's speed limit (OpenTafl spd, Magpie), else off the line.
      for (let t = k + d, end = k + d * (v.speedLimit[KING] + 1); b[t] === EMPTY && t !== end; t += d) {
        const f = perm[t];
        if (f & MAY_STOP) {
          if (v.escape[t] === 1) return encodeMove(k, t);
          if (edgeOpen && v.edge[t] === 1 && this.wins(pos, encodeMove(k, t))) return encodeMove(k, t);
        }
        if (!(f & MAY_PASS)) break;
      }
    }
    return 0;
  }

  /** Does the move win for its player? (made and unmade) */
  private wins(pos: Position, move: number): boolean {
    const mover = pos.side;
    pos.make(move);
    const w = outcomeWinner(outcomeAfterMove(pos));
    pos.unmake();
    return w === mover + 1;
  }

  /**
   * How many escape squares the king reaches with one move. With `markRoutes`, every square of those
   * routes (the goal included) gets the returned stamp in `mark`: an attacker move that blocks them must
   * land on one. The stamp is then `lastStamp`.
   */
  kingRoutes(pos: Position, markRoutes: boolean): number {
    const k = pos.kingSq;
    this.lastStamp = markRoutes ? this.nextStamp() : 0;
    if (k < 0) return 0;
    const v = this.v;
    const b = pos.board;
    const perm = v.permissions[KING];
    const dirs = v.geo.dirs;
    const mark = this.mark;
    const edgeOpen = this.edgeEscapeOpen(b);
    let routes = 0;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      // `end`: the first square beyond the king's speed limit (OpenTafl spd, Magpie), else off the line.
      for (let t = k + d, end = k + d * (v.speedLimit[KING] + 1); b[t] === EMPTY && t !== end; t += d) {
        const f = perm[t];
        if (f & MAY_STOP && (v.escape[t] === 1 || (edgeOpen && v.edge[t] === 1))) {
          routes++;
          if (markRoutes) for (let c = k + d; c !== t + d; c += d) mark[c] = this.lastStamp;
        }
        if (!(f & MAY_PASS)) break;
      }
    }
    return routes;
  }

  /** The stamp of the last kingRoutes / kingCaptureThreat call that marked squares. */
  lastStamp = 0;

  /**
   * Could an attacker capture the king with one move, whoever is to move? Returns the number of such
   * moves found (-1 for none; with `markSquares` false it stops at the first and returns 0). With
   * `markSquares`, the landing squares and the squares the capturing attackers pass get `lastStamp`.
   */
  kingCaptureThreat(pos: Position, markSquares: boolean): number {
    const k = pos.kingSq;
    if (markSquares) this.lastStamp = this.nextStamp();
    if (k < 0) return -1;
    const v = this.v;
    if ((v.immuneOnEdge && v.edge[k] === 1) || (v.immuneBesideCorner && v.besideCorner[k] === 1)) return -1;
    const b = pos.board;
    const dirs = v.geo.dirs;
    // Every king capture needs a hostile side already there besides the square the hammer lands on.
    let hostile = 0;
    for (let i = 0; i < 4; i++) {
      const n = k + dirs[i];
      const q = b[n];
      if (q === ATTACKER) hostile++;
      else if (q !== OFF && v.special[n] !== 0 && (q === EMPTY ? v.hostileEmpty[VICTIM_KING][n] : v.hostileOccupied[VICTIM_KING][n]))
        hostile++;
    }
    if (hostile === 0) return -1;
    const perm = v.permissions[ATTACKER];
    const out = this.scratch;
    let found = -1;
    for (let i = 0; i < 4; i++) {
      const n = k + dirs[i];
      if (b[n] !== EMPTY || !(perm[n] & MAY_STOP)) continue;
      for (let j = 0; j < 4; j++) {
        const e = dirs[j];
        if (n + e === k) continue;
        let t = n + e;
        let open = true;
        while (b[t] === EMPTY) {
          if (!(perm[t] & MAY_PASS)) {
            open = false;
            break;
          }
          t += e;
        }
        // Too far for an attacker under a speed limit (OpenTafl spd): no threat from there.
        if (!open || b[t] !== ATTACKER || (v.speedLimited && Math.abs(t - n) / Math.abs(e) > v.speedLimit[ATTACKER])) continue;
        const caps = capturesOfMove(v, b, t, n, out);
        let takesKing = false;
        for (let c = 0; c < caps; c++) if (out[c] === k) takesKing = true;
        if (!takesKing) continue;
        if (found < 0) this.lastCapture = encodeMove(t, n);
        if (!markSquares) return 0;
        found = found < 0 ? 1 : found + 1;
        for (let c = n; c !== t; c += e) this.mark[c] = this.lastStamp;
      }
    }
    return found;
  }

  /**
   * Marks in `capMark` (returned stamp) the empty squares where a piece of `side` landing captures an
   * enemy soldier or commander by custodial capture: an enemy beside the square with an anvil beyond it.
   * An approximation for ordering and for choosing quiescence moves (the moves are then verified):
   * shieldwalls, commanders' three sides and king captures are left to the move itself.
   */
  markCaptureSquares(pos: Position, side: number): number {
    const stamp = this.nextStamp();
    const v = this.v;
    const b = pos.board;
    const dirs = v.geo.dirs;
    const enemies = pos.pieces[side ^ 1];
    const count = pos.pieceCount[side ^ 1];
    const anvilOf = v.anvil[side];
    const cap = this.capMark;
    for (let i = 0; i < count; i++) {
      const x = enemies[i];
      const q = b[x];
      if (q === KING) continue;
      const victim = q === ATTACKER ? VICTIM_ATTACKER : VICTIM_DEFENDER;
      for (let j = 0; j < 4; j++) {
        const land = x + dirs[j];
        if (b[land] !== EMPTY) continue;
        const anvil = x - dirs[j];
        const a = b[anvil];
        if (a === OFF) continue;
        let hostile = false;
        if (a !== EMPTY && SIDE_OF[a] === side) hostile = anvilOf[a] === 1;
        else if (v.special[anvil] !== 0) hostile = (a === EMPTY ? v.hostileEmpty[victim][anvil] : v.hostileOccupied[victim][anvil]) === 1;
        if (hostile) cap[land] = stamp;
      }
    }
    return stamp;
  }

  /**
   * Is `move` a legal move of the side to move (a check for moves read from the transposition table)?
   * While a berserker is bound to move, only a move of that piece can be; the rest of its restriction
   * is the move generator's (the table's key includes the berserker).
   */
  isLegalMove(pos: Position, move: number): boolean {
    const from = move >> 10;
    const to = move & 1023;
    const v = this.v;
    const b = pos.board;
    if (from <= 0 || from >= b.length || to <= 0 || to >= b.length || from === to) return false;
    const berserker = pos.berserker;
    if (berserker >= 0 && from !== berserker) return false;
    const p = b[from];
    if (p === EMPTY || p === OFF || SIDE_OF[p] !== pos.side || b[to] !== EMPTY) return false;
    const stride = v.geo.stride;
    let step: number;
    if (Math.floor(from / stride) === Math.floor(to / stride)) step = to > from ? 1 : -1;
    else if (from % stride === to % stride) step = to > from ? stride : -stride;
    else return false;
    if (v.speedLimited && Math.abs(to - from) / Math.abs(step) > v.speedLimit[p]) return false; // beyond its speed limit (OpenTafl spd)
    const perm = v.permissions[p];
    for (let c = from + step; c !== to; c += step) if (b[c] !== EMPTY || !(perm[c] & MAY_PASS)) return false;
    return (perm[to] & MAY_STOP) !== 0;
  }
}
