/** The registry: every built-in variant described from its compiled rules (computed once), custom ones on demand. */
import { Injectable } from '@nestjs/common';
import { VariantCatalog } from '../../variants/variant-catalog';
import { RegistryVariant, registryVariant } from '../../tafl-rules/registry-variant';
import { VariantChoice, VariantSources } from './variant-source';

export interface ParsedVariant {
  definition: RegistryVariant['definition'];
  variant: RegistryVariant;
}

@Injectable()
export class VariantsService {
  private readonly all: RegistryVariant[];

  constructor(
    private readonly catalog: VariantCatalog,
    private readonly sources: VariantSources,
  ) {
    this.all = catalog.builtInEntries().map(registryVariant);
  }

  list(): RegistryVariant[] {
    return this.all;
  }

  async get(id: string): Promise<RegistryVariant> {
    return this.all.find((v) => v.id === id) ?? registryVariant(await this.sources.byId(id, 'path', 'id'));
  }

  /** POST /v1/variants/parse: the validated definition and its description; nothing is stored. */
  parse(choice: VariantChoice, name?: string | null): ParsedVariant {
    const { rules, name: named, otn } = this.sources.rulesOf(choice, name);
    const variant = registryVariant(this.catalog.custom(rules, named, otn ? { name: 'OpenTafl rules string', note: otn } : null));
    return { definition: rules, variant };
  }

  /** POST /v1/variants: stores a custom variant under its content-derived id. */
  async register(choice: VariantChoice, name?: string | null): Promise<RegistryVariant> {
    const { rules, name: named, otn } = this.sources.rulesOf(choice, name);
    return registryVariant(await this.catalog.register(rules, named, otn));
  }
}
