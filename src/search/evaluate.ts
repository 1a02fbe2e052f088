/**
 * The static evaluation: what a position is worth to the attackers (positive) or the defenders
 * (negative) without looking ahead, in hundredths of an attacker soldier. The search turns it to the
 * side to move's view. Terms: material; the king's open routes to escape squares and the squares from
 * which he would have one (threats); his distance to the nearest escape square and his freedom; how
 * close the attackers are to capturing him under the variant's king-capture rule, and the defenders
 * beside him; attackers guarding the corners; the attackers' chain (diagonal links) and pressure
 * round the king; mobility; for encirclement variants, defenders that still reach the edge; for exit
 * fort variants, defenders round a king on the edge. Weights are tuned per variant family: 7×7
 * (brandubh), 9–13 with corner escape (fetlar, copenhagen), edge escape (tablut) and 15 and larger
 * (the 19×19 alea evangelii rulesets); custom variants take the family their size and escape rule
 * suggest.
 */
import {
  CompiledVariant,
  ESCAPE_CORNERS_THEN_EDGE,
  ESCAPE_EDGE,
  KC_CASTLE4,
  KC_CUSTODIAL,
  KC_GRADED,
  KC_STRONG4,
  KC_THRONE4,
  MAY_PASS,
  MAY_STOP,
} from '../engine/compiled-variant';
import { ATTACKER, ATTACKERS, COMMANDER, DEFENDER, DEFENDERS, EMPTY, KING, OFF, VICTIM_KING } from '../engine/pieces';
import { Position } from '../engine/position';
import { allCornersBlocked } from '../engine/outcome';

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

/** Per-cell tables of one variant, built once. */
class EvalTables {
  readonly family: EvalFamily;
  readonly w: EvalWeights;
  /** Manhattan distance to the nearest escape square. */
  readonly kingDist: Uint8Array;
  /** Guard units of an attacker on the cell, and which corner it guards. */
  readonly guard: Uint8Array;
  readonly guardCorner: Int8Array;
  readonly file: Int8Array;
  readonly rank: Int8Array;
  readonly corners: number;

  constructor(v: CompiledVariant) {
    this.family = evalFamily(v);
    this.w = EVAL_WEIGHTS[this.family];
    const g = v.geo;
    this.kingDist = new Uint8Array(g.cells);
    this.guard = new Uint8Array(g.cells);
    this.guardCorner = new Int8Array(g.cells).fill(-1);
    this.file = new Int8Array(g.cells);
    this.rank = new Int8Array(g.cells);
    const goals: number[] = [];
    for (const c of g.squares) if (v.escape[c] === 1) goals.push(c);
    for (const c of g.squares) {
      const f = (c % g.stride) - 1;
      const r = Math.floor(c / g.stride) - 1;
      this.file[c] = f;
      this.rank[c] = r;
    }
    for (const c of g.squares) {
      let best = 255;
      for (const e of goals) best = Math.min(best, Math.abs(this.file[c] - this.file[e]) + Math.abs(this.rank[c] - this.rank[e]));
      this.kingDist[c] = goals.length ? best : 0;
    }
    this.corners = v.cornerBlocks.length;
    v.cornerBlocks.forEach((block, i) => {
      const corner = block[0];
      const size = Math.round(Math.sqrt(block.length));
      for (const c of g.squares) {
        if (v.special[c] !== 0) continue;
        const d = Math.abs(this.file[c] - this.file[corner]) + Math.abs(this.rank[c] - this.rank[corner]);
        const units = d === size + 1 ? 2 : d === size + 2 ? 1 : 0;
        if (units > this.guard[c]) {
          this.guard[c] = units;
          this.guardCorner[c] = i;
        }
      }
    });
  }
}

const tables = new WeakMap<CompiledVariant, EvalTables>();

function tablesOf(v: CompiledVariant): EvalTables {
  let t = tables.get(v);
  if (!t) tables.set(v, (t = new EvalTables(v)));
  return t;
}

/** The weights a variant's evaluation uses. */
export function evalWeights(v: CompiledVariant): EvalWeights {
  return tablesOf(v).w;
}

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
    const w = t.w;
    const b = pos.board;
    const dirs = v.geo.dirs;
    const stride = v.geo.stride;
    const k = pos.kingSq;
    let s = 0;

    // Material.
    let commanders = 0;
    if (v.commanders) {
      const list = pos.pieces[DEFENDERS];
      for (let i = 0; i < pos.pieceCount[DEFENDERS]; i++) if (b[list[i]] === COMMANDER) commanders++;
    }
    const soldiers = pos.pieceCount[DEFENDERS] - (k >= 0 ? 1 : 0) - commanders;
    s += w.attacker * pos.pieceCount[ATTACKERS] - w.defender * soldiers - w.commander * commanders;
    if (k < 0) return s;

    // The king's routes, threats and freedom.
    const permK = v.permissions[KING];
    const edgeOpen = v.escapeMode === ESCAPE_CORNERS_THEN_EDGE && allCornersBlocked(v, b);
    let routes = 0;
    let threats = 0;
    let kingMoves = 0;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      const j0 = i < 2 ? 2 : 0;
      for (let c = k + d; b[c] === EMPTY; c += d) {
        const f = permK[c];
        if (f & MAY_STOP) {
          kingMoves++;
          if (v.escape[c] === 1 || (edgeOpen && v.edge[c] === 1)) routes++;
          else {
            let threat = false;
            for (let j = j0; j < j0 + 2 && !threat; j++) {
              const e = dirs[j];
              for (let u = c + e; b[u] === EMPTY; u += e) {
                const fu = permK[u];
                if (fu & MAY_STOP && (v.escape[u] === 1 || (edgeOpen && v.edge[u] === 1))) {
                  threat = true;
                  break;
                }
                if (!(fu & MAY_PASS)) break;
              }
            }
            if (threat) threats++;
          }
        }
        if (!(f & MAY_PASS)) break;
      }
    }
    s -= w.route * routes + w.threat * Math.min(threats, w.threatCap) + w.kingMobility * kingMoves;
    s += w.kingDistance * t.kingDist[k];

    // How near the king's capture is, and who stands beside him.
    let hostile = 0;
    let guards = 0;
    let onBoard = 0;
    let hH = 0;
    let hV = 0;
    let attackersBeside = 0;
    for (let i = 0; i < 4; i++) {
      const n = k + dirs[i];
      const q = b[n];
      if (q === OFF) continue;
      onBoard++;
      let h = 0;
      if (q === ATTACKER) {
        h = 1;
        attackersBeside++;
      } else if (v.special[n] !== 0 && (q === EMPTY ? v.hostileEmpty[VICTIM_KING][n] : v.hostileOccupied[VICTIM_KING][n])) h = 1;
      else if (q === DEFENDER || q === COMMANDER) guards++;
      hostile += h;
      if (i < 2) hH += h;
      else hV += h;
    }
    let missing = 9;
    const immune = (v.immuneOnEdge && v.edge[k] === 1) || (v.immuneBesideCorner && v.besideCorner[k] === 1);
    if (!immune) {
      const custodial = 2 - Math.max(hH, hV);
      switch (v.kingCapture) {
        case KC_STRONG4:
          missing = onBoard - hostile;
          break;
        case KC_GRADED:
          missing = k === v.throne ? 4 - attackersBeside : v.throne >= 0 && isBeside(k, v.throne, dirs) ? 4 - hostile : custodial;
          break;
        case KC_THRONE4:
        case KC_CASTLE4:
          missing = k === v.throne ? 4 - attackersBeside : custodial;
          break;
        case KC_CUSTODIAL:
        default:
          missing = custodial;
      }
    }
    if (missing >= 1) s += w.kingDanger[Math.min(missing, 4) - 1];
    s -= w.kingGuard * guards;

    // Attackers: corner guards, links, pressure, mobility.
    const kf = t.file[k];
    const kr = t.rank[k];
    const sums = this.guardSums;
    sums.fill(0);
    let links = 0;
    let pressure = 0;
    let mobility = 0;
    const permA = v.permissions[ATTACKER];
    const alist = pos.pieces[ATTACKERS];
    const acount = pos.pieceCount[ATTACKERS];
    for (let i = 0; i < acount; i++) {
      const c = alist[i];
      const g = t.guard[c];
      if (g) sums[t.guardCorner[c]] += g;
      if (b[c + stride + 1] === ATTACKER) links++;
      if (b[c + stride - 1] === ATTACKER) links++;
      if (Math.abs(t.file[c] - kf) <= 2 && Math.abs(t.rank[c] - kr) <= 2) pressure++;
      // Attackers are many: their freedom is counted as empty neighbours, the defenders' as moves.
      if (w.mobility) mobility += liberties(b, permA, dirs, c) * 2;
    }
    if (w.cornerGuard) for (let i = 0; i < t.corners; i++) s += w.cornerGuard * Math.min(sums[i], w.guardCap);
    s += w.link * links + w.pressure * pressure;

    // Defenders: mobility, reach to the edge, a fort round a king on the edge.
    const reachMatters = v.encirclement && w.defenderReach !== 0;
    if (w.mobility || reachMatters) {
      const permD = v.permissions[DEFENDER];
      const dlist = pos.pieces[DEFENDERS];
      const dcount = pos.pieceCount[DEFENDERS];
      let reach = 0;
      for (let i = 0; i < dcount; i++) {
        const c = dlist[i];
        if (c === k) continue;
        if (w.mobility) mobility -= rayMoves(b, permD, dirs, c);
        if (reachMatters && reachesEdge(b, dirs, c)) reach++;
      }
      s += w.mobility * mobility - w.defenderReach * reach;
    }
    if (v.exitFortMinWall > 0 && v.edge[k] === 1) {
      let around = 0;
      for (const d of [1, -1, stride, -stride, stride + 1, stride - 1, -stride + 1, -stride - 1]) {
        const q = b[k + d];
        if (q === DEFENDER || q === COMMANDER) around++;
      }
      s -= w.fort * around;
    }
    return s;
  }

  /** The evaluation from the side to move's view, with the side to move's tempo. */
  sideView(pos: Position): number {
    const s = this.attackersView(pos);
    return (pos.side === ATTACKERS ? s : -s) + this.t.w.tempo;
  }
}

function isBeside(a: number, c: number, dirs: Int32Array): boolean {
  const d = a - c;
  return d === dirs[0] || d === dirs[1] || d === dirs[2] || d === dirs[3];
}

function liberties(b: Uint8Array, perm: Uint8Array, dirs: Int32Array, from: number): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const c = from + dirs[i];
    if (b[c] === EMPTY) n += perm[c] & MAY_STOP;
  }
  return n;
}

function rayMoves(b: Uint8Array, perm: Uint8Array, dirs: Int32Array, from: number): number {
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    for (let c = from + d; b[c] === EMPTY; c += d) {
      const f = perm[c];
      n += f & MAY_STOP;
      if (!(f & MAY_PASS)) break;
    }
  }
  return n;
}

/** Is `from` on the edge, or does a free line lead from it to the edge (a ray ends at the border)? */
function reachesEdge(b: Uint8Array, dirs: Int32Array, from: number): boolean {
  for (let i = 0; i < 4; i++) {
    const d = dirs[i];
    let c = from + d;
    while (b[c] === EMPTY) c += d;
    if (b[c] === OFF) return true;
  }
  return false;
}
