/**
 * Which variant a state means, read locally as the service reads it (api.md sections 3 and 9): a
 * built-in id, an OpenTafl rules string, or a definition (`{ base?, …overrides }`), exactly one. Stored
 * custom ids exist only on a service, so locally they are unknown variants.
 */
import { canonicalJson, contentId, customDefinition } from '../variants/index.js';
import type { CustomVariantInput } from '../variants/index.js';
import { builtInVariant } from '../variants/built-in-variants.js';
import { compileVariant } from '../engine/compiled-variant.js';
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

const given = (x: unknown) => x !== undefined && x !== null;

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

/** The compiled variant of a choice, or the problem the service would answer for it. */
export function variantOf(choice: VariantChoice): Result<CompiledVariant, RulesProblem> {
  const kinds = (['variant', 'otn', 'definition'] as const).filter((k) => given(choice[k]));
  if (kinds.length !== 1) {
    const message = 'give exactly one of variant, otn and definition';
    return err({
      code: 'BAD_USER_INPUT',
      detail: message,
      errors: [{ code: 'BAD_VARIANT_CHOICE', field: kinds[1] ?? 'variant', message }],
    });
  }
  if (kinds[0] === 'variant') {
    const id = String(choice.variant);
    const v = builtInVariant(id);
    if (v) return ok(v);
    return err({
      code: 'VARIANT_NOT_FOUND',
      detail: `there is no variant "${id}"`,
      errors: [{ code: 'VARIANT_NOT_FOUND', field: 'variant', message: `unknown variant "${id}"` }],
    });
  }
  if (kinds[0] === 'otn') {
    const text = choice.otn;
    return compiledCustom(`otn:${String(text)}`, () => {
      const r = parseOtn(text);
      if (!r.ok) return err(refuse(r.error, 'OpenTafl rules string', 'otn'));
      return ok(compileVariant(contentId(r.value.rules), r.value.rules));
    });
  }
  const definition = choice.definition;
  return compiledCustom(`definition:${canonicalJson(definition)}`, () => {
    const def = customDefinition(definition as CustomVariantInput);
    return def.ok ? ok(compileVariant(def.value.meta.id, def.value.rules)) : err(refuse(def.error, 'definition', 'definition'));
  });
}
