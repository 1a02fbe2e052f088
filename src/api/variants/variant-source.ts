/**
 * Which variant a request means (api.md section 9): a stored id (built-in or custom), an OpenTafl
 * rules string, or a definition (`{ base?, …overrides }` or complete rules). Exactly one of the three;
 * every problem of an otn or a definition is listed (read as @tafl/rules reads them, tafl-rules/variant-choice.ts).
 * The one place requests turn into catalog entries.
 */
import { Injectable } from '@nestjs/common';
import type { Result } from '../../engine';
import { ProblemError } from '../../http/problem-error';
import type { CatalogEntry } from '../../variants';
import { VariantCatalog } from '../../variants/variant-catalog';
import type { RulesProblem } from '../../tafl-rules/problems';
import { type ClientRules, choiceKind, clientRules } from '../../tafl-rules/variant-choice';

export interface VariantChoice {
  variant?: unknown;
  otn?: unknown;
  definition?: unknown;
}

export type { ClientRules };

/** The value of a reading shared with @tafl/rules, or its problem as the service answers it. */
function orRefuse<T>(r: Result<T, RulesProblem>): T {
  if (r.ok) return r.value;
  throw new ProblemError({ code: r.error.code, detail: r.error.detail, errors: r.error.errors });
}

@Injectable()
export class VariantSources {
  constructor(private readonly catalog: VariantCatalog) {}

  /** Validated rules from `otn` or `definition` (exactly one); `name` names the variant. */
  rulesOf(choice: VariantChoice, name?: string | null): ClientRules {
    const kind = orRefuse(choiceKind(choice, ['otn', 'definition'] as const));
    return orRefuse(clientRules(choice, kind, name));
  }

  /** The variant of a game state input: exactly one of variant, otn and definition. */
  async ofState(choice: VariantChoice, where: 'body' | 'path' = 'body'): Promise<CatalogEntry> {
    const kind = orRefuse(choiceKind(choice, ['variant', 'otn', 'definition'] as const));
    if (kind === 'variant') return this.byId(choice.variant, where);
    const { rules, name, otn } = orRefuse(clientRules(choice, kind));
    return this.catalog.custom(rules, name, otn ? { name: 'OpenTafl rules string', note: otn } : null);
  }

  /** A built-in or stored custom variant; unknown ids are a 400 in bodies and a 404 in paths. */
  async byId(id: unknown, where: 'body' | 'path' = 'body', field = 'variant'): Promise<CatalogEntry> {
    const entry = await this.catalog.resolve(id);
    if (!entry) throw ProblemError.variantNotFound(String(id), where, field);
    return entry;
  }
}
