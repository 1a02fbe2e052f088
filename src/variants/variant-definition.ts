/**
 * A variant as the registry holds it: the mechanics the engine runs (RulesetDefinition) beside what a
 * reader needs to trust them (who it is, where its rules come from, what was decided). The engine never
 * sees the metadata, so a decision or a source note can change without touching the rules.
 */
import type { RulesetDefinition } from '../engine/definition.js';

export interface Source {
  /** Short name as cited in rules.md, e.g. "seed 003", "AN-CPH". */
  name: string;
  /** What the source is and what was taken from it. */
  note: string;
  url?: string;
}

export interface VariantMeta {
  id: string;
  name: string;
  description: string;
  /** Rule ids of rules.md this definition implements. */
  ruleIds: string[];
  sources: Source[];
  /** Interpretation decisions taken where the texts leave a point open. */
  decisions: string[];
  /**
   * The OpenTafl rules string a variant is defined by (rules.md 5.5): its rules are what OpenTafl's
   * engine does with it, and the definition is what the OTN reader makes of it.
   */
  otnSource?: string;
}

export interface VariantDefinition {
  meta: VariantMeta;
  rules: RulesetDefinition;
}
