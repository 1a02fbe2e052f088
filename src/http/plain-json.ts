/**
 * A reader for the JSON bodies nearly every rules request is: one object whose values are strings
 * without escapes, null, or lists of such strings. What it accepts it reads exactly as JSON.parse
 * would; anything else (numbers, nesting, escapes, a key given twice, control characters, lone
 * surrogates) it declines with null, and the caller parses the text as JSON as usual.
 *
 * Why: JSON.parse internalizes every short string value (each move, "d2-e2") in V8's string table;
 * inside the service, with its large table, that made parsing a 65-move body cost about 15 µs, three
 * times what the same parse costs in a small script. Slices of the text are not internalized.
 */

export type PlainValue = string | null | string[];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The end (index after the closing quote) of the string whose opening quote is at `at`, or -1. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    // Escapes, control characters (not JSON) and surrogates (paired or not) go the long way.
    if (c === BACKSLASH || c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) return -1;
  }
  return -1;
}

/** The object `text` holds, if it is of the plain shape; null otherwise (which says nothing about its validity). */
export function readPlainJsonObject(text: string): Record<string, PlainValue> | null {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x7b) return null; // {
  i++;
  const out: Record<string, PlainValue> = Object.create(null) as Record<string, PlainValue>;
  const skip = (): void => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  skip();
  if (text.charCodeAt(i) === 0x7d)
    i++; // } : the empty object
  else
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return null;
      const keyEnd = stringEnd(text, i);
      if (keyEnd < 0) return null;
      const key = text.slice(i + 1, keyEnd - 1);
      if (key in out) return null;
      i = keyEnd;
      skip();
      if (text.charCodeAt(i) !== 0x3a) return null; // :
      i++;
      skip();
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        if (end < 0) return null;
        out[key] = text.slice(i + 1, end - 1);
        i = end;
      } else if (c === 0x6e) {
        if (text.slice(i, i + 4) !== 'null') return null;
        out[key] = null;
        i += 4;
      } else if (c === 0x5b) {
        // [
        i++;
        skip();
        const list: string[] = [];
        if (text.charCodeAt(i) === 0x5d) i++;
        else
          for (;;) {
            if (text.charCodeAt(i) !== QUOTE) return null;
            const end = stringEnd(text, i);
            if (end < 0) return null;
            list.push(text.slice(i + 1, end - 1));
            i = end;
            skip();
            const d = text.charCodeAt(i++);
            if (d === 0x5d) break; // ]
            if (d !== 0x2c) return null; // ,
            skip();
          }
        out[key] = list;
      } else return null;
      skip();
      const d = text.charCodeAt(i++);
      if (d === 0x7d) break; // }
      if (d !== 0x2c) return null;
      skip();
    }
  skip();
  return i === n ? out : null;
}
