/**
 * The static evaluation: what a position is worth to the attackers (positive) or the defenders
 * (negative) without looking ahead, in hundredths of an attacker soldier. The search turns it to the
 * side to move's view. Terms: material; the king's open routes to escape squares and the squares from
 * which he would have one (threats); his distance to the nearest escape square and his freedom; how
 * close the attackers are to capturing him under the variant's king-capture rule, and the defenders
 * beside him; attackers guarding the corners; the attackers' chain (diagonal links) and pressure
 * round the king; mobility; for encirclement variants, defenders that still reach the edge; for exit
 * fort variants, defenders round a king on the edge. Weights are tuned per variant family
 * (eval-weights.ts).
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { ATTACKERS, COMMANDER, DEFENDERS } from '../engine/pieces';
import { Position } from '../engine/position';
import { attackersTerm } from './eval-attackers';
import { defendersTerm } from './eval-defenders';
import { kingRoutesTerm } from './eval-king-routes';
import { kingSafetyTerm } from './eval-king-safety';
import { EvalTables, tablesOf } from './eval-tables';
import { EvalFamily } from './eval-weights';

/** Evaluates positions of one variant (allocates its scratch once). */
export class Evaluator {
  readonly v: CompiledVariant;
  private readonly t: EvalTables;
  private readonly guardSums: Int32Array;

  constructor(v: CompiledVariant) {
    this.v = v;
    this.t = tablesOf(v);
    this.guardSums = new Int32Array(Math.max(1, this.t.corners));
  }

  get family(): EvalFamily {
    return this.t.family;
  }

  /** The position's worth to the attackers (negative: to the defenders). The king must be on the board. */
  attackersView(pos: Position): number {
    const v = this.v;
    const t = this.t;
    const b = pos.board;
    const k = pos.kingSq;
    let s = materialTerm(v, t, pos);
    if (k < 0) return s;
    s += kingRoutesTerm(v, t, b, k);
    s += kingSafetyTerm(v, t.w, b, k);
    s += attackersTerm(v, t, pos, k, this.guardSums);
    s += defendersTerm(v, t.w, pos, k);
    return s;
  }

  /** The evaluation from the side to move's view, with the side to move's tempo. */
  sideView(pos: Position): number {
    const s = this.attackersView(pos);
    return (pos.side === ATTACKERS ? s : -s) + this.t.w.tempo;
  }
}

function materialTerm(v: CompiledVariant, t: EvalTables, pos: Position): number {
  const w = t.w;
  const b = pos.board;
  let commanders = 0;
  if (v.commanders) {
    const list = pos.pieces[DEFENDERS];
    for (let i = 0; i < pos.pieceCount[DEFENDERS]; i++) if (b[list[i]] === COMMANDER) commanders++;
  }
  const soldiers = pos.pieceCount[DEFENDERS] - (pos.kingSq >= 0 ? 1 : 0) - commanders;
  return w.attacker * pos.pieceCount[ATTACKERS] - w.defender * soldiers - w.commander * commanders;
}
