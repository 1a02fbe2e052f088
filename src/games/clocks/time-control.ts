/**
 * Time controls of stored games (api.md section 8): the value set of their types, their shapes, and the
 * validation of what a client sends. The arithmetic lives in clock.ts.
 */
import { ProblemError, ProblemItem } from '../../http/problem-error';

export const TIME_CONTROL_TYPES = ['fischer', 'delay', 'byoyomi', 'correspondence'] as const;
export type TimeControlType = (typeof TIME_CONTROL_TYPES)[number];

export type TimeControl =
  | { type: 'fischer'; initialMs: number; incrementMs: number }
  | { type: 'delay'; initialMs: number; delayMs: number }
  /** OpenTafl's overtime: main time (with an optional Fischer increment), then `periods` of `periodMs`. */
  | { type: 'byoyomi'; initialMs: number; periods: number; periodMs: number; incrementMs: number }
  | { type: 'correspondence'; perMoveMs: number };

/** The fields each type takes, and whether a field may be left out (with its default). */
const FIELDS: Record<TimeControlType, Record<string, { min: number; optional?: number }>> = {
  fischer: { initialMs: { min: 1 }, incrementMs: { min: 0, optional: 0 } },
  delay: { initialMs: { min: 1 }, delayMs: { min: 0 } },
  byoyomi: { initialMs: { min: 0 }, periods: { min: 1 }, periodMs: { min: 1 }, incrementMs: { min: 0, optional: 0 } },
  correspondence: { perMoveMs: { min: 1 } },
};

/** A year: longer clocks are a typo, and every sum of them stays a safe integer. */
export const MAX_CLOCK_MS = 365 * 86_400_000;
export const MAX_PERIODS = 100;

/** A time control as a client sent it: null/undefined is none; anything malformed is a 400 naming the field. */
export function parseTimeControl(raw: unknown, field = 'timeControl'): TimeControl | null {
  if (raw === undefined || raw === null) return null;
  const problems: ProblemItem[] = [];
  const bad = (f: string, message: string) => problems.push({ code: 'INVALID_TIME_CONTROL', field: f, message });
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    bad(field, 'must be an object with a "type"');
    throw fail(problems);
  }
  const input = raw as Record<string, unknown>;
  const type = input.type as TimeControlType;
  if (!TIME_CONTROL_TYPES.includes(type)) {
    bad(`${field}.type`, `must be one of ${TIME_CONTROL_TYPES.join(', ')}`);
    throw fail(problems);
  }
  const out: Record<string, unknown> = { type };
  const spec = FIELDS[type];
  for (const [name, rule] of Object.entries(spec)) {
    const v = input[name];
    if ((v === undefined || v === null) && rule.optional !== undefined) {
      out[name] = rule.optional;
      continue;
    }
    const max = name === 'periods' ? MAX_PERIODS : MAX_CLOCK_MS;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < rule.min || v > max) {
      bad(`${field}.${name}`, `${type} needs ${name}: an integer from ${rule.min} to ${max}`);
    } else out[name] = v;
  }
  for (const name of Object.keys(input)) {
    if (name !== 'type' && !(name in spec) && input[name] !== null && input[name] !== undefined) {
      bad(`${field}.${name}`, `${type} takes no ${name} (it takes ${Object.keys(spec).join(', ')})`);
    }
  }
  if (type === 'byoyomi' && problems.length === 0 && (out.initialMs as number) + (out.periods as number) * (out.periodMs as number) < 1) {
    bad(`${field}.initialMs`, 'byoyomi needs some time: initialMs or the periods');
  }
  if (problems.length) throw fail(problems);
  return out as TimeControl;
}

/** An optional ISO instant at which the first clock starts; a bad one is a 400. */
export function parseStartAt(raw: unknown, field = 'startAt'): number | null {
  if (raw === undefined || raw === null) return null;
  const t = typeof raw === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(t)) {
    throw fail([{ code: 'INVALID_FIELD', field, message: 'must be an ISO 8601 time with a zone, e.g. 2026-12-01T18:00:00Z' }]);
  }
  return t;
}

function fail(problems: ProblemItem[]): ProblemError {
  return ProblemError.badInput(problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
}

/** The OTG `[time-control:…]` tag value: OpenTafl's "main time + increment, periods × overtime" in seconds. */
export function timeControlTag(tc: TimeControl): string {
  const s = (ms: number) => String(ms / 1000);
  switch (tc.type) {
    case 'fischer':
      return `fischer ${s(tc.initialMs)}+${s(tc.incrementMs)}`;
    case 'delay':
      return `delay ${s(tc.initialMs)} d${s(tc.delayMs)}`;
    case 'byoyomi':
      return `byoyomi ${s(tc.initialMs)}+${s(tc.incrementMs)} ${tc.periods}x${s(tc.periodMs)}`;
    case 'correspondence':
      return `correspondence ${s(tc.perMoveMs)}/move`;
  }
}

const SECONDS = String.raw`(\d+(?:\.\d+)?)`;
const ms = (seconds: number) => Math.round(seconds * 1000);
/** The forms timeControlTag writes, numbers in seconds (a byo-yomi's period count excepted). */
const TAG_FORMS: { re: RegExp; make: (n: number[]) => Record<string, unknown> }[] = [
  {
    re: new RegExp(`^fischer ${SECONDS}\\+${SECONDS}$`),
    make: ([i, inc]) => ({ type: 'fischer', initialMs: ms(i), incrementMs: ms(inc) }),
  },
  { re: new RegExp(`^delay ${SECONDS} d${SECONDS}$`), make: ([i, d]) => ({ type: 'delay', initialMs: ms(i), delayMs: ms(d) }) },
  {
    re: new RegExp(`^byoyomi ${SECONDS}\\+${SECONDS} (\\d+)x${SECONDS}$`),
    make: ([i, inc, n, p]) => ({ type: 'byoyomi', initialMs: ms(i), incrementMs: ms(inc), periods: n, periodMs: ms(p) }),
  },
  { re: new RegExp(`^correspondence ${SECONDS}/move$`), make: ([m]) => ({ type: 'correspondence', perMoveMs: ms(m) }) },
];

/**
 * The time control a `time-control` tag written by timeControlTag stands for; null when the tag is in
 * another form (a record from elsewhere) or out of bounds.
 */
export function parseTimeControlTag(tag: string): TimeControl | null {
  for (const { re, make } of TAG_FORMS) {
    const m = re.exec(tag.trim());
    if (!m) continue;
    try {
      return parseTimeControl(make(m.slice(1).map(Number)));
    } catch {
      return null;
    }
  }
  return null;
}

/** What a game allows besides moves (api.md section 8), with its defaults. */
export interface GameOptions {
  takebacks: boolean;
  drawOffers: boolean;
}

export const DEFAULT_OPTIONS: GameOptions = { takebacks: false, drawOffers: true };

export function parseOptions(raw: unknown, field = 'options'): GameOptions {
  if (raw === undefined || raw === null) return { ...DEFAULT_OPTIONS };
  const problems: ProblemItem[] = [];
  if (typeof raw !== 'object' || Array.isArray(raw)) throw fail([{ code: 'INVALID_FIELD', field, message: 'must be an object' }]);
  const input = raw as Record<string, unknown>;
  const out = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(input)) {
    if (!(k in DEFAULT_OPTIONS))
      problems.push({
        code: 'INVALID_FIELD',
        field: `${field}.${k}`,
        message: `unknown option (known: ${Object.keys(DEFAULT_OPTIONS).join(', ')})`,
      });
    else if (v === null || v === undefined) continue;
    else if (typeof v !== 'boolean') problems.push({ code: 'INVALID_FIELD', field: `${field}.${k}`, message: 'must be true or false' });
    else out[k as keyof GameOptions] = v;
  }
  if (problems.length) throw fail(problems);
  return out;
}
