/**
 * The words and bracketed texts of a `.otg` record, with their 1-based lines. A bracket's text may
 * span lines (tag values and comments can hold line breaks), so its line breaks are counted too, or
 * every later error would name the wrong line.
 */
import { Result, err, ok } from '../engine/result.js';
import { OtgError } from './otg-model.js';

export type Token = { kind: 'bracket'; text: string; line: number } | { kind: 'word'; text: string; line: number };

export function tokenize(text: string): Result<Token[], OtgError> {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) i++;
    else if (ch === '[') {
      const end = text.indexOf(']', i + 1);
      if (end < 0) return err({ reason: 'a "[" is never closed', line });
      const body = text.slice(i + 1, end);
      tokens.push({ kind: 'bracket', text: body, line });
      for (const c of body) if (c === '\n') line++;
      i = end + 1;
    } else if (ch === ']') {
      return err({ reason: 'a "]" closes nothing', line });
    } else {
      let j = i;
      while (j < text.length && !/\s/.test(text[j]) && text[j] !== '[' && text[j] !== ']') j++;
      tokens.push({ kind: 'word', text: text.slice(i, j), line });
      i = j;
    }
  }
  return ok(tokens);
}
