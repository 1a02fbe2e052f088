/**
 * The board as text for chat: two characters a square (a separator, then the square), ranks on the
 * left, files below, a legend of only what this variant can show, and the side to move. Marks live
 * in the separators, so they cost no width: `[t]` is a square of the last move, `(t)` a highlighted
 * one, `<t>` a piece the side to move can take now (threats=1), and a square whose piece the last
 * move captured shows `x`, one on a king's route to escape `*`. A 19×19 board with everything on
 * stays near 1,100 characters, well under Discord's 2,000 even inside a code fence.
 */
import type { CompiledVariant } from '../engine/compiled-variant.js';
import { PIECE_LETTER_NAMES } from '../engine/values.js';
import type { PieceLetter, SideName, SpecialSquareKind } from '../engine/values.js';
import { BoardInput, BoardSquare, boardModel } from './board-model.js';
import { FILE_LETTERS } from './glyphs.js';
import { ResolvedText, ResolvedThreats, TextOptions, TextStyle, checkTextOptions, orThrow } from './options.js';

/** The longest text board a chat message may hold (Discord's limit). */
export const MAX_TEXT_BOARD_CHARS = 2000;

interface Symbols {
  pieces: Record<PieceLetter, string>;
  empty: string;
  special: Record<SpecialSquareKind, string>;
  captured: string;
  route: string;
}

const SYMBOLS: Record<TextStyle, Symbols> = {
  ascii: {
    pieces: { t: 't', T: 'T', K: 'K', C: 'C', c: 'c', n: 'n', N: 'N', m: 'm', M: 'M', g: 'g', G: 'G' },
    empty: '.',
    special: { throne: '+', corner: '#', citadel: '=', fort: '~' },
    captured: 'x',
    route: '*',
  },
  unicode: {
    // Filled for attackers, open for defenders, as the soldiers. A mercenary's lower half wears the
    // other side's colour, as in the picture; a guard's shield points down where a knight's points up.
    pieces: { t: '●', T: '○', K: '♔', C: '◆', c: '◈', n: '▲', N: '△', m: '◓', M: '◒', g: '▼', G: '▽' },
    empty: '·',
    special: { throne: '⊕', corner: '▣', citadel: '□', fort: '▦' },
    captured: '×',
    route: '∗',
  },
};

type Mark = 'move' | 'highlight' | 'threat' | null;
const OPEN: Record<NonNullable<Mark>, string> = { move: '[', highlight: '(', threat: '<' };
const CLOSE: Record<NonNullable<Mark>, string> = { move: ']', highlight: ')', threat: '>' };

/** The separator between two neighbouring squares of a row, carrying the marks of both. */
function separator(left: Mark, right: Mark): string {
  if (left && right) return left === right ? '|' : CLOSE[left];
  if (right) return OPEN[right];
  if (left) return CLOSE[left];
  return ' ';
}

function squareSymbol(sq: BoardSquare, captured: boolean, route: boolean, s: Symbols): string {
  if (sq.piece) return s.pieces[sq.piece];
  if (route) return s.route;
  if (captured) return s.captured;
  return sq.special ? s.special[sq.special] : s.empty;
}

function legend(pieces: PieceLetter[], specials: readonly SpecialSquareKind[], o: ResolvedText, s: Symbols): string[] {
  const lines = [pieces.map((p) => `${s.pieces[p]} ${PIECE_LETTER_NAMES[p]}`).join('  ')];
  const marks = specials.map((k) => `${s.special[k]} ${k}`);
  if (o.lastMove) marks.push('[ ] last move');
  if (o.highlight.length) marks.push('( ) highlight');
  if (o.captures.length) marks.push(`${s.captured} captured`);
  if (o.threats) marks.push(...threatLegend(o.threats, s));
  if (marks.length) lines.push(marks.join('  '));
  return lines;
}

/** Asked for and found nothing says so, so that the answer differs from one not asked. */
function threatLegend(t: ResolvedThreats, s: Symbols): string[] {
  const out: string[] = [];
  if (t.kingRoutes.length) out.push(`${s.route} king's route to escape`);
  if (t.kingCapturable.length || t.hanging.length) out.push('< > can be taken now');
  return out.length ? out : ['no threats'];
}

function render(v: CompiledVariant, board: BoardInput, side: SideName, o: ResolvedText): string {
  const model = boardModel(v, board);
  const n = model.size;
  const s = SYMBOLS[o.style];
  const marks = new Map<string, Mark>();
  for (const h of o.highlight) marks.set(h.name, 'highlight');
  // The last move wins where a square is both: it is the one a reader looks for first.
  if (o.lastMove) for (const m of [o.lastMove.from, o.lastMove.to]) marks.set(m.name, 'move');
  // Threats win over both: they were asked for, and the last move is still said in the status line.
  for (const t of [...(o.threats?.kingCapturable ?? []), ...(o.threats?.hanging ?? [])]) marks.set(t.name, 'threat');
  const route = new Set((o.threats?.kingRoutes ?? []).flatMap((r) => r.route.map((sq) => sq.name)));
  const captured = new Set(o.captures.map((c) => c.name));
  const files = Array.from({ length: n }, (_, i) => (o.flip ? n - 1 - i : i));
  const ranks = Array.from({ length: n }, (_, i) => (o.flip ? i : n - 1 - i));
  const labelWidth = String(n).length;

  const lines: string[] = [];
  for (const r of ranks) {
    let row = o.coords ? String(r + 1).padStart(labelWidth) : '';
    let prev: Mark = null;
    for (const f of files) {
      const sq = model.squares[r * n + f];
      const mark = marks.get(sq.name) ?? null;
      row += separator(prev, mark) + squareSymbol(sq, captured.has(sq.name), route.has(sq.name), s);
      prev = mark;
    }
    row += separator(prev, null);
    lines.push(row.trimEnd());
  }
  if (o.coords) lines.push(' '.repeat(labelWidth) + files.map((f) => ` ${FILE_LETTERS[f]}`).join(''));

  lines.push('', ...legend([...model.pieces], model.specialKinds, o, s));
  // A finished game says its result, not whose turn it would be.
  let status = o.result
    ? `${o.result[0].toUpperCase()}${o.result.slice(1)}.`
    : `${side === 'attackers' ? 'Attackers' : 'Defenders'} to move.`;
  if (o.lastMove) {
    status += ` Last move: ${o.lastMove.from.name}-${o.lastMove.to.name}`;
    if (o.captures.length) status += `, captured ${o.captures.map((c) => c.name).join(' ')}`;
    status += '.';
  }
  lines.push(status);
  return lines.join('\n');
}

/**
 * The text board of `board` in `variant`, `sideToMove` to play. Options are checked with
 * checkTextOptions; ones it refuses throw a RangeError here (callers validate first).
 */
export function renderText(variant: CompiledVariant, board: BoardInput, sideToMove: SideName, options: TextOptions = {}): string {
  return render(variant, board, sideToMove, orThrow(checkTextOptions(variant, options)));
}
