/**
 * Jumps and berserk (OTN-12, OTN-13) checked in shape and kept in one canonical form: a kind of piece
 * the layout does not hold jumps `none` (setup refuses such pieces in positions, so its jumps could never
 * matter), and `jumps` and the squares' `whoMayLand` are left out when nothing jumps, so the same rules
 * keep one custom id.
 */
import type { JumpRules, RulesetDefinition } from '../engine/definition.js';
import { ATTACKER_COMMANDER, ATTACKER_KNIGHT, COMMANDER, DEFENDER_KNIGHT } from '../engine/pieces.js';
import { BERSERK_MODES, JUMP_MODES, isOneOf } from '../engine/values.js';

type Check = (cond: boolean, field: string, code: string, message: string) => void;

const JUMP_FIELDS = ['king', 'knights', 'commanders'] as const satisfies readonly (keyof JumpRules)[];

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
  check(isObject, 'jumps', 'BAD_VARIANT_VALUE', 'jumps must be an object { king, knights, commanders } when given');
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
    const mode = given[f];
    check(isOneOf(JUMP_MODES, mode), `jumps.${f}`, 'BAD_VARIANT_VALUE', `jumps.${f} must be one of ${JUMP_MODES.join(', ')}`);
    jumps[f] = isOneOf(JUMP_MODES, mode) ? mode : 'none';
  }
  if (!pieces.has(ATTACKER_KNIGHT) && !pieces.has(DEFENDER_KNIGHT)) jumps.knights = 'none';
  if (!pieces.has(ATTACKER_COMMANDER) && !pieces.has(COMMANDER)) jumps.commanders = 'none';
  if (JUMP_FIELDS.some((f) => jumps[f] !== 'none')) rules.jumps = jumps;
  else delete rules.jumps;
}
