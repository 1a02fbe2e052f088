/**
 * Input every layer below can hold: PostgreSQL refuses NUL characters and lone UTF-16 surrogates in
 * text, and deep nesting overflows the stack of recursive validators. Refused here, with a 400, before
 * anything reads the input.
 */

/** A NUL, or a surrogate that is not half of a pair. */
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(s: string): boolean {
  return !ILL_FORMED.test(s);
}

export interface IllFormed {
  /** Where, as a path into the value (`moves[3]`, `players.attackers`), or '' for the value itself. */
  path: string;
  reason: 'too-deep' | 'ill-formed-text';
}

/**
 * Whether the JSON text of a value cannot hold a problem findIllFormed would find: no raw NUL or
 * surrogate, no `\u` escape (which could spell one), and fewer brackets in all than `maxDepth`, so no
 * nesting reaches it. Most request bodies pass, and then nothing need be walked.
 */
export function jsonTextIsPlain(text: string, maxDepth: number): boolean {
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++brackets >= maxDepth) return false;
    } else if (c === 0 || (c >= 0xd800 && c <= 0xdfff) || (c === 0x5c && text.charCodeAt(i + 1) === 0x75)) return false;
  }
  return true;
}

/** The first problem of a parsed JSON value: nesting past `maxDepth`, or a string that is not well formed. */
export function findIllFormed(value: unknown, maxDepth: number): IllFormed | null {
  // Iterative, so the check itself cannot overflow whatever the nesting.
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return { path, reason: 'ill-formed-text' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { path, reason: 'too-deep' };
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]`, depth: depth + 1 }));
    else {
      for (const [k, x] of Object.entries(v)) {
        if (!isWellFormedText(k)) return { path: path ? `${path}.${k}` : k, reason: 'ill-formed-text' };
        stack.push({ v: x, path: path ? `${path}.${k}` : k, depth: depth + 1 });
      }
    }
  }
  return null;
}
