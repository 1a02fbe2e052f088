/**
 * How far the alpha-beta search trusts a shallower look: futility margins near the leaves, the
 * null-move reduction, and late-move reductions for moves the ordering put late (they rarely raise
 * alpha, and one that does is searched again at full depth).
 */

/** Futility margins by remaining depth (1, 2). */
export const FUTILITY_MARGIN = [0, 150, 400];

/** Late-move reductions by depth and move number: about ln(depth)·ln(number)/2. */
const LMR = new Int8Array(32 * 64);
for (let d = 1; d < 32; d++)
  for (let m = 1; m < 64; m++) LMR[d * 64 + m] = Math.min(d - 1, Math.floor(0.5 + (Math.log(d) * Math.log(m)) / 2));

/** Plies by which the `searched`-th move (0-based) at `depth` is searched shallower. */
export function lateMoveReduction(depth: number, searched: number): number {
  return LMR[Math.min(depth, 31) * 64 + Math.min(searched, 63)];
}

/** Plies by which a null move's search is shallower than the node's. */
export function nullMoveReduction(depth: number): number {
  return depth >= 6 ? 3 : 2;
}
