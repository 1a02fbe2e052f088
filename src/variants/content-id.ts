/**
 * The content-derived id of a custom variant (api.md section 9): the same rules always get the same
 * id, in every process, whatever their key order, so a variant registered by one process is found by
 * another and a definition is compiled once however often clients send it.
 */
// SHA-256 from a small audited pure-JS library, not node:crypto, so @tafl/rules runs in browsers too.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { RulesetDefinition } from '../engine/definition.js';

/** JSON with every object's keys sorted, so equal rules give equal text; undefined fields are left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export const CUSTOM_ID_PATTERN = /^custom-[0-9a-f]{12}$/;

export function contentId(rules: RulesetDefinition): string {
  return `custom-${bytesToHex(sha256(utf8ToBytes(canonicalJson(rules)))).slice(0, 12)}`;
}

/** Do two definitions hold the same rules (as the content id compares them)? */
export function sameRules(a: RulesetDefinition, b: RulesetDefinition): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
