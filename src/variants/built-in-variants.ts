/** The built-in variants, validated and compiled once when this module loads. */
import { compileVariant, CompiledVariant } from '../engine/compiled-variant.js';
import { BUILT_IN_DEFINITIONS } from './built-in.js';
import { validateDefinition } from './validate-definition.js';
import { VariantMeta } from './variant-definition.js';

/** A built-in as the registry holds it: what the engine runs, and what a reader is told about it. */
export interface BuiltInVariant {
  meta: VariantMeta;
  compiled: CompiledVariant;
}

const builtIns: BuiltInVariant[] = BUILT_IN_DEFINITIONS.map((def) => {
  const checked = validateDefinition(def);
  if (!checked.ok) {
    throw new Error(`built-in variant ${def.meta.id} is invalid: ${checked.error.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  }
  return { meta: def.meta, compiled: compileVariant(def.meta.id, def.rules) };
});
const byId = new Map(builtIns.map((b) => [b.meta.id, b.compiled]));

export function builtInVariant(id: string): CompiledVariant | undefined {
  return byId.get(id);
}

export function builtInVariantIds(): string[] {
  return builtIns.map((b) => b.meta.id);
}

/** Every built-in, in the order the registry shows them. */
export function builtInVariants(): readonly BuiltInVariant[] {
  return builtIns;
}
