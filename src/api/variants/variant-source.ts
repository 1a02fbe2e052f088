/**
 * Which variant a request means (api.md section 9): a stored id (built-in or custom), an OpenTafl
 * rules string, or a definition (`{ base?, …overrides }` or complete rules). Exactly one of the three;
 * every problem of an otn or a definition is listed. The one place requests turn into catalog entries.
 */
import { Injectable } from '@nestjs/common';
import type { RulesetDefinition } from '../../engine';
import type { Problem } from '../../engine';
import { ProblemError } from '../../http/problem-error';
import { parseOtn } from '../../records/otn-parse';
import { CatalogEntry, customDefinition } from '../../variants';
import type { CustomVariantInput } from '../../variants';
import { VariantCatalog } from '../../variants/variant-catalog';

export interface VariantChoice {
  variant?: unknown;
  otn?: unknown;
  definition?: unknown;
}

/** Rules a client sent, validated, with the name they carry and the OpenTafl string they came from. */
export interface ClientRules {
  rules: RulesetDefinition;
  name: string | null;
  otn: string | null;
}

const given = (x: unknown) => x !== undefined && x !== null;

function refuse(problems: Problem[], what: string): ProblemError {
  return ProblemError.badInput(`the ${what} cannot be played: ${problems.map((p) => p.message).join('; ')}`, problems);
}

@Injectable()
export class VariantSources {
  constructor(private readonly catalog: VariantCatalog) {}

  /** Validated rules from `otn` or `definition` (exactly one); `name` names the variant. */
  rulesOf(choice: VariantChoice, name?: string | null): ClientRules {
    const kinds = (['otn', 'definition'] as const).filter((k) => given(choice[k]));
    if (kinds.length !== 1) {
      throw ProblemError.badInput('give exactly one of otn and definition', [
        { code: 'BAD_VARIANT_CHOICE', field: kinds[1] ?? 'otn', message: 'give exactly one of otn and definition' },
      ]);
    }
    if (kinds[0] === 'otn') {
      const r = parseOtn(choice.otn);
      if (!r.ok)
        throw refuse(
          r.error.map((p) => ({ ...p, field: p.field ?? 'otn' })),
          'OpenTafl rules string',
        );
      return { rules: r.value.rules, name: name ?? r.value.name, otn: String(choice.otn) };
    }
    const r = customDefinition(choice.definition as CustomVariantInput, name);
    if (!r.ok)
      throw refuse(
        r.error.map((p) => ({ ...p, field: p.field ? `definition.${p.field}` : 'definition' })),
        'definition',
      );
    return { rules: r.value.rules, name: r.value.meta.name, otn: null };
  }

  /** The variant of a game state input: exactly one of variant, otn and definition. */
  async ofState(choice: VariantChoice, where: 'body' | 'path' = 'body'): Promise<CatalogEntry> {
    const kinds = (['variant', 'otn', 'definition'] as const).filter((k) => given(choice[k]));
    if (kinds.length !== 1) {
      throw ProblemError.badInput('give exactly one of variant, otn and definition', [
        { code: 'BAD_VARIANT_CHOICE', field: kinds[1] ?? 'variant', message: 'give exactly one of variant, otn and definition' },
      ]);
    }
    if (kinds[0] === 'variant') return this.byId(choice.variant, where);
    const { rules, name, otn } = this.rulesOf(choice);
    return this.catalog.custom(rules, name, otn ? { name: 'OpenTafl rules string', note: otn } : null);
  }

  /** A built-in or stored custom variant; unknown ids are a 400 in bodies and a 404 in paths. */
  async byId(id: unknown, where: 'body' | 'path' = 'body', field = 'variant'): Promise<CatalogEntry> {
    const entry = await this.catalog.resolve(id);
    if (!entry) throw ProblemError.variantNotFound(String(id), where, field);
    return entry;
  }
}
