/** OpenTafl's speed limits (`spd`, OTN-10) as its engine reads them. */
import type { SpeedLimits } from '../engine/definition.js';

/** What reading `spd` needs of the rules string's reader (otn-parse.ts). */
export interface SpeedReader {
  value(key: string): string;
  problem(code: 'UNSUPPORTED_OTN_KEY' | 'BAD_OTN_VALUE', key: string, message: string): void;
  /** OpenTafl's extra pieces on the start board (c, n, m, g, C, N, M, G). */
  extras: string;
}

/**
 * `spd` as OpenTafl's engine reads it (RulesSerializer.getTaflmanSpeedsForString, GenericRules.setSpeedLimits,
 * Taflman.getAllowableMovesFrom): integers split on commas, trailing empties dropped (Java's split); one
 * value for every piece, or one per piece type in TaflmanCodes order (12: t c n k m g T C N K M G, or 8
 * from before mercenaries and guards: t c n k T C N K); a value of 0 or less is no limit. Two values
 * (what OpenTafl writes for limits by side) and ten (before guards) are read by OpenTafl's loader as no
 * limits at all, whatever they say: accepted only when they say none, refused otherwise rather than
 * played either way. Every piece moves as its side's soldiers here, so a list that gives a piece on the
 * board another limit is refused (mercenaries: both sides' entries, as a captured one changes sides; in
 * the 8-value form they have none, which OpenTafl reads as no limit).
 */
export function readSpeedLimits(r: SpeedReader): SpeedLimits | undefined {
  const parts = r.value('spd').split(',');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (!parts.every((x) => /^[+-]?[0-9]{1,9}$/.test(x))) {
    r.problem('BAD_OTN_VALUE', 'spd', `"${r.value('spd')}" is not a list of integers`);
    return undefined;
  }
  const limit = (x: string): number | null => (Number(x) > 0 ? Number(x) : null);
  const all = parts.map(limit);
  const at = { 1: [0, 0, 0], 8: [0, 4, 7], 12: [0, 6, 9] }[parts.length];
  if (!at) {
    if ((parts.length === 2 || parts.length === 10) && all.some((x) => x !== null))
      r.problem(
        'UNSUPPORTED_OTN_KEY',
        'spd',
        `${parts.length} values: OpenTafl's loader drops these limits, so no reading plays as OpenTafl does`,
      );
    else if (parts.length !== 2 && parts.length !== 10) r.problem('BAD_OTN_VALUE', 'spd', 'one value, or one per piece type (8 or 12)');
    return undefined;
  }
  // Commanders and knights move as their side's soldiers (OTN-12); a list giving them other limits is refused.
  const indexOf: Record<number, Record<string, number>> = {
    8: { c: 1, n: 2, C: 5, N: 6 },
    12: { c: 1, n: 2, m: 4, g: 5, C: 7, N: 8, M: 10, G: 11 },
  };
  const kinds = r.extras.includes('m') || r.extras.includes('M') ? `${r.extras}mM` : r.extras;
  for (const c of parts.length === 1 ? '' : [...new Set(kinds)]) {
    const at12 = indexOf[parts.length][c];
    const own = at12 === undefined ? null : all[at12];
    const soldier = all[c === c.toLowerCase() ? at[0] : at[1]];
    if (own !== soldier)
      r.problem('UNSUPPORTED_OTN_KEY', 'spd', `"${c}" has another limit than its side's soldiers: this engine moves them alike`);
  }
  // Validation drops the field where nothing is limited (one canonical form).
  return { attackers: all[at[0]], defenders: all[at[1]], king: all[at[2]] };
}
