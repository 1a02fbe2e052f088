/**
 * OTN-11, OpenTafl's fortresses (`afor`, `dfor`): squares with their own pass, stop, entry and hostility
 * (docs/otn.md). Each test is on a drawn 7×7 position of a custom variant derived from Brandubh (throne
 * d4, corners a1 a7 g1 g7) with an attacker fort of four squares a3 a4 a5 b4, so only the forts differ.
 */
import { CompiledVariant, applyMove, legalMoves } from '../../src/engine';
import type { FortRules } from '../../src/engine/definition';
import { CustomVariantInput, compileCustomVariant } from '../../src/variants';
import { tfen } from '../helpers/rules';

function variant(input: CustomVariantInput): CompiledVariant {
  const v = compileCustomVariant(input);
  if (!v.ok) throw new Error(JSON.stringify(v.error));
  return v.value;
}

/** The notation of `move` played from `position` (with its captures), or the reason it is refused. */
function play(v: CompiledVariant, position: string, move: string): string {
  const r = applyMove(v, { position, moves: [] }, move);
  if (r.ok) return r.value.move.notation;
  return r.error.kind === 'illegal-move' ? r.error.illegal.reason : `bad input: ${JSON.stringify(r.error.errors)}`;
}

function moves(v: CompiledVariant, position: string, from: string): string[] {
  const r = legalMoves(v, { position }, from);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.moves.map((m) => m.notation).sort();
}

const FORT: FortRules = {
  squares: ['a3', 'a4', 'a5', 'b4'],
  whoMayStop: 'all',
  whoMayPass: 'all',
  whoMayEnter: 'nobody',
  hostileTo: { attackers: 'never', defenders: 'always', king: 'always' },
};
const withFort = (fort: Partial<FortRules> = {}) =>
  variant({ base: 'brandubh', forts: { attackers: { ...FORT, ...fort }, defenders: null } } as CustomVariantInput);

describe('OTN-11 a piece on a fort moves within the forts of its kind; a piece from elsewhere needs the right to enter', () => {
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . t . . . .
        4 t . . + . . .
        3 . . . . . . .
        2 . T . . . . .
        1 + . . . K . +
          a b c d e f g
      `,
      side,
    );
  const v = withFort();

  it('OTN-11 the attacker on fort a4 stops on a3, a5, b4 and passes them (a4-a2, a4-a6, a4-c4 and over the throne), as on plain squares', () => {
    expect(moves(v, position('a'), 'a4')).toEqual(['a4-a2', 'a4-a3', 'a4-a5', 'a4-a6', 'a4-b4', 'a4-c4', 'a4-e4', 'a4-f4', 'a4-g4']);
  });

  it('OTN-11 entry for nobody: the attacker on c5 may not stop on fort a5, b2 may not stop on or pass fort b4', () => {
    expect(play(v, position('a'), 'c5-b5')).toBe('c5-b5');
    expect(play(v, position('a'), 'c5-a5')).toBe('RESTRICTED_SQUARE');
    expect(play(v, position('d'), 'b2-b3')).toBe('b2-b3');
    expect(play(v, position('d'), 'b2-b4')).toBe('RESTRICTED_SQUARE');
    expect(play(v, position('d'), 'b2-b6')).toBe('RESTRICTED_SQUARE');
    expect(moves(v, position('d'), 'b2')).toEqual(['b2-a2', 'b2-b1', 'b2-b3', 'b2-c2', 'b2-d2', 'b2-e2', 'b2-f2', 'b2-g2']);
  });

  it('OTN-11 entry for all: the same forts may be entered and crossed from outside (b2-b6, c5-a5)', () => {
    const open = withFort({ whoMayEnter: 'all' });
    expect(play(open, position('a'), 'c5-a5')).toBe('c5-a5');
    expect(play(open, position('d'), 'b2-b6')).toBe('b2-b6');
  });

  it('OTN-11 stopping for attackers only, entry for all: b2 passes fort b4 (b2-b6) but may not stop on it; a4 stops within', () => {
    const attackersStop = withFort({ whoMayStop: 'attackers', whoMayEnter: 'all' });
    expect(play(attackersStop, position('d'), 'b2-b6')).toBe('b2-b6');
    expect(play(attackersStop, position('d'), 'b2-b4')).toBe('RESTRICTED_SQUARE');
    expect(play(attackersStop, position('a'), 'a4-b4')).toBe('a4-b4');
    expect(play(attackersStop, position('a'), 'c5-a5')).toBe('c5-a5');
  });
});

describe('OTN-11 a fort is hostile to the sides its set names, empty or occupied', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 . T . t . . .
      4 . . . + . . .
      3 . T . . . . .
      2 . . t . . . .
      1 + . . . K . +
        a b c d e f g
    `,
    'a',
  );

  it('OTN-11 hostile to defenders: d5-c5 captures b5 against the empty fort a5; not hostile, it captures nothing', () => {
    expect(play(withFort(), position, 'd5-c5')).toBe('d5-c5xb5');
    expect(play(withFort({ hostileTo: { attackers: 'never', defenders: 'never', king: 'never' } }), position, 'd5-c5')).toBe('d5-c5');
  });

  it('OTN-11 an occupied fort is hostile too: with a defender on a3, c2-c3 captures b3 against it', () => {
    const withDefenderOnA3 = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 T T . . . . .
        2 . . t . . . .
        1 + . . . K . +
          a b c d e f g
      `,
      'a',
    );
    expect(play(withFort(), withDefenderOnA3, 'c2-c3')).toBe('c2-c3xb3');
    expect(play(withFort({ hostileTo: { attackers: 'never', defenders: 'never', king: 'never' } }), withDefenderOnA3, 'c2-c3')).toBe(
      'c2-c3',
    );
  });
});

describe('OTN-11 forts are validated against the board', () => {
  it('OTN-11 a fort on the throne or a corner, twice listed, or off the board is refused with the square named', () => {
    const r = compileCustomVariant({
      base: 'brandubh',
      forts: { attackers: { ...FORT, squares: ['d4', 'a1', 'b2', 'b2', 'h9'] }, defenders: null },
    } as CustomVariantInput);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((e) => `${e.code}@${e.field}`)).toEqual([
      'BAD_VARIANT_SQUARE@forts.attackers.squares[0]',
      'BAD_VARIANT_SQUARE@forts.attackers.squares[1]',
      'BAD_VARIANT_SQUARE@forts.attackers.squares[3]',
      'BAD_VARIANT_SQUARE@forts.attackers.squares[4]',
    ]);
  });
  it('OTN-11 forts of neither kind are dropped, so the rules keep one form', () => {
    const none = variant({ base: 'brandubh', forts: { attackers: null, defenders: null } } as CustomVariantInput);
    expect(none.rules.forts).toBeUndefined();
  });
});

describe('R-5 OTN-11 a hostile fort beside the king counts as an enemy where the graded king needs enemies on all sides (OpenTafl ks:c)', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . + . .
      4 . . . + K t .
      3 t . . . . . .
      2 . . . . . . .
      1 + . . . . T +
        a b c d e f g
    `,
    'a',
  );
  const graded = (fortHostileToKing: 'always' | 'never') =>
    variant({
      base: 'brandubh',
      king: { capture: 'graded', immuneOnEdge: false },
      throne: { hostileTo: { king: 'empty' } },
      forts: {
        attackers: { ...FORT, squares: ['e5'], hostileTo: { attackers: 'never', defenders: fortHostileToKing, king: fortHostileToKing } },
        defenders: null,
      },
    } as CustomVariantInput);
  const outcome = (v: CompiledVariant) => {
    const r = applyMove(v, { position, moves: [] }, 'a3-e3');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return `${r.value.outcome.status} ${r.value.outcome.reason}`;
  };
  it('R-5 OTN-11 the king on e4 beside the empty throne, f4 an attacker, e5 a fort hostile to him: a3-e3 captures him; a fort hostile to nobody does not', () => {
    expect(outcome(graded('always'))).toBe('finished king_captured');
    expect(outcome(graded('never'))).toBe('ongoing null');
  });
});
