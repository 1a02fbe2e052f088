/**
 * Which variant a state means, read locally as the service reads it (api.md sections 3 and 9): a
 * built-in id, an OpenTafl rules string, or a definition (`{ base?, …overrides }`), exactly one. Stored
 * custom ids exist only on a service, so locally they are unknown variants. The service reads the
 * choice with the same functions (api/variants/variant-source.ts) and adds its stored variants.
 */
import { canonicalJson, contentId, customDefinition } from '../variants/index.js';
import type { CustomVariantInput } from '../variants/index.js';
import { builtInVariant } from '../variants/built-in-variants.js';
import { compileVariant } from '../engine/compiled-variant.js';
import type { RulesetDefinition } from '../engine/definition.js';
import type { CompiledVariant } from '../engine/compiled-variant.js';
import { err, ok } from '../engine/result.js';
import type { Problem, Result } from '../engine/result.js';
import { parseOtn } from '../records/otn-parse.js';
import type { RulesProblem } from './problems.js';

export interface VariantChoice {
  /** A built-in variant id (`copenhagen`, `brandubh`, …). */
  variant?: string | null;
  /** An OpenTafl rules string. */
  otn?: string | null;
  /** A custom definition: a built-in `base` and overrides, or complete rules. */
  definition?: CustomVariantInput | null;
}

// Front-ends ask about the same custom rules on every drag: compile each text once (a few kept).
const KEPT_CUSTOM = 16;
const compiledCustoms = new Map<string, CompiledVariant>();

function refuse(problems: Problem[], what: string, field: string): RulesProblem {
  const errors = problems.map((p) => ({ ...p, field: p.field ? (field === 'otn' ? p.field : `${field}.${p.field}`) : field }));
  return { code: 'BAD_USER_INPUT', detail: `the ${what} cannot be played: ${problems.map((p) => p.message).join('; ')}`, errors };
}

function compiledCustom(key: string, build: () => Result<CompiledVariant, RulesProblem>): Result<CompiledVariant, RulesProblem> {
  const kept = compiledCustoms.get(key);
  if (kept) return ok(kept);
  const built = build();
  if (!built.ok) return built;
  if (compiledCustoms.size >= KEPT_CUSTOM) compiledCustoms.delete(compiledCustoms.keys().next().value as string);
  compiledCustoms.set(key, built.value);
  return built;
}

export type ChoiceKind = keyof VariantChoice;

/** Rules a client sent, validated, with the name they carry and the OpenTafl string they came from. */
export interface ClientRules {
  rules: RulesetDefinition;
  name: string | null;
  otn: string | null;
}

/** Which one of `kinds` the choice gives, or the refusal naming the second one given (or the first kind). */
export function choiceKind<K extends ChoiceKind>(choice: { [k in ChoiceKind]?: unknown }, kinds: readonly K[]): Result<K, RulesProblem> {
  const given = kinds.filter((k) => choice[k] !== undefined && choice[k] !== null);
  if (given.length === 1) return ok(given[0]);
  const message = `give exactly one of ${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]}`;
  return err({ code: 'BAD_USER_INPUT', detail: message, errors: [{ code: 'BAD_VARIANT_CHOICE', field: given[1] ?? kinds[0], message }] });
}

/** The validated rules of the choice's `otn` or `definition`; `name` names the variant. */
export function clientRules(
  choice: { otn?: unknown; definition?: unknown },
  kind: 'otn' | 'definition',
  name?: string | null,
): Result<ClientRules, RulesProblem> {
  if (kind === 'otn') {
    const r = parseOtn(choice.otn);
    if (!r.ok) return err(refuse(r.error, 'OpenTafl rules string', 'otn'));
    return ok({ rules: r.value.rules, name: name ?? r.value.name, otn: String(choice.otn) });
  }
  const r = customDefinition(choice.definition as CustomVariantInput, name);
  if (!r.ok) return err(refuse(r.error, 'definition', 'definition'));
  return ok({ rules: r.value.rules, name: r.value.meta.name, otn: null });
}

/** The compiled variant of a choice, or the problem the service would answer for it. */
export function variantOf(choice: VariantChoice): Result<CompiledVariant, RulesProblem> {
  const kind = choiceKind(choice, ['variant', 'otn', 'definition'] as const);
  if (!kind.ok) return kind;
  if (kind.value === 'variant') {
    const id = String(choice.variant);
    const v = builtInVariant(id);
    if (v) return ok(v);
    return err({
      code: 'VARIANT_NOT_FOUND',
      detail: `there is no variant "${id}"`,
      errors: [{ code: 'VARIANT_NOT_FOUND', field: 'variant', message: `unknown variant "${id}"` }],
    });
  }
  const custom = kind.value;
  const key = custom === 'otn' ? `otn:${String(choice.otn)}` : `definition:${canonicalJson(choice.definition)}`;
  return compiledCustom(key, () => {
    const r = clientRules(choice, custom);
    return r.ok ? ok(compileVariant(contentId(r.value.rules), r.value.rules)) : r;
  });
}
