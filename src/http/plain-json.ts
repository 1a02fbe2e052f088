/**
 * A reader for the JSON bodies nearly every rules request is: one object whose values are strings
 * without escapes, null, lists of such strings, or objects of the same kind (GraphQL's variables),
 * nested at most MAX_NESTING deep. What it accepts it reads exactly as JSON.parse
 * would; anything else (numbers, nesting, escapes, a key given twice, control characters, lone
 * surrogates) it declines with null, and the caller parses the text as JSON as usual.
 *
 * Why: JSON.parse internalizes every short string value (each move, "d2-e2") in V8's string table;
 * inside the service, with its large table, that made parsing a 65-move body cost about 15 µs, three
 * times what the same parse costs in a small script. Slices of the text are not internalized.
 */

export type PlainValue = string | null | string[] | PlainObject;
export interface PlainObject {
  [key: string]: PlainValue;
}

/** Objects within objects: a GraphQL body's variables hold a game state (two levels below the body). */
const MAX_NESTING = 3;

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
export function readPlainJsonObject(text: string): PlainObject | null {
  const r = new Reader(text);
  r.skip();
  const value = r.object(0);
  if (value === null) return null;
  r.skip();
  return r.i === text.length ? value : null;
}

class Reader {
  i = 0;
  constructor(private readonly text: string) {}

  skip(): void {
    const text = this.text;
    while (this.i < text.length && isSpace(text.charCodeAt(this.i))) this.i++;
  }

  private string(): string | null {
    if (this.text.charCodeAt(this.i) !== QUOTE) return null;
    const end = stringEnd(this.text, this.i);
    if (end < 0) return null;
    const s = this.text.slice(this.i + 1, end - 1);
    this.i = end;
    return s;
  }

  /** The object at `i`, whose enclosing objects are `depth`; null if it is not plain. */
  object(depth: number): PlainObject | null {
    const text = this.text;
    if (text.charCodeAt(this.i) !== 0x7b) return null; // {
    this.i++;
    const out = Object.create(null) as PlainObject;
    this.skip();
    if (text.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return out;
    }
    for (;;) {
      const key = this.string();
      if (key === null || key in out) return null;
      this.skip();
      if (text.charCodeAt(this.i) !== 0x3a) return null; // :
      this.i++;
      this.skip();
      const value = this.value(depth);
      if (value === undefined) return null;
      out[key] = value;
      this.skip();
      const d = text.charCodeAt(this.i++);
      if (d === 0x7d) return out; // }
      if (d !== 0x2c) return null; // ,
      this.skip();
    }
  }

  /** undefined: not plain. */
  private value(depth: number): PlainValue | undefined {
    const text = this.text;
    const c = text.charCodeAt(this.i);
    if (c === QUOTE) return this.string() ?? undefined;
    if (c === 0x6e) {
      if (text.slice(this.i, this.i + 4) !== 'null') return undefined;
      this.i += 4;
      return null;
    }
    if (c === 0x7b) return depth + 1 < MAX_NESTING ? (this.object(depth + 1) ?? undefined) : undefined;
    if (c !== 0x5b) return undefined; // [
    this.i++;
    this.skip();
    const list: string[] = [];
    if (text.charCodeAt(this.i) === 0x5d) {
      this.i++;
      return list;
    }
    for (;;) {
      const s = this.string();
      if (s === null) return undefined;
      list.push(s);
      this.skip();
      const d = text.charCodeAt(this.i++);
      if (d === 0x5d) return list; // ]
      if (d !== 0x2c) return undefined; // ,
      this.skip();
    }
  }
}
