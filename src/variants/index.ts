/** The built-in variants, validated and compiled once when this module loads; custom variants on demand. */
import { compileVariant, CompiledVariant } from '../engine/compiled-variant';
import { BUILT_IN_DEFINITIONS } from './built-in';
import { validateDefinition } from './validate-definition';

const compiled = new Map<string, CompiledVariant>();
for (const def of BUILT_IN_DEFINITIONS) {
  const checked = validateDefinition(def);
  if (!checked.ok) {
    throw new Error(`built-in variant ${def.id} is invalid: ${checked.error.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  }
  compiled.set(def.id, compileVariant(def));
}

export function builtInVariant(id: string): CompiledVariant | undefined {
  return compiled.get(id);
}

export function builtInVariantIds(): string[] {
  return BUILT_IN_DEFINITIONS.map((d) => d.id);
}

export { BUILT_IN_DEFINITIONS, validateDefinition };
export { compileCustomVariant, customDefinition } from './custom-variant';
export type { CustomVariantInput } from './custom-variant';
export { describeVariant } from './describe-variant';
export type { VariantDescription } from './describe-variant';
