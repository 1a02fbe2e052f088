/**
 * Reference variant table, written from /work/shared/spec/rules.md alone (sections 4, 5 and 7).
 * Deliberately independent of src/variants: every value here is copied from the spec text.
 */

export type RefSide = 'attackers' | 'defenders';

/** Hostility of a special square, per captured piece class. */
export interface Hostility {
  /** attacker soldier */
  a: boolean;
  /** defender soldier or commander */
  d: boolean;
  /** king */
  k: boolean;
}

export type KingCapture =
  /** all four sides hostile (attackers, or a special square hostile to the king); FET-7, CPH-5 */
  | 'strong-4'
  /** 4 on the throne, 3 + throne beside it, 2 elsewhere (UNST-10, AE-7, tablut, R-5) */
  | 'graded'
  /** 4 on the throne, 2 elsewhere (Brandubh) */
  | 'throne-4'
  /** 4 in the castle, 2 attackers elsewhere (AEC-5) */
  | 'castle-4';

export interface RefVariant {
  id: string;
  size: number;
  /** TFEN board field, top rank first */
  layout: string;
  first: RefSide;
  /** throne square name, or null */
  throne: string | null;
  /** may the king stop on the throne again after leaving it */
  throneReentry: boolean;
  /** who may pass through the empty throne */
  thronePass: 'all' | 'king';
  throneHostileEmpty: Hostility;
  throneHostileOccupied: Hostility;
  /** squares other than the throne that only the king may stop on / pass (corners, citadel blocks) */
  kingOnlySquares: string[];
  /** hostility of the king-only squares (same empty or occupied) */
  kingOnlyHostile: Hostility;
  /** squares on which the king escapes (for 'edge' escape: every edge square, computed) */
  escape: 'corners' | 'edge' | 'corners-then-edge-when-blocked';
  escapeSquares: string[];
  /** AEC-8: for every corner, the squares that must hold attackers for the corner to be blocked */
  cornerBlocks: string[][];
  kingArmed: boolean;
  kingCapture: KingCapture;
  /** king cannot be captured on the edge nor next to a corner (FET-7, CPH-5, UNST-10) */
  kingEdgeImmune: boolean;
  /** fetlar-edge-capture: on the edge, three attackers (the fourth side being the edge) capture */
  kingEdgeThree: boolean;
  commanders: boolean;
  linnaean: boolean;
  shieldwall: boolean;
  /** 0 = no exit fort, otherwise the minimum wall size */
  exitFort: number;
  encirclement: boolean;
  repetition: null | { n: number; result: 'draw' | 'mover-loses' };
  noLegalMove: 'loses' | 'pass' | 'draw';
}

const H = (a: boolean, d: boolean, k: boolean): Hostility => ({ a, d, k });
const NONE = H(false, false, false);

const FETLAR_LAYOUT = '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3';
const UNST_LAYOUT =
  '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1C1T2T4/3t2T1CKC1T2t3/4T2T1C1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2';
const AE_LAYOUT =
  '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2';

const fetlar: RefVariant = {
  id: 'fetlar',
  size: 11,
  layout: FETLAR_LAYOUT,
  first: 'attackers', // FET-1
  throne: 'f6',
  throneReentry: true, // FET-2
  thronePass: 'all', // FET-2
  throneHostileEmpty: H(true, true, true), // FET-4 (FET-7: empty throne counts against the king)
  throneHostileOccupied: H(true, false, false), // FET-4
  kingOnlySquares: ['a1', 'a11', 'k1', 'k11'], // FET-3
  kingOnlyHostile: H(true, true, false), // FET-5
  escape: 'corners', // FET-8
  escapeSquares: ['a1', 'a11', 'k1', 'k11'],
  cornerBlocks: [],
  kingArmed: true, // FET-6
  kingCapture: 'strong-4', // FET-7
  kingEdgeImmune: true,
  kingEdgeThree: false,
  commanders: false,
  linnaean: false,
  shieldwall: false,
  exitFort: 0,
  encirclement: false,
  repetition: { n: 3, result: 'mover-loses' }, // FET-9
  noLegalMove: 'loses', // FET-10
};

const fetlarEdgeCapture: RefVariant = {
  ...fetlar,
  id: 'fetlar-edge-capture',
  kingEdgeImmune: false,
  kingEdgeThree: true, // 5.1
};

const unst: RefVariant = {
  id: 'unst-alea-evangelii',
  size: 19,
  layout: UNST_LAYOUT,
  first: 'attackers', // UNST-1
  throne: 'j10',
  throneReentry: false, // UNST-2
  thronePass: 'all',
  throneHostileEmpty: H(true, true, true), // UNST-4, UNST-10
  throneHostileOccupied: H(true, false, false), // UNST-4 (+ UNST-5 Linnaean, handled in code)
  kingOnlySquares: ['a1', 'a19', 's1', 's19'], // UNST-3
  kingOnlyHostile: H(true, true, false), // UNST-3
  escape: 'corners', // UNST-11
  escapeSquares: ['a1', 'a19', 's1', 's19'],
  cornerBlocks: [],
  kingArmed: true, // UNST-6
  kingCapture: 'graded', // UNST-10
  kingEdgeImmune: true, // UNST-10, R-6
  kingEdgeThree: false,
  commanders: true, // UNST-8
  linnaean: true, // UNST-5
  shieldwall: true, // UNST-7
  exitFort: 4, // UNST-11
  encirclement: true, // UNST-12
  repetition: { n: 3, result: 'mover-loses' }, // UNST-13
  noLegalMove: 'loses', // UNST-14
};

const aleaEvangelii: RefVariant = {
  id: 'alea-evangelii',
  size: 19,
  layout: AE_LAYOUT,
  first: 'defenders', // AE-1
  throne: 'j10',
  throneReentry: true, // AE-2
  thronePass: 'all', // AE-2
  throneHostileEmpty: H(true, true, true), // AE-4, AE-7
  throneHostileOccupied: NONE, // AE-4 (the armed king is the anvil)
  kingOnlySquares: ['a1', 'a19', 's1', 's19'], // AE-3
  kingOnlyHostile: H(true, true, true), // AE-5
  escape: 'corners', // AE-3
  escapeSquares: ['a1', 'a19', 's1', 's19'],
  cornerBlocks: [],
  kingArmed: true, // AE-6
  kingCapture: 'graded', // AE-7
  kingEdgeImmune: false, // AE-7: on the edge too
  kingEdgeThree: false,
  commanders: false,
  linnaean: false,
  shieldwall: false,
  exitFort: 0,
  encirclement: false,
  repetition: { n: 3, result: 'draw' }, // AE-8
  noLegalMove: 'draw', // AE-9
};

const aleaEvangeliiCitadels: RefVariant = {
  id: 'alea-evangelii-citadels',
  size: 19,
  layout: AE_LAYOUT,
  first: 'attackers', // AEC-1
  throne: 'j10',
  throneReentry: true, // AEC-2
  thronePass: 'king', // AEC-2
  throneHostileEmpty: H(true, false, false), // AEC-3
  throneHostileOccupied: H(true, false, false), // AEC-3, R-4
  kingOnlySquares: ['a1', 'a2', 'b1', 'b2', 'a18', 'a19', 'b18', 'b19', 'r1', 'r2', 's1', 's2', 'r18', 'r19', 's18', 's19'], // AEC-2
  kingOnlyHostile: H(true, false, false), // AEC-3
  escape: 'corners-then-edge-when-blocked', // AEC-6, AEC-8
  escapeSquares: ['a1', 'a19', 's1', 's19'], // AEC-6
  cornerBlocks: [
    ['a3', 'b3', 'c1', 'c2'],
    ['a17', 'b17', 'c18', 'c19'],
    ['s3', 'r3', 'q1', 'q2'],
    ['s17', 'r17', 'q18', 'q19'],
  ], // AEC-8
  kingArmed: false, // AEC-4
  kingCapture: 'castle-4', // AEC-5
  kingEdgeImmune: false,
  kingEdgeThree: false,
  commanders: false,
  linnaean: false,
  shieldwall: false,
  exitFort: 0,
  encirclement: false,
  repetition: null, // AEC-10
  noLegalMove: 'pass', // AEC-9
};

const copenhagen: RefVariant = {
  ...fetlar,
  id: 'copenhagen',
  kingOnlyHostile: H(true, true, true), // CPH-1
  shieldwall: true, // CPH-2
  exitFort: 1, // CPH-3
  encirclement: true, // CPH-4
  kingCapture: 'strong-4', // CPH-5
  kingEdgeImmune: true,
  repetition: { n: 3, result: 'mover-loses' }, // CPH-6
};

const brandubh: RefVariant = {
  id: 'brandubh',
  size: 7,
  layout: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3',
  first: 'attackers',
  throne: 'd4',
  throneReentry: true,
  thronePass: 'all',
  throneHostileEmpty: H(true, true, false), // never to the king
  throneHostileOccupied: H(true, false, false),
  kingOnlySquares: ['a1', 'a7', 'g1', 'g7'],
  kingOnlyHostile: H(true, true, true), // corners hostile to all, the king included
  escape: 'corners',
  escapeSquares: ['a1', 'a7', 'g1', 'g7'],
  cornerBlocks: [],
  kingArmed: true,
  kingCapture: 'throne-4',
  kingEdgeImmune: false,
  kingEdgeThree: false,
  commanders: false,
  linnaean: false,
  shieldwall: false,
  exitFort: 0,
  encirclement: true,
  repetition: { n: 3, result: 'mover-loses' },
  noLegalMove: 'loses',
};

function edgeSquares(size: number): string[] {
  const out: string[] = [];
  for (let f = 0; f < size; f++)
    for (let r = 0; r < size; r++)
      if (f === 0 || r === 0 || f === size - 1 || r === size - 1) out.push(String.fromCharCode(97 + f) + (r + 1));
  return out;
}

const tablut: RefVariant = {
  id: 'tablut',
  size: 9,
  layout: '3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3',
  first: 'attackers',
  throne: 'e5',
  throneReentry: false,
  thronePass: 'all',
  throneHostileEmpty: H(true, true, true), // the empty throne is hostile to both sides
  throneHostileOccupied: NONE, // (+ Linnaean, in code)
  kingOnlySquares: [], // no corner squares
  kingOnlyHostile: NONE,
  escape: 'edge',
  escapeSquares: edgeSquares(9),
  cornerBlocks: [],
  kingArmed: true,
  kingCapture: 'graded',
  kingEdgeImmune: false,
  kingEdgeThree: false,
  commanders: false,
  linnaean: true,
  shieldwall: false,
  exitFort: 0,
  encirclement: false,
  repetition: { n: 3, result: 'draw' },
  noLegalMove: 'loses',
};

export const REF_VARIANTS: readonly RefVariant[] = [
  fetlar,
  fetlarEdgeCapture,
  unst,
  aleaEvangelii,
  aleaEvangeliiCitadels,
  copenhagen,
  brandubh,
  tablut,
];

export function refVariant(id: string): RefVariant {
  const v = REF_VARIANTS.find((x) => x.id === id);
  if (!v) throw new Error(`reference: no variant ${id}`);
  return v;
}
