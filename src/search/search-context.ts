/**
 * What the parts of one search share (the root, the alpha-beta search, the quiescence search): the
 * position searched in place, per-ply move buffers, the principal variation, the stop conditions,
 * the evaluation, and the scores of a finished game. Built once per variant; `pos` and `seldepth`
 * are set by each search. Scores follow score.ts: MATE - n for the side to move winning in n plies.
 */
import { CompiledVariant, NLM_DRAW, NLM_LOSES, NLM_PASS } from '../engine/compiled-variant';
import { WIN_DRAW } from '../engine/outcome-codes';
import { Position } from '../engine/position';
import { NoisyEvaluation } from './noisy-evaluation';
import { PrincipalVariation } from './principal-variation';
import { MATE, MAX_PLY } from './score';
import { StopConditions } from './stop-conditions';
import { Tactics } from './tactics';

export class SearchContext {
  readonly v: CompiledVariant;
  readonly tac: Tactics;
  /** Does a side with no legal move pass (rather than lose or draw)? */
  readonly passes: boolean;
  /** Room for every move of a position. */
  readonly maxMoves: number;
  /** A move buffer per ply, so no node allocates. */
  readonly plyMoves: Int32Array[];
  readonly pv = new PrincipalVariation();
  readonly stop = new StopConditions();
  readonly evaluation: NoisyEvaluation;
  pos!: Position;
  /** Deepest ply reached, quiescence included. */
  seldepth = 0;

  constructor(v: CompiledVariant) {
    this.v = v;
    this.tac = new Tactics(v);
    this.evaluation = new NoisyEvaluation(v);
    this.passes = v.noLegalMove === NLM_PASS;
    // Every empty square is reached by at most four pieces.
    this.maxMoves = Math.max(16, 4 * v.geo.size * v.geo.size);
    const moves = new Int32Array(MAX_PLY * this.maxMoves);
    this.plyMoves = [];
    for (let p = 0; p < MAX_PLY; p++) this.plyMoves.push(moves.subarray(p * this.maxMoves, (p + 1) * this.maxMoves));
  }

  /** The static evaluation of the current position from its side to move's view, noise included. */
  evaluate(): number {
    return this.evaluation.of(this.pos);
  }

  /** The score of a finished game for the side to move after the move (game over `plies` from the root). */
  terminal(outcome: number, plies: number): number {
    const winner = outcome >> 4;
    if (winner === WIN_DRAW) return 0;
    return winner === this.pos.side + 1 ? MATE - plies : -(MATE - plies);
  }

  /** The side to move has no legal move and may not pass (only after a null move). */
  noMoveScore(ply: number): number {
    if (this.v.noLegalMove === NLM_LOSES) return -(MATE - ply);
    if (this.v.noLegalMove === NLM_DRAW) return 0;
    return 0;
  }

  /** Does the side to move win with one move (king escape or capture)? Puts the move in the PV. */
  winNow(ply: number): boolean {
    const m = this.tac.winningMove(this.pos);
    if (m === 0) return false;
    this.pv.only(ply, m);
    return true;
  }
}
