/**
 * Reading a whole `.otg` game record: tags, the rules tag, an optional position record, comments, and
 * turns (main line and variations), then the main line's moves checked for order and resignations.
 */
import { err, ok } from '../engine/result.js';
import { OtgComment, OtgParse, OtgPly, OtgRules, OtgSide, OtgTag, OtgTurn } from './otg-model.js';
import { parseOtgMove } from './otg-move.js';
import { parseOtgRules } from './otg-rules.js';
import { tokenize } from './otg-tokens.js';

const TAG_RE = /^([A-Za-z][A-Za-z0-9_-]*):([\s\S]*)$/;
const MAIN_ADDRESS_RE = /^([1-9][0-9]*)\.$/;
const VARIATION_ADDRESS_RE = /^([1-9][0-9]*)[a-z][0-9a-z.]*\.$/;

function comment(text: string): OtgComment {
  const bar = text.indexOf('|');
  return bar < 0 ? { text, first: text, second: null } : { text, first: text.slice(0, bar), second: text.slice(bar + 1) };
}

/** Parses a whole `.otg` game record. */
export function parseOtg(text: string): OtgParse {
  const t = tokenize(text.replace(/\r\n?/g, '\n'));
  if (!t.ok) return t;
  const fail = (reason: string, line: number, token?: string): OtgParse => err({ reason, line, token });

  const tags: OtgTag[] = [];
  const tagMap: Record<string, string> = {};
  const preamble: OtgComment[] = [];
  let position: string | null = null;
  const turns: OtgTurn[] = [];
  const variations: OtgTurn[] = [];
  let current: OtgTurn | null = null;
  let rules: OtgRules | null = null;

  for (const tok of t.value) {
    if (tok.kind === 'bracket') {
      if (current) {
        current.comments.push(comment(tok.text));
        continue;
      }
      const tag = TAG_RE.exec(tok.text);
      if (tag && turns.length === 0 && variations.length === 0) {
        tags.push({ key: tag[1], value: tag[2] });
        tagMap[tag[1]] = tag[2];
        if (tag[1] === 'rules') rules = parseOtgRules(tag[2]);
      } else preamble.push(comment(tok.text));
      continue;
    }
    const word = tok.text;
    const main = MAIN_ADDRESS_RE.exec(word);
    const variation = main ? null : VARIATION_ADDRESS_RE.exec(word);
    if (main || variation) {
      current = { address: word, number: Number((main ?? variation)![1]), variation: !main, halves: [], comments: [], line: tok.line };
      (main ? turns : variations).push(current);
      continue;
    }
    if (!current) {
      if (word.startsWith('/') && position === null && turns.length === 0) {
        position = word;
        continue;
      }
      return fail(`"${word}" comes before the first turn number`, tok.line, word);
    }
    if (current.comments.length) return fail(`move "${word}" after the comment of turn ${current.address}`, tok.line, word);
    if (word === '---') current.halves.push({ kind: 'resign' });
    else if (/^\.{2,}$/.test(word)) current.halves.push({ kind: 'skip', text: word });
    else {
      const m = parseOtgMove(word, rules?.dim ?? null);
      if (!m.ok) return fail(m.error, tok.line, word);
      current.halves.push({ kind: 'move', move: m.value });
    }
  }

  const firstSide: OtgSide = rules?.firstSide ?? 'attackers';
  const other = (s: OtgSide): OtgSide => (s === 'attackers' ? 'defenders' : 'attackers');
  const plies: OtgPly[] = [];
  let resigned: OtgSide | null = null;
  // The side of the move before (the first move's being firstSide). Turns do not say it: OpenTafl numbers
  // them by its own rule, and under berserk (OTN-13) a side may move several times in a row, each further
  // move of the berserker written with `=` (`j5=j7xj8`, `Ni3^=i1xi2`).
  let last: OtgSide | null = null;
  for (let n = 0; n < turns.length; n++) {
    const turn = turns[n];
    if (turn.number !== n + 1) return fail(`turn ${turn.address} out of order (expected ${n + 1}.)`, turn.line, turn.address);
    if (resigned) return fail(`turn ${turn.address} comes after a resignation`, turn.line, turn.address);
    if (turn.halves.length === 0) return fail(`turn ${turn.address} has no move`, turn.line, turn.address);
    if (turn.halves.length < 2 && n < turns.length - 1 && turn.halves[0].kind !== 'resign') {
      return fail(`turn ${turn.address} has one move but is not the last turn`, turn.line, turn.address);
    }
    for (let h = 0; h < turn.halves.length; h++) {
      const half = turn.halves[h];
      if (resigned) return fail(`a move of turn ${turn.address} comes after a resignation`, turn.line, turn.address);
      if (half.kind === 'resign') resigned = last === null ? firstSide : other(last);
      else if (half.kind === 'move') {
        const mv = half.move;
        const continued = mv.moveType === '=' || mv.moveType === '^=';
        if (continued && last === null) return fail(`the first move "${mv.text}" continues no move (=)`, turn.line, mv.text);
        const side: OtgSide = last === null ? firstSide : continued ? last : other(last);
        last = side;
        plies.push({
          index: plies.length,
          turn: turn.number,
          half: h,
          side,
          piece: mv.piece,
          king: mv.piece === 'K' || mv.piece === 'k',
          from: mv.from,
          to: mv.to,
          captures: mv.captures,
          captureCount: mv.captures ? mv.captures.length : mv.bareCaptures,
          notation: `${mv.from}-${mv.to}`,
        });
      }
    }
  }

  return ok({ tags, tagMap, rules, position, firstSide, preamble, turns, variations, plies, resigned });
}
