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
  /** Write a `K` before the move (a king move); `piece` says more. */
  king?: boolean;
  /** The letter OpenTafl writes before the move (`K`, `c`, `C`, `n`, `N`; none for a soldier). */
  piece?: string | null;
  /** The letters before the captured squares, parallel to `captures` (null where none). */
  capturePieces?: readonly (string | null)[];
  /** A jump (OTN-12): written `^`. */
  jump?: boolean;
  /** A berserker's further move (OTN-13), by the side of the move before: written `=` (`^=` with a jump). */
  continued?: boolean;
}

export interface OtgWriteInput {
  /** Tags in the order to write them; a `rules` entry here is ignored (see `rules`). */
  tags?: Record<string, string> | readonly OtgTag[];
  /** The rules string, or its switches (see otgRulesString). Written last among the tags. */
  rules: string | Record<string, string> | readonly (readonly [string, string])[];
  plies: readonly OtgWritePly[];
  /** Write `---` for the side to move after the last ply. */
  resigned?: boolean;
  /** The last ply's piece moves again (berserk): its side is still to move. Only the turns' layout uses it. */
  continues?: boolean;
  /** Comments by turn (index 0 = turn 1): [on the first move, on the second move]. */
  comments?: readonly (readonly [string, string] | null | undefined)[];
}

/** The record of one move as OpenTafl writes it: `d1-d3`, `Kf6-f10`, `g2-g3xf3/h3`, `Ni3^=i1xci2`. */
export function otgMoveText(p: OtgWritePly): string {
  const caps = p.captures && p.captures.length ? `x${p.captures.map((c, i) => `${p.capturePieces?.[i] ?? ''}${c}`).join('/')}` : '';
  const separator = `${p.jump ? '^' : ''}${p.continued ? '=' : p.jump ? '' : '-'}`;
  return `${p.piece ?? (p.king ? 'K' : '')}${p.from}${separator}${p.to}${caps}`;
}

/**
 * The turn (from 0) each record goes in, as OpenTafl numbers them (MoveAddress.increment): a position
 * opens a new turn once, among the positions since the turn's first, both sides have been to move.
 * Sides alternating, that is two moves a turn; under berserk a turn can hold more. `toMove[k]` is the
 * side to move before record k (0 or 1), and one more entry after the last.
 */
function turnsOf(toMove: readonly number[]): number[] {
  const turns: number[] = [];
  let turn = 0;
  let index = 0;
  for (let k = 0; k + 1 < toMove.length; k++) {
    if (k > 0) {
      // The position after record k and the `index` before it, back to the turn's second position.
      const window = toMove.slice(k + 1 - index, k + 2);
      if (window.includes(0) && window.includes(1)) {
        turn++;
        index = 0;
      } else index++;
    }
    turns.push(turn);
  }
  return turns;
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
  // Who moves before each record (relative: 0 is the first mover); a resignation is the side to move's.
  const toMove = [0];
  input.plies.forEach((p, k) => k > 0 && toMove.push(p.continued ? toMove[k - 1] : 1 - toMove[k - 1]));
  const last = toMove[toMove.length - 1];
  if (input.plies.length > 0) toMove.push(input.continues ? last : 1 - last);
  if (input.resigned) {
    halves.push('---');
    toMove.push(1 - toMove[toMove.length - 1]);
  }
  const turns = halves.length === 0 ? [] : turnsOf(toMove);
  const turnCount = halves.length === 0 ? 0 : turns[turns.length - 1] + 1;
  for (let n = 0; n < turnCount; n++) {
    lines.push(`${n + 1}. ${halves.filter((_, k) => turns[k] === n).join(' ')}`);
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
