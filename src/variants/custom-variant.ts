/**
 * Client-defined variants (rules.md section 6): a base variant id plus overrides of the section 3
 * parameters, or a complete set of them. Overrides touch the mechanics only; the metadata of a custom
 * variant is written here. Validated before use; compiled variants are cached.
 */
import { CompiledVariant, compileVariant } from '../engine/compiled-variant';
import { RulesetDefinition } from '../engine/definition';
import { Result, err, ok } from '../engine/result';
import { BUILT_IN_DEFINITIONS } from './built-in';
import { validateRules } from './validate-definition';
import { VariantDefinition, VariantMeta } from './variant-definition';

type DeepPartial<T> = T extends unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** Nested parameters may be overridden in part: `{ king: { armed: false } }` keeps the base's capture rule. */
export type RulesOverrides = DeepPartial<RulesetDefinition>;

export type CustomVariantInput = RulesOverrides & { base?: string };

const cache = new Map<string, CompiledVariant>();
const CACHE_LIMIT = 256;

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Objects merge key by key at every depth; anything else (lists, null, scalars) replaces. */
function merge(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) out[key] = merge(base[key], value);
  return out;
}

export function customDefinition(input: CustomVariantInput, name?: string): Result<VariantDefinition> {
  if (!isPlainObject(input)) return err([{ code: 'BAD_VARIANT', message: 'a custom variant must be an object' }]);
  const { base, ...overrides } = input;
  let meta: VariantMeta;
  let merged: unknown;
  if (base === undefined) {
    meta = {
      id: 'custom',
      name: name ?? 'Custom variant',
      description: 'A variant defined by its client.',
      ruleIds: [],
      sources: [],
      decisions: [],
    };
    merged = overrides;
  } else {
    const baseDef = BUILT_IN_DEFINITIONS.find((d) => d.meta.id === base);
    if (!baseDef) return err([{ code: 'VARIANT_NOT_FOUND', field: 'base', message: `no built-in variant "${String(base)}"` }]);
    const b = baseDef.meta;
    const changed = Object.keys(overrides).join(', ') || 'nothing';
    meta = {
      id: `${b.id}-custom`,
      name: name ?? `${b.name} (custom)`,
      description: `${b.name} with client overrides (${changed}).`,
      ruleIds: b.ruleIds,
      sources: b.sources,
      decisions: [`Custom variant based on ${b.id}; overridden: ${changed}.`, ...b.decisions],
    };
    merged = merge(baseDef.rules, overrides);
  }
  const rules = validateRules(merged);
  return rules.ok ? ok({ meta, rules: rules.value }) : rules;
}

export function compileCustomVariant(input: CustomVariantInput): Result<CompiledVariant> {
  const key = JSON.stringify(input);
  const hit = cache.get(key);
  if (hit) return ok(hit);
  const def = customDefinition(input);
  if (!def.ok) return def;
  const compiled = compileVariant(def.value.meta.id, def.value.rules);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return ok(compiled);
}
