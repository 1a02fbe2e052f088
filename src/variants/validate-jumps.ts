/**
 * Jumps and berserk (OTN-12, OTN-13) checked in shape and kept in one canonical form: a kind of piece
 * the layout does not hold jumps `none` (setup refuses such pieces in positions, so its jumps could never
 * matter), and `jumps` and the squares' `whoMayLand` are left out when nothing jumps, so the same rules
 * keep one custom id.
 */
import type { JumpRules, RulesetDefinition } from '../engine/definition.js';
import {
  ATTACKER_COMMANDER,
  ATTACKER_KNIGHT,
  ATTACKER_MERCENARY,
  COMMANDER,
  DEFENDER_KNIGHT,
  DEFENDER_MERCENARY,
} from '../engine/pieces.js';
import { BERSERK_MODES, JUMP_MODES, isOneOf } from '../engine/values.js';

type Check = (cond: boolean, field: string, code: string, message: string) => void;

const JUMP_FIELDS = ['king', 'knights', 'commanders', 'mercenaries'] as const satisfies readonly (keyof JumpRules)[];

/** `pieces`: the piece codes on the layout. */
export function checkJumpsAndBerserk(check: Check, rules: RulesetDefinition, pieces: ReadonlySet<number>): void {
  if (rules.berserk !== undefined) {
    const good = isOneOf(BERSERK_MODES, rules.berserk);
    check(good, 'berserk', 'BAD_VARIANT_VALUE', `berserk must be one of ${BERSERK_MODES.join(', ')} when given`);
  }
  if (rules.jumps !== undefined) checkJumps(check, rules, pieces);
  // Where nothing jumps, where a jump may land says nothing: left out, for one canonical form.
  if (rules.jumps === undefined) {
    for (const square of [rules.throne, rules.corners, rules.forts?.attackers, rules.forts?.defenders])
      if (square) delete square.whoMayLand;
  }
}

function checkJumps(check: Check, rules: RulesetDefinition, pieces: ReadonlySet<number>): void {
  const input = rules.jumps as unknown;
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  check(isObject, 'jumps', 'BAD_VARIANT_VALUE', 'jumps must be an object { king, knights, commanders, mercenaries? } when given');
  if (!isObject) return;
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given))
    check(
      (JUMP_FIELDS as readonly string[]).includes(key),
      `jumps.${key}`,
      'BAD_VARIANT_VALUE',
      `"jumps.${key}" is not a variant parameter`,
    );
  const jumps = {} as JumpRules;
  for (const f of JUMP_FIELDS) {
    const mode = f === 'mercenaries' ? (given[f] ?? 'none') : given[f];
    check(isOneOf(JUMP_MODES, mode), `jumps.${f}`, 'BAD_VARIANT_VALUE', `jumps.${f} must be one of ${JUMP_MODES.join(', ')}`);
    jumps[f] = isOneOf(JUMP_MODES, mode) ? mode : 'none';
  }
  if (!pieces.has(ATTACKER_KNIGHT) && !pieces.has(DEFENDER_KNIGHT)) jumps.knights = 'none';
  if (!pieces.has(ATTACKER_COMMANDER) && !pieces.has(COMMANDER)) jumps.commanders = 'none';
  // Optional, and left out where no mercenary jumps: the rules before mercenaries keep their ids.
  if (jumps.mercenaries === 'none' || (!pieces.has(ATTACKER_MERCENARY) && !pieces.has(DEFENDER_MERCENARY))) delete jumps.mercenaries;
  if (JUMP_FIELDS.some((f) => (jumps[f] ?? 'none') !== 'none')) rules.jumps = jumps;
  else delete rules.jumps;
}
