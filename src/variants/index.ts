/** The built-in variants, validated and compiled once when this module loads. */
import { compileVariant, CompiledVariant } from '../engine/compiled-variant';
import { VariantDefinition } from '../engine/definition';
import { aleaEvangelii } from './alea-evangelii';
import { aleaEvangeliiCitadels } from './alea-evangelii-citadels';
import { brandubh } from './brandubh';
import { copenhagen } from './copenhagen';
import { fetlar } from './fetlar';
import { fetlarEdgeCapture } from './fetlar-edge-capture';
import { tablut } from './tablut';
import { unstAleaEvangelii } from './unst-alea-evangelii';
import { validateDefinition } from './validate-definition';

export const BUILT_IN_DEFINITIONS: readonly VariantDefinition[] = [
  fetlar,
  fetlarEdgeCapture,
  unstAleaEvangelii,
  aleaEvangelii,
  aleaEvangeliiCitadels,
  copenhagen,
  brandubh,
  tablut,
];

const compiled = new Map<string, CompiledVariant>();
for (const def of BUILT_IN_DEFINITIONS) {
  const checked = validateDefinition(def);
  if (!checked.ok) {
    throw new Error(`built-in variant ${def.id} is invalid: ${checked.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  }
  compiled.set(def.id, compileVariant(def));
}

export function builtInVariant(id: string): CompiledVariant | undefined {
  return compiled.get(id);
}

export function builtInVariantIds(): string[] {
  return BUILT_IN_DEFINITIONS.map((d) => d.id);
}

export { validateDefinition };
