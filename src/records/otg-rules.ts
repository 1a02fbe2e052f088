/**
 * OTN rules strings, as a `.otg` record's `[rules:…]` tag holds them: switches `key:value` separated
 * by spaces, `start:` (the start position) last.
 */
import { OtgRules } from './otg-model.js';

/** Splits an OTN rules string into its switches; never fails (a word without a colon is kept as a key with value ''). */
export function parseOtgRules(text: string): OtgRules {
  const switches: Record<string, string> = {};
  const order: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    if (word === '') continue;
    const colon = word.indexOf(':');
    const key = colon < 0 ? word : word.slice(0, colon);
    const value = colon < 0 ? '' : word.slice(colon + 1);
    if (!(key in switches)) order.push(key);
    switches[key] = value;
  }
  const dim = switches.dim !== undefined && /^[1-9][0-9]*$/.test(switches.dim) ? Number(switches.dim) : null;
  return {
    text,
    switches,
    order,
    dim,
    start: switches.start ?? null,
    firstSide: switches.atkf === 'n' ? 'defenders' : 'attackers',
  };
}

/** Writes rule switches as an OTN rules string: `dim` first, `start` last, the rest in the order given. */
export function otgRulesString(switches: Record<string, string> | readonly (readonly [string, string])[]): string {
  const entries = Array.isArray(switches) ? [...switches] : Object.entries(switches);
  for (const [k, v] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(k)) throw new Error(`bad rules switch name "${k}"`);
    if (/[\s\]]/.test(v)) throw new Error(`rules switch ${k} has a value with a space or "]"`);
  }
  const rank = (k: string) => (k === 'dim' ? 0 : k === 'start' ? 2 : 1);
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e[0]) - rank(b.e[0]) || a.i - b.i)
    .map(({ e }) => `${e[0]}:${e[1]}`)
    .join(' ');
}
