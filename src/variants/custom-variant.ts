/**
 * Client-defined variants (rules.md section 6): a base variant id plus overrides of the section 3
 * parameters, or a complete definition. Validated before use; compiled definitions are cached.
 */
import { CompiledVariant, compileVariant } from '../engine/compiled-variant';
import { VariantDefinition } from '../engine/definition';
import { Result, err, ok } from '../engine/result';
import { BUILT_IN_DEFINITIONS } from './built-in';
import { validateDefinition } from './validate-definition';

export type CustomVariantInput = Partial<VariantDefinition> & { base?: string };

/** Parameters whose value is an object: overrides are merged into the base's object, one level deep. */
const NESTED = ['throne', 'corners', 'king', 'exitFort', 'repetition'] as const;

const cache = new Map<string, CompiledVariant>();
const CACHE_LIMIT = 256;

export function customDefinition(input: CustomVariantInput): Result<VariantDefinition> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err([{ code: 'BAD_VARIANT', message: 'a custom variant must be an object' }]);
  }
  const { base, ...overrides } = input;
  if (base === undefined) return validateDefinition({ id: 'custom', sources: [], decisions: [], ruleIds: [], ...overrides } as VariantDefinition);
  const baseDef = BUILT_IN_DEFINITIONS.find((d) => d.id === base);
  if (!baseDef) return err([{ code: 'VARIANT_NOT_FOUND', field: 'base', message: `no built-in variant "${String(base)}"` }]);
  const merged: Record<string, unknown> = { ...baseDef, id: `${baseDef.id}-custom`, name: `${baseDef.name} (custom)` };
  for (const [key, value] of Object.entries(overrides)) {
    const old = merged[key];
    const nested = (NESTED as readonly string[]).includes(key);
    merged[key] = nested && value && typeof value === 'object' && old && typeof old === 'object' ? { ...old, ...value } : value;
  }
  merged.decisions = [`Custom variant based on ${baseDef.id}; overridden: ${Object.keys(overrides).join(', ') || 'nothing'}.`, ...baseDef.decisions];
  return validateDefinition(merged as unknown as VariantDefinition);
}

export function compileCustomVariant(input: CustomVariantInput): Result<CompiledVariant> {
  const key = JSON.stringify(input);
  const hit = cache.get(key);
  if (hit) return ok(hit);
  const def = customDefinition(input);
  if (!def.ok) return def;
  const compiled = compileVariant(def.value);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return ok(compiled);
}
