/**
 * class-validator's checks of a flat DTO (optional or required strings, string lists, objects, integers
 * with a lower bound, as every rules request and a move's play are), compiled once per class from class-validator's own metadata into a plain
 * loop: the same problems in the same order and words, without class-transformer's copy of the body
 * and the validator's walk, which cost about a tenth of a legal-moves request. A class with any other
 * rule gets no compiled check, and the caller falls back to class-validator itself.
 */
import { getMetadataStorage } from 'class-validator';
import type { ProblemItem } from './problem-error';

type Rule = 'isString' | 'isArray' | 'isObject' | 'isInt' | 'min';
const RULES = new Set<string>(['isString', 'isArray', 'isObject', 'isInt', 'min']);

interface PropertyCheck {
  name: string;
  optional: boolean;
  /** `bound`: min's constraint. */
  rules: { rule: Rule; each: boolean; bound: number }[];
}

export type FlatCheck = (value: Record<string, unknown>) => ProblemItem[];

const compiled = new WeakMap<object, FlatCheck | null>();

function passes(rule: Rule, v: unknown, bound: number): boolean {
  if (rule === 'isString') return typeof v === 'string' || v instanceof String;
  if (rule === 'isArray') return Array.isArray(v);
  if (rule === 'isInt') return typeof v === 'number' && Number.isInteger(v);
  if (rule === 'min') return typeof v === 'number' && v >= bound;
  return v !== null && (typeof v === 'object' || typeof v === 'function') && !Array.isArray(v);
}

/** class-validator's default messages for the rules compiled here. */
function message(rule: Rule, each: boolean, property: string, bound: number): string {
  const subject = `${each ? 'each value in ' : ''}${property}`;
  if (rule === 'min') return `${subject} must not be less than ${bound}`;
  const what = rule === 'isString' ? 'a string' : rule === 'isArray' ? 'an array' : rule === 'isInt' ? 'an integer number' : 'an object';
  return `${subject} must be ${what}`;
}

function compile(type: abstract new (...args: never[]) => unknown): FlatCheck | null {
  const metas = getMetadataStorage().getTargetValidationMetadatas(type as never, '', true, false);
  const byName = new Map<string, PropertyCheck>();
  for (const m of metas) {
    if ((m.groups?.length ?? 0) > 0 || m.always) return null;
    let p = byName.get(m.propertyName);
    if (!p) byName.set(m.propertyName, (p = { name: m.propertyName, optional: false, rules: [] }));
    if (m.type === 'conditionalValidation' && m.name === 'isOptional') p.optional = true;
    else if (m.type === 'customValidation' && m.name !== undefined && RULES.has(m.name) && !m.message) {
      const bound = m.name === 'min' ? (m.constraints?.[0] as unknown) : 0;
      if (typeof bound !== 'number') return null;
      p.rules.push({ rule: m.name as Rule, each: m.each === true, bound });
    } else return null;
  }
  const props = [...byName.values()];
  return (value) => {
    const items: ProblemItem[] = [];
    for (const p of props) {
      const v = value[p.name];
      if (p.optional && (v === null || v === undefined)) continue;
      for (const { rule, each, bound } of p.rules) {
        const ok = each && Array.isArray(v) ? v.every((x) => passes(rule, x, bound)) : passes(rule, v, bound);
        if (!ok) items.push({ code: 'INVALID_FIELD', field: p.name, message: message(rule, each, p.name, bound) });
      }
    }
    return items;
  };
}

/** The compiled check of `type`, or null when class-validator must run. */
export function flatCheckOf(type: abstract new (...args: never[]) => unknown): FlatCheck | null {
  let c = compiled.get(type);
  if (c === undefined) compiled.set(type, (c = compile(type)));
  return c;
}
