/**
 * What the board knows about a position, all of it computed locally by @tafl/rules with the service's
 * shapes: the pieces (read from the TFEN), the variant's special squares, whose turn it is, and the legal
 * moves grouped by the square they start from. Nothing here touches the DOM, so it is easy to test.
 */
import { PIECE_LETTER_NAMES, PIECE_LETTERS, legalMoves, variant as registryVariant } from '@tafl/rules';
import type { PieceLetter } from '@tafl/rules';
import { squareName } from './board-geometry.js';

export type { PieceLetter };
export type Side = 'attackers' | 'defenders';
export type SpecialKind = 'throne' | 'corner' | 'citadel' | 'fort';

export interface LegalMove {
  from: string;
  to: string;
  notation: string;
  captures: string[];
}

export interface BoardModel {
  variant: string;
  size: number;
  /** The TFEN shown (the variant's start when none was given). */
  position: string;
  sideToMove: Side;
  pieces: Map<string, PieceLetter>;
  specials: Map<string, SpecialKind>;
  /** Legal moves by origin square; empty when the game is over. */
  moves: Map<string, LegalMove[]>;
  /** The side of each kind of piece, from the variant's description. */
  pieceSides: Map<PieceLetter, Side>;
}

/** What each piece is called in the squares' labels: the service's names. */
export const PIECE_NAMES: Record<PieceLetter, string> = PIECE_LETTER_NAMES;

/** Whose piece `p` is, as the variant says (a commander is a defender in Alea Evangelii); attackers are lower case. */
export function sideOfPiece(model: BoardModel, p: PieceLetter): Side {
  return model.pieceSides.get(p) ?? (p === p.toLowerCase() ? 'attackers' : 'defenders');
}

const TOKENS = new RegExp(`\\d+|[${PIECE_LETTERS.join('')}]`, 'g');

/** The pieces of a TFEN's board field: rows from the top rank down, digits counting empty squares. */
export function piecesOf(tfen: string, size: number): Map<string, PieceLetter> {
  const pieces = new Map<string, PieceLetter>();
  const rows = tfen.trim().split(/\s+/)[0].split('/');
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    let file = 0;
    for (const token of row.match(TOKENS) ?? []) {
      if (/^\d+$/.test(token)) file += Number(token);
      else pieces.set(squareName({ file: file++, rank }), token as PieceLetter);
    }
  });
  return pieces;
}

/** The model of `position` (the start when null) in built-in `variantId`; an Error says what is wrong. */
export function boardModel(variantId: string, position: string | null): BoardModel | Error {
  const v = registryVariant(variantId);
  if (!v) return new Error(`unknown variant "${variantId}"`);
  const answer = legalMoves(position ? { variant: variantId, position } : { variant: variantId });
  if (!answer.ok) return new Error(answer.error.detail);
  const specials = new Map<string, SpecialKind>();
  for (const group of v.specialSquares) for (const s of group.squares) specials.set(s, group.kind as SpecialKind);
  const moves = new Map<string, LegalMove[]>();
  for (const m of answer.value.moves) {
    if (!m.from || !m.to) continue;
    const list = moves.get(m.from) ?? [];
    list.push({ from: m.from, to: m.to, notation: m.notation, captures: [...m.captures] });
    moves.set(m.from, list);
  }
  return {
    variant: variantId,
    size: v.size,
    position: answer.value.position,
    sideToMove: answer.value.sideToMove as Side,
    pieces: piecesOf(answer.value.position, v.size),
    specials,
    moves,
    pieceSides: new Map(v.pieces.map((p) => [p.letter as PieceLetter, p.side as Side])),
  };
}

/** The ARIA label of a square: its name, the special square, the piece, and what selecting it would do. */
export function squareLabel(model: BoardModel, name: string, marks: { selected: boolean; destination?: LegalMove }): string {
  const parts = [name];
  const special = model.specials.get(name);
  if (special) parts.push(special);
  const piece = model.pieces.get(name);
  parts.push(piece ? PIECE_NAMES[piece] : 'empty');
  if (marks.selected) parts.push('selected');
  if (marks.destination) {
    const n = marks.destination.captures.length;
    parts.push(n ? `legal destination, captures ${marks.destination.captures.join(' and ')}` : 'legal destination');
  }
  return parts.join(', ');
}
