/**
 * Writing a `.otg` game record that parseOtg reads back. Writing throws only when asked to write
 * something the format cannot hold (a programming error).
 */
import { OtgTag } from './otg-model.js';
import { otgRulesString } from './otg-rules.js';

export interface OtgWritePly {
  from: string;
  to: string;
  captures?: readonly string[];
  /** Write a `K` before the move (a king move). */
  king?: boolean;
}

export interface OtgWriteInput {
  /** Tags in the order to write them; a `rules` entry here is ignored (see `rules`). */
  tags?: Record<string, string> | readonly OtgTag[];
  /** The rules string, or its switches (see otgRulesString). Written last among the tags. */
  rules: string | Record<string, string> | readonly (readonly [string, string])[];
  plies: readonly OtgWritePly[];
  /** Write `---` for the side to move after the last ply. */
  resigned?: boolean;
  /** Comments by turn (index 0 = turn 1): [on the first move, on the second move]. */
  comments?: readonly (readonly [string, string] | null | undefined)[];
}

/** The record of one move: `d1-d3`, `Kf6-f10`, `g2-g3xf3/h3`. */
export function otgMoveText(p: OtgWritePly): string {
  const caps = p.captures && p.captures.length ? `x${p.captures.join('/')}` : '';
  return `${p.king ? 'K' : ''}${p.from}-${p.to}${caps}`;
}

/** Writes a game record that parseOtg reads back: tags, `[rules:…]` last, then the numbered turns. */
export function toOtg(input: OtgWriteInput): string {
  const tagList: OtgTag[] = Array.isArray(input.tags)
    ? [...(input.tags as readonly OtgTag[])]
    : Object.entries((input.tags ?? {}) as Record<string, string>).map(([key, value]) => ({ key, value }));
  const rules = typeof input.rules === 'string' ? input.rules : otgRulesString(input.rules);
  const lines: string[] = [];
  for (const { key, value } of tagList) {
    if (key === 'rules') continue;
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(key)) throw new Error(`bad tag name "${key}"`);
    if (value.includes(']')) throw new Error(`tag ${key} holds a "]", which the format cannot write`);
    lines.push(`[${key}:${value}]`);
  }
  if (rules.includes(']') || /\n/.test(rules)) throw new Error('the rules string holds a "]" or a line break');
  lines.push(`[rules:${rules}]`);
  lines.push('');

  const halves: string[] = input.plies.map(otgMoveText);
  if (input.resigned) halves.push('---');
  const turnCount = Math.ceil(halves.length / 2);
  for (let n = 0; n < turnCount; n++) {
    lines.push(`${n + 1}. ${halves.slice(2 * n, 2 * n + 2).join(' ')}`);
    const c = input.comments?.[n];
    if (c) {
      if (c[0].includes(']') || c[1].includes(']') || c[0].includes('|')) {
        throw new Error(`the comment of turn ${n + 1} holds a "]" (or a "|" in its first part)`);
      }
      lines.push(`[${c[0]}|${c[1]}]`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
