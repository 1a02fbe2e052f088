/**
 * A variant as the registry answers it (api.md section 9): its description, the definition the engine
 * runs (the shape a custom `definition` takes) and its OpenTafl rules string, or null with a sentence
 * per rule OpenTafl's keys cannot say.
 */
import type { RulesetDefinition } from '../engine/definition.js';
import { printOtn } from '../records/otn-print.js';
import { builtInVariant, describeVariant } from '../variants/index.js';
import type { CatalogEntry, VariantDescription } from '../variants/index.js';
import { BUILT_IN_DEFINITIONS } from '../variants/built-in.js';

export interface RegistryVariant extends VariantDescription {
  definition: RulesetDefinition;
  otn: string | null;
  otnUnsupported: string[];
}

export function registryVariant(entry: Pick<CatalogEntry, 'meta' | 'rules' | 'compiled'>): RegistryVariant {
  const printed = printOtn(entry.rules, entry.meta.name);
  return { ...describeVariant(entry.meta, entry.compiled), definition: entry.rules, otn: printed.otn, otnUnsupported: printed.unsupported };
}

let listed: RegistryVariant[] | undefined;

/** Every built-in variant as the service's `GET /v1/variants` lists it (one list, built when first asked). */
export function variants(): readonly RegistryVariant[] {
  listed ??= BUILT_IN_DEFINITIONS.map((def) =>
    registryVariant({ meta: def.meta, rules: def.rules, compiled: builtInVariant(def.meta.id)! }),
  );
  return listed;
}

/** One built-in variant as `GET /v1/variants/{id}` answers it; undefined for an unknown id. */
export function variant(id: string): RegistryVariant | undefined {
  return variants().find((v) => v.id === id);
}
