/**
 * Where OpenTafl's mercenaries and guards may go on special squares (OTN-12), checked in shape and kept
 * in one canonical form: only the letters of kinds the variant can hold (a mercenary of either side
 * where the layout holds one, as a captured one changes sides), in the order m M g G, `land` only
 * where it differs from `stop`, `enter` only on forts, and the whole value only where it admits a piece.
 */
import type { MercenaryGuardAccess, RulesetDefinition } from '../engine/definition.js';
import { ATTACKER_GUARD, ATTACKER_MERCENARY, DEFENDER_GUARD, DEFENDER_MERCENARY } from '../engine/pieces.js';

type Check = (cond: boolean, field: string, code: string, message: string) => void;

const LETTERS = 'mMgG';
const PERMISSIONS = ['stop', 'pass', 'land', 'enter'] as const;

/** `pieces`: the piece codes on the layout. */
export function checkMercenaryGuardAccess(check: Check, rules: RulesetDefinition, pieces: ReadonlySet<number>): void {
  const mercenaries = pieces.has(ATTACKER_MERCENARY) || pieces.has(DEFENDER_MERCENARY);
  const held = `${mercenaries ? 'mM' : ''}${pieces.has(ATTACKER_GUARD) ? 'g' : ''}${pieces.has(DEFENDER_GUARD) ? 'G' : ''}`;
  const squares = [
    ['throne', rules.throne],
    ['corners', rules.corners],
    ['forts.attackers', rules.forts?.attackers],
    ['forts.defenders', rules.forts?.defenders],
  ] as const;
  for (const [prefix, square] of squares) {
    if (!square || square.mercenariesAndGuards === undefined) continue;
    const access = canonical(check, square.mercenariesAndGuards, `${prefix}.mercenariesAndGuards`, held, prefix.startsWith('forts'));
    if (access) square.mercenariesAndGuards = access;
    else delete square.mercenariesAndGuards;
  }
}

function canonical(check: Check, input: unknown, field: string, held: string, fort: boolean): MercenaryGuardAccess | null {
  const shape = 'an object { stop, pass, land?, enter? } of OTN letters (m, M, g, G)';
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  check(isObject, field, 'BAD_VARIANT_VALUE', `${field} must be ${shape}`);
  if (!isObject) return null;
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    const known = (PERMISSIONS as readonly string[]).includes(key) && (key !== 'enter' || fort);
    check(known, `${field}.${key}`, 'BAD_VARIANT_VALUE', `"${field}.${key}" is not a variant parameter`);
  }
  const out: Record<string, string> = {};
  for (const key of PERMISSIONS) {
    const v = given[key];
    const required = key === 'stop' || key === 'pass';
    if (v === undefined && !required) continue;
    const good = typeof v === 'string' && [...v].every((c) => LETTERS.includes(c));
    check(good, `${field}.${key}`, 'BAD_VARIANT_VALUE', `${field}.${key} must be a string of the letters m, M, g, G`);
    out[key] = good ? [...held].filter((c) => (v as string).includes(c)).join('') : '';
  }
  if (out.land === out.stop) delete out.land;
  const access = out as unknown as MercenaryGuardAccess;
  return Object.values(out).some((x) => x !== '') ? access : null;
}
