/**
 * Conformance tests for rules.md 5.1, `fetlar-edge-capture`: fetlar, except that the king is also captured
 * by three attackers when his fourth side is the board edge. Expected values come from the spec.
 * King capture off the edge, repetition and no legal move (as fetlar): rows of the CORE tables in core-by-variant.test.ts.
 */
import { brief, illegal, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'fetlar-edge-capture';

describe('fetlar-edge-capture: the king on the edge', () => {
  it('fetlar-edge-capture: three attackers capture the king against the edge (moved piece inward)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . t . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . t K t . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'f5-f2');
    expect(r.move.notation).toBe('f5-f2xf1');
    expect(r.move.captures).toEqual(['f1']);
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    // the same move in fetlar: the king is immune on the edge (FET-7)
    expect(brief(play('fetlar', position, 'f5-f2').outcome)).toEqual(ONGOING);
  });

  it('fetlar-edge-capture: three attackers capture the king against the edge (moved piece on the edge line)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . t . . . .
         3 . . . . . . . . . . .
         2 . . . . . t . . . . .
         1 + . . . t K . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'g4-g1');
    expect(r.move.notation).toBe('g4-g1xf1');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('fetlar-edge-capture: the king boxed on the left edge is captured (in fetlar he only runs out of moves)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . t . . . . . . . .
         6 K t . . . + . . . . .
         5 t . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . t . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'c7-a7');
    expect(r.move.notation).toBe('c7-a7xa6');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    expect(brief(play('fetlar', position, 'c7-a7').outcome)).toEqual(won('attackers', 'no_legal_moves'));
  });

  it('fetlar-edge-capture: two attackers do not capture the king on the edge', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . t . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . t K . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'f5-f2');
    expect(r.move.notation).toBe('f5-f2');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const along = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . t . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . t K . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(brief(play(V, along, 'g4-g1').outcome)).toEqual(ONGOING);
  });

  it('fetlar-edge-capture: a corner is not hostile to the king, so the king beside a corner is safe with two attackers', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . t . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + K t . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'b5-b2');
    expect(r.move.notation).toBe('b5-b2');
    expect(r.move.captures).toEqual([]);
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('fetlar-edge-capture: otherwise identical to fetlar', () => {
  it('fetlar-edge-capture: the king escapes to a corner; soldiers may not stop there', () => {
    const position = tfen(
      `
        11 + T . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . t . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . K
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(illegal(V, position, 'b11-a11').reason).toBe('RESTRICTED_SQUARE');
    expect(brief(play(V, position, 'k5-k1').outcome)).toEqual(won('defenders', 'king_escaped'));
  });
});
