/**
 * What the evaluation knows of a variant's board before seeing a position: its weights, each
 * square's distance to the nearest escape square, and which squares guard a corner. Built once per
 * variant and kept while the variant lives.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { EVAL_WEIGHTS, EvalFamily, EvalWeights, evalFamily } from './eval-weights';

/** Per-cell tables of one variant, built once. */
export class EvalTables {
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

export function tablesOf(v: CompiledVariant): EvalTables {
  let t = tables.get(v);
  if (!t) tables.set(v, (t = new EvalTables(v)));
  return t;
}

/** The weights a variant's evaluation uses. */
export function evalWeights(v: CompiledVariant): EvalWeights {
  return tablesOf(v).w;
}
