/**
 * The evaluation's weights, tuned per variant family: 7×7 (brandubh), 9–13 with corner escape
 * (fetlar, copenhagen), edge escape (tablut) and 15 and larger (the 19×19 alea evangelii rulesets);
 * custom variants take the family their size and escape rule suggest.
 */
import { CompiledVariant, ESCAPE_EDGE } from '../engine/compiled-variant';

export const EVAL_FAMILIES = ['small', 'corner', 'edge', 'large'] as const;
export type EvalFamily = (typeof EVAL_FAMILIES)[number];

/** Weights, each the attackers' gain per unit of its term (defenders' terms are subtracted). */
export interface EvalWeights {
  attacker: number;
  defender: number;
  commander: number;
  /** Per escape square the king reaches with one move. */
  route: number;
  /** Per square the king reaches from which he would reach an escape square (up to threatCap). */
  threat: number;
  threatCap: number;
  /**
   * Per square the king reaches from which he would reach two escape squares (up to 2), on top of its
   * threat: one attacker move rarely blocks both, so with the attackers to move at a leaf of the search
   * it is a danger a single threat is not (eval-king-routes.ts).
   */
  fork: number;
  kingMobility: number;
  /** Per step of the king's distance to the nearest escape square. */
  kingDistance: number;
  /** By how many hostile sides the king's capture still lacks: 1, 2, 3, 4 or more. */
  kingDanger: readonly [number, number, number, number];
  /** Per defender beside the king. */
  kingGuard: number;
  /** Per guard unit of attackers near a corner (a3/b2/c1 two units, a4/b3/c2/d1 one), up to guardCap. */
  cornerGuard: number;
  guardCap: number;
  /** Per pair of diagonally touching attackers. */
  link: number;
  /** Per attacker within two squares of the king (both ways). */
  pressure: number;
  /** Per unit of attacker freedom (two per empty neighbour) minus per move of defender soldiers. */
  mobility: number;
  /** Encirclement variants: per defender with a free line to the edge. */
  defenderReach: number;
  /** Exit fort variants: per defender round a king standing on the edge. */
  fort: number;
  /** The side to move's bonus. */
  tempo: number;
}

export const EVAL_WEIGHTS: Readonly<Record<EvalFamily, EvalWeights>> = {
  small: {
    attacker: 100,
    defender: 160,
    commander: 220,
    route: 400,
    threat: 60,
    threatCap: 6,
    fork: 200,
    kingMobility: 8,
    kingDistance: 15,
    kingDanger: [260, 70, 15, 0],
    kingGuard: 20,
    cornerGuard: 30,
    guardCap: 5,
    link: 8,
    pressure: 10,
    mobility: 3,
    defenderReach: 10,
    fort: 20,
    tempo: 10,
  },
  corner: {
    attacker: 100,
    defender: 190,
    commander: 250,
    route: 350,
    threat: 45,
    threatCap: 6,
    fork: 150,
    kingMobility: 6,
    kingDistance: 12,
    kingDanger: [220, 60, 15, 0],
    kingGuard: 15,
    cornerGuard: 22,
    guardCap: 5,
    link: 6,
    pressure: 8,
    mobility: 2,
    defenderReach: 10,
    fort: 25,
    tempo: 10,
  },
  edge: {
    attacker: 100,
    defender: 150,
    commander: 220,
    route: 500,
    threat: 70,
    threatCap: 8,
    fork: 150,
    kingMobility: 8,
    kingDistance: 30,
    kingDanger: [250, 70, 20, 0],
    kingGuard: 15,
    cornerGuard: 0,
    guardCap: 0,
    link: 8,
    pressure: 12,
    mobility: 3,
    defenderReach: 10,
    fort: 20,
    tempo: 10,
  },
  large: {
    attacker: 70,
    defender: 120,
    commander: 200,
    route: 300,
    threat: 40,
    threatCap: 6,
    fork: 100,
    kingMobility: 4,
    kingDistance: 8,
    kingDanger: [200, 60, 15, 0],
    kingGuard: 12,
    cornerGuard: 18,
    guardCap: 5,
    link: 4,
    pressure: 6,
    mobility: 1,
    defenderReach: 6,
    fort: 20,
    tempo: 10,
  },
};

export function evalFamily(v: CompiledVariant): EvalFamily {
  if (v.geo.size <= 7) return 'small';
  if (v.escapeMode === ESCAPE_EDGE) return 'edge';
  if (v.geo.size >= 15) return 'large';
  return 'corner';
}
