/**
 * A variant as the registry answers it (api.md section 9): its description, the definition the engine
 * runs (the shape a custom `definition` takes) and its OpenTafl rules string, or null with a sentence
 * per rule OpenTafl's keys cannot say.
 */
import type { RulesetDefinition } from '../../engine';
import { printOtn } from '../../records/otn-print';
import { CatalogEntry, VariantDescription, describeVariant } from '../../variants';

export interface RegistryVariant extends VariantDescription {
  definition: RulesetDefinition;
  otn: string | null;
  otnUnsupported: string[];
}

export function registryVariant(entry: CatalogEntry): RegistryVariant {
  const printed = printOtn(entry.rules, entry.meta.name);
  return { ...describeVariant(entry.meta, entry.compiled), definition: entry.rules, otn: printed.otn, otnUnsupported: printed.unsupported };
}
