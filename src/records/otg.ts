/**
 * OpenTafl game records (`.otg`, OpenTafl notation spec section 4; shared/records/README.md):
 *
 *     [date:2015.01.07]
 *     [rules:dim:11 atkf:y sw:s efe:y start:/3ttttt3/5t5/.../]
 *
 *     1. d1-d3 h6-h9
 *     [comment on the first move|comment on the second move]
 *
 *     12b.1.1a. ..... d2-c2          (a variation: not part of the main line)
 *
 * Tags are `[key:value]` (the value may hold colons and line breaks); the rules tag holds OTN rule
 * switches `key:value` separated by spaces, `start:` (the start position, ranks from rank 1 upward)
 * last. Move records: optional piece letter (`K`), `from-to`, captures `xe2` or `xf3/h3` (a bare `x`
 * or `xx` when the squares were not written), optional status `+ - ++ --`; `---` is a resignation.
 *
 * Pure code: no I/O, no framework. Data errors are returned as values (the engine's Result), never
 * thrown; `toOtg` throws only when asked to write something the format cannot hold (a programming
 * error). Positions go through the engine's TFEN row codec, so both notations read rows one way.
 */
import { Problem, Result, err, ok } from '../engine/result';
import { BoardGrid, parseBoardRow, printBoardField } from '../engine/tfen';

export type OtgSide = 'attackers' | 'defenders';

export interface OtgTag {
  key: string;
  value: string;
}

export interface OtgRules {
  /** The rules string as written. */
  text: string;
  /** Every `key:value` switch, in the order written (values may be empty, e.g. `cenh:`). */
  switches: Record<string, string>;
  order: string[];
  /** `dim`, when it is a number. */
  dim: number | null;
  /** The `start` field as written (ranks from rank 1 upward), or null. */
  start: string | null;
  /** `atkf:n` means the defenders move first; anything else (or no switch) the attackers. */
  firstSide: OtgSide;
}

export type OtgMoveType = '-' | '^' | '=' | '^=';
export type OtgInfo = '+' | '-' | '++' | '--';

export interface OtgMove {
  /** The record as written. */
  text: string;
  /** Piece letter written before the start square (`K` for the king), or null. */
  piece: string | null;
  from: string;
  to: string;
  moveType: OtgMoveType;
  /** Captured squares as written, or null when the move has no capture squares (none, or a bare `x`). */
  captures: string[] | null;
  /** Piece letters written before the capture squares (null where none), parallel to `captures`. */
  capturePieces: (string | null)[];
  /** Number of `x` marks of a bare capture (`x` → 1, `xx` → 2); 0 otherwise. */
  bareCaptures: number;
  info: OtgInfo | null;
}

export type OtgHalfMove =
  | { kind: 'move'; move: OtgMove }
  | { kind: 'resign' }
  /** A placeholder such as `.....` for the half of a turn a variation does not play. */
  | { kind: 'skip'; text: string };

export interface OtgComment {
  /** The text between the brackets. */
  text: string;
  /** Before the first `|` (the whole text when there is none). */
  first: string;
  /** After the first `|`, or null. */
  second: string | null;
}

export interface OtgTurn {
  /** `12.` or a variation address such as `12b.1.1a.` (with its final dot). */
  address: string;
  number: number;
  variation: boolean;
  halves: OtgHalfMove[];
  comments: OtgComment[];
  /** 1-based line of the address. */
  line: number;
}

export interface OtgPly {
  /** 0-based index in the main line. */
  index: number;
  turn: number;
  half: 0 | 1;
  side: OtgSide;
  piece: string | null;
  king: boolean;
  from: string;
  to: string;
  /** Captured squares as written, or null for a bare `x` (see `captureCount`). */
  captures: string[] | null;
  /** Number of captures the record claims (squares, or bare `x` marks). */
  captureCount: number;
  /** `from-to`, the form the engine reads. */
  notation: string;
}

export interface OtgGame {
  tags: OtgTag[];
  /** Tag values by key (the last one wins if a key repeats). */
  tagMap: Record<string, string>;
  rules: OtgRules | null;
  /** A position record written after the tags (optional in the format), or null. */
  position: string | null;
  firstSide: OtgSide;
  /** Comments that come before the first turn. */
  preamble: OtgComment[];
  /** The main line, turn by turn. */
  turns: OtgTurn[];
  /** Variation turns (skipped for the main line), in file order. */
  variations: OtgTurn[];
  /** The main line's moves in order (resignations and placeholders left out). */
  plies: OtgPly[];
  /** The side that resigned (`---`), or null. */
  resigned: OtgSide | null;
}

export interface OtgError {
  reason: string;
  /** 1-based line. */
  line: number;
  token?: string;
}

export type OtgParse = Result<OtgGame, OtgError>;

// ---------------------------------------------------------------------------------------------------
// Rules strings and positions

const SYMBOL = '[tcnkTCNK]';
const SQUARE = '[a-z][1-9][0-9]?';

/** Splits an OTN rules string into its switches; never fails (a word without a colon is kept as a key with value ''). */
export function parseOtgRules(text: string): OtgRules {
  const switches: Record<string, string> = {};
  const order: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    if (word === '') continue;
    const colon = word.indexOf(':');
    const key = colon < 0 ? word : word.slice(0, colon);
    const value = colon < 0 ? '' : word.slice(colon + 1);
    if (!(key in switches)) order.push(key);
    switches[key] = value;
  }
  const dim = switches.dim !== undefined && /^[1-9][0-9]*$/.test(switches.dim) ? Number(switches.dim) : null;
  return {
    text,
    switches,
    order,
    dim,
    start: switches.start ?? null,
    firstSide: switches.atkf === 'n' ? 'defenders' : 'attackers',
  };
}

/** Writes rule switches as an OTN rules string: `dim` first, `start` last, the rest in the order given. */
export function otgRulesString(switches: Record<string, string> | readonly (readonly [string, string])[]): string {
  const entries = Array.isArray(switches) ? [...switches] : Object.entries(switches);
  for (const [k, v] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(k)) throw new Error(`bad rules switch name "${k}"`);
    if (/[\s\]]/.test(v)) throw new Error(`rules switch ${k} has a value with a space or "]"`);
  }
  const rank = (k: string) => (k === 'dim' ? 0 : k === 'start' ? 2 : 1);
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e[0]) - rank(b.e[0]) || a.i - b.i)
    .map(({ e }) => `${e[0]}:${e[1]}`)
    .join(' ');
}

/**
 * The TFEN board field (top rank first) of an OTN position record such as `start:`'s value
 * (`/3t3/3t3/.../`, rank 1 first). Only the pieces TFEN knows (t, T, K, C) are accepted; the error
 * lists every problem in one sentence.
 */
export function otgPositionToTfenBoard(record: string, size?: number): Result<string, string> {
  const body = record.trim().replace(/^\//, '').replace(/\/$/, '');
  const rows = body.split('/');
  const n = size ?? rows.length;
  if (rows.length !== n) return err(`position has ${rows.length} ranks, expected ${n}`);
  const grid: BoardGrid = { size: n, cells: new Uint8Array(n * n) };
  const reasons: string[] = [];
  // OTN writes rank 1 first, so row i is rank i + 1; the row syntax is TFEN's.
  rows.forEach((row, i) => {
    const problems: Problem[] = [];
    const width = parseBoardRow(row, grid, i, 0, problems);
    for (const p of problems) {
      reasons.push(
        p.code === 'BAD_TFEN_PIECE' ? `piece "${row[p.offset ?? 0]}" has no TFEN letter` : `rank ${i + 1} "${row}": ${p.message}`,
      );
    }
    if (width !== n) reasons.push(`rank ${i + 1} "${row}" has ${width} squares, expected ${n}`);
  });
  return reasons.length ? err(reasons.join('; ')) : ok(printBoardField(grid));
}

/** The OTN position record (`/…/`, rank 1 first) of a TFEN board field (top rank first). */
export function tfenBoardToOtgPosition(board: string): string {
  const rows = board.trim().split(/[ _]/)[0].split('/');
  return `/${[...rows].reverse().join('/')}/`;
}

// ---------------------------------------------------------------------------------------------------
// Move records

const MOVE_RE = new RegExp(`^(${SYMBOL})?(${SQUARE})(\\^=|\\^|=|-)(${SQUARE})(?:x(.*?))?(\\+\\+|--|\\+|-)?$`);
const CAPTURE_RE = new RegExp(`^(${SYMBOL})?(${SQUARE})$`);

function squareOnBoard(square: string, dim: number | null): boolean {
  if (dim === null) return true;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  return file < dim && rank >= 1 && rank <= dim;
}

/** Parses one OTN move record (`Ke5-f5`, `g2-g3xf3/h3`, `d9-d10x`); `---` is not a move (see parseOtg). */
export function parseOtgMove(text: string, dim: number | null = null): Result<OtgMove, string> {
  const m = MOVE_RE.exec(text);
  if (!m) return err(`"${text}" is not a move record (expected e.g. "d1-d3", "Ke5-f5" or "g2-g3xf3/h3")`);
  const [, piece, from, moveType, to, captureText, info] = m;
  let captures: string[] | null = null;
  const capturePieces: (string | null)[] = [];
  let bareCaptures = 0;
  if (captureText !== undefined) {
    if (/^x*$/.test(captureText)) bareCaptures = captureText.length + 1;
    else {
      captures = [];
      for (const part of captureText.split('/')) {
        const c = CAPTURE_RE.exec(part);
        if (!c) return err(`"${part}" in "${text}" is not a captured square`);
        capturePieces.push(c[1] ?? null);
        captures.push(c[2]);
      }
    }
  }
  const off = [from, to, ...(captures ?? [])].find((s) => !squareOnBoard(s, dim));
  if (off) return err(`${off} in "${text}" is not a square of a ${dim}×${dim} board`);
  if (from === to) return err(`"${text}" moves a piece to its own square`);
  return ok({
    text,
    piece: piece ?? null,
    from,
    to,
    moveType: moveType as OtgMoveType,
    captures,
    capturePieces,
    bareCaptures,
    info: (info as OtgInfo | undefined) ?? null,
  });
}

// ---------------------------------------------------------------------------------------------------
// Game records

type Token = { kind: 'bracket'; text: string; line: number } | { kind: 'word'; text: string; line: number };

function tokenize(text: string): Result<Token[], OtgError> {
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
    if (current.halves.length === 2) return fail(`turn ${current.address} has more than two moves`, tok.line, word);
    if (word === '---') current.halves.push({ kind: 'resign' });
    else if (/^\.{2,}$/.test(word)) current.halves.push({ kind: 'skip', text: word });
    else {
      const m = parseOtgMove(word, rules?.dim ?? null);
      if (!m.ok) return fail(m.error, tok.line, word);
      current.halves.push({ kind: 'move', move: m.value });
    }
  }

  const firstSide: OtgSide = rules?.firstSide ?? 'attackers';
  const other: OtgSide = firstSide === 'attackers' ? 'defenders' : 'attackers';
  const plies: OtgPly[] = [];
  let resigned: OtgSide | null = null;
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
      const side = h === 0 ? firstSide : other;
      if (resigned) return fail(`a move of turn ${turn.address} comes after a resignation`, turn.line, turn.address);
      if (half.kind === 'resign') resigned = side;
      else if (half.kind === 'move') {
        const mv = half.move;
        plies.push({
          index: plies.length,
          turn: turn.number,
          half: h as 0 | 1,
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

// ---------------------------------------------------------------------------------------------------
// Writing

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
