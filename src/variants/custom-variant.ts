/**
 * Client-defined variants (rules.md section 6, api.md section 9): a base variant id plus overrides of
 * the section 3 parameters, or a complete set of them. Overrides touch the mechanics only; the metadata
 * of a custom variant is written here, under its content-derived id. Validated before use.
 */
import { CompiledVariant, compileVariant } from '../engine/compiled-variant.js';
import { RulesetDefinition } from '../engine/definition.js';
import { Result, err, ok } from '../engine/result.js';
import { BUILT_IN_DEFINITIONS } from './built-in.js';
import { contentId } from './content-id.js';
import { validateRules } from './validate-definition.js';
import { Source, VariantDefinition, VariantMeta } from './variant-definition.js';

type DeepPartial<T> = T extends unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** Nested parameters may be overridden in part: `{ king: { armed: false } }` keeps the base's capture rule. */
export type RulesOverrides = DeepPartial<RulesetDefinition>;

export type CustomVariantInput = RulesOverrides & { base?: string };

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

/** The registry metadata of a custom variant with these rules. */
export function customMeta(rules: RulesetDefinition, name?: string | null, source?: Source | null, basedOn?: VariantMeta): VariantMeta {
  return {
    id: contentId(rules),
    name: name ?? (basedOn ? `${basedOn.name} (custom)` : 'Custom variant'),
    description: basedOn ? `${basedOn.name} with client overrides.` : 'A variant defined by its client.',
    ruleIds: basedOn?.ruleIds ?? [],
    sources: [...(source ? [source] : []), ...(basedOn?.sources ?? [])],
    decisions: basedOn ? [`Custom variant based on ${basedOn.id}.`, ...basedOn.decisions] : [],
  };
}

/** A custom definition from a base and overrides, or from complete rules; every problem is listed. */
export function customDefinition(input: CustomVariantInput, name?: string | null): Result<VariantDefinition> {
  if (!isPlainObject(input)) return err([{ code: 'BAD_VARIANT', message: 'a custom variant must be an object' }]);
  const { base, ...overrides } = input;
  let basedOn: VariantMeta | undefined;
  let merged: unknown = overrides;
  if (base !== undefined) {
    const baseDef = BUILT_IN_DEFINITIONS.find((d) => d.meta.id === base);
    if (!baseDef) return err([{ code: 'VARIANT_NOT_FOUND', field: 'base', message: `no built-in variant "${String(base)}"` }]);
    basedOn = baseDef.meta;
    merged = merge(baseDef.rules, overrides);
  }
  const rules = validateRules(merged);
  return rules.ok ? ok({ meta: customMeta(rules.value, name, null, basedOn), rules: rules.value }) : rules;
}

/** Compiles a custom definition (no cache: the catalog caches compiled variants by id). */
export function compileCustomVariant(input: CustomVariantInput): Result<CompiledVariant> {
  const def = customDefinition(input);
  if (!def.ok) return def;
  return ok(compileVariant(def.value.meta.id, def.value.rules));
}
