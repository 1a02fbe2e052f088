/**
 * Input every layer below can hold, checked in one linear pass before any validation library sees it:
 * PostgreSQL refuses NUL characters and lone UTF-16 surrogates in text; deep nesting overflows the
 * stack of recursive validators; an object of a hundred thousand keys held the event loop for seconds
 * in class-transformer (which looks up every key among those seen so far); and the keys `__proto__`,
 * `constructor` and `prototype` made class-transformer throw (a 500), and are how prototypes get
 * polluted. Refused here, with a 400 naming the field.
 */

/** The shape of input any request of this API fits, with room to spare. */
export interface ShapeLimits {
  /** Objects within objects and lists (a custom variant definition nests about five). */
  depth: number;
  /** Keys of one object (a definition has about forty, a game's metadata is the client's). */
  keys: number;
  /** Items of one list (the longest are move lists: MAX_MOVES). */
  items: number;
  /** Characters of one string (the longest is an imported game record). */
  chars: number;
}

export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A NUL, or a surrogate that is not half of a pair. */
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(s: string): boolean {
  return !ILL_FORMED.test(s);
}

export type ShapeProblemReason = 'too-deep' | 'ill-formed-text' | 'too-many-keys' | 'too-many-items' | 'string-too-long' | 'reserved-key';

export interface ShapeProblem {
  /** Where, as a path into the value (`moves[3]`, `players.attackers`), or '' for the value itself. */
  path: string;
  reason: ShapeProblemReason;
}

/** What a refusal says of each reason, given the limits. */
export function shapeMessage(reason: ShapeProblemReason, limits: ShapeLimits): string {
  switch (reason) {
    case 'too-deep':
      return `nested deeper than ${limits.depth} levels`;
    case 'ill-formed-text':
      return 'holds a NUL character or a lone UTF-16 surrogate, which cannot be stored';
    case 'too-many-keys':
      return `has more than ${limits.keys} keys`;
    case 'too-many-items':
      return `has more than ${limits.items} items`;
    case 'string-too-long':
      return `is longer than ${limits.chars} characters`;
    case 'reserved-key':
      return `is a reserved key (${[...RESERVED_KEYS].join(', ')})`;
  }
}

/**
 * Whether the JSON text of a value cannot hold a problem findShapeProblem would find, so that nothing
 * need be walked (most request bodies): no raw NUL or surrogate, no `\u` escape (which could spell one),
 * fewer brackets in all than the depth, fewer commas than the keys or items of the smallest limit, no
 * longer than the longest string, and no reserved key.
 */
export function jsonTextIsPlain(text: string, limits: ShapeLimits): boolean {
  if (text.length > limits.chars) return false;
  let brackets = 0;
  let commas = 0;
  const maxCommas = Math.min(limits.keys, limits.items) - 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++brackets >= limits.depth) return false;
    } else if (c === 0x2c) {
      if (++commas > maxCommas) return false;
    } else if (c === 0 || (c >= 0xd800 && c <= 0xdfff) || (c === 0x5c && text.charCodeAt(i + 1) === 0x75)) return false;
  }
  for (const key of RESERVED_KEYS) if (text.includes(`"${key}"`)) return false;
  return true;
}

/**
 * Too many keys, items or levels, found in the JSON text before it is parsed: V8 spent some 60 ms
 * parsing an object of 115,000 keys (a 1 MiB body), which this scan refuses in about 2. Strings are
 * skipped whole; the path is the one findShapeProblem would give (keys as written, escapes and all).
 * Text that is not JSON may pass or be refused here: JSON.parse has the last word on it.
 */
export function scanJsonShape(text: string, limits: ShapeLimits): ShapeProblem | null {
  const open: { array: boolean; count: number; key: string }[] = [];
  const pathTo = (levels: number) => {
    let path = '';
    for (let m = 0; m < levels; m++) {
      const o = open[m];
      path += o.array ? `[${o.count}]` : `${path ? '.' : ''}${o.key}`;
    }
    return path;
  };
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      if (keyNext) open[open.length - 1].key = text.slice(i + 1, j);
      keyNext = false;
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      if (open.length >= limits.depth) return { path: pathTo(open.length), reason: 'too-deep' };
      open.push({ array: c === 0x5b, count: 0, key: '' });
      keyNext = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
    } else if (c === 0x2c && open.length > 0) {
      const o = open[open.length - 1];
      if (++o.count >= (o.array ? limits.items : limits.keys))
        return { path: pathTo(open.length - 1), reason: o.array ? 'too-many-items' : 'too-many-keys' };
      keyNext = !o.array;
    }
  }
  return null;
}

/** The first problem of a parsed JSON value against the limits; null when it fits them. */
export function findShapeProblem(value: unknown, limits: ShapeLimits): ShapeProblem | null {
  // Iterative, so the check itself cannot overflow whatever the nesting.
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > limits.chars) return { path, reason: 'string-too-long' };
      if (!isWellFormedText(v)) return { path, reason: 'ill-formed-text' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limits.depth) return { path, reason: 'too-deep' };
    if (Array.isArray(v)) {
      if (v.length > limits.items) return { path, reason: 'too-many-items' };
      v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.keys) return { path, reason: 'too-many-keys' };
    for (const k of keys) {
      const at = path ? `${path}.${k}` : k;
      if (RESERVED_KEYS.has(k)) return { path: at, reason: 'reserved-key' };
      if (k.length > limits.chars) return { path: at, reason: 'string-too-long' };
      if (!isWellFormedText(k)) return { path: at, reason: 'ill-formed-text' };
      stack.push({ v: (v as Record<string, unknown>)[k], path: at, depth: depth + 1 });
    }
  }
  return null;
}
