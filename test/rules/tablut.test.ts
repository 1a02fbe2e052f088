/**
 * Conformance tests for rules.md 5.4, `tablut` (9×9, throne e5, no corner squares, edge escape). Every
 * clause of the paragraph has a test; expected values come from the spec.
 * Who may stop on or pass the throne, throne hostility, the armed king, repetition and no legal move: rows of the CORE tables in core-by-variant.test.ts.
 */
import { brief, evaluate, illegal, moves, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'tablut';

describe('tablut: layout and first move', () => {
  it('tablut: the start position is the 5.4 layout with the attackers to move', () => {
    const start = tfen(
      `
        9 . . . t t t . . .
        8 . . . . t . . . .
        7 . . . . T . . . .
        6 t . . . T . . . t
        5 t t T T K T T t t
        4 t . . . T . . . t
        3 . . . . T . . . .
        2 . . . . t . . . .
        1 . . . t t t . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(start).toBe('3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 a');
    const e = evaluate(V);
    expect(e.position).toBe(start);
    expect(e.sideToMove).toBe('attackers');
    expect(illegal(V, undefined, 'e7-c7').reason).toBe('NOT_YOUR_PIECE');
    expect(play(V, undefined, 'e8-c8').move.notation).toBe('e8-c8');
  });
});

describe('tablut: escape and corners', () => {
  it('tablut: the king escapes to any edge square', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . t .
        7 . . K . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . t . .
        2 . T . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'd',
    );
    expect(brief(play(V, position, 'c7-c9').outcome)).toEqual(won('defenders', 'king_escaped'));
    expect(brief(play(V, position, 'c7-a7').outcome)).toEqual(won('defenders', 'king_escaped'));
    const r = play(V, position, 'c7-c8');
    expect(r.move.notation).toBe('c7-c8');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('tablut: a corner square is an ordinary edge square (the king escapes there, soldiers may stop there)', () => {
    const king = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . t .
        7 . . T . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 K . . . . . . . .
        3 . . . . . . t . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'd',
    );
    expect(brief(play(V, king, 'a4-a1').outcome)).toEqual(won('defenders', 'king_escaped'));
    const soldier = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . t .
        7 . . T . . . . . .
        6 . . . . . . . . .
        5 . . . . K . . . .
        4 t . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, soldier, 'a4-a1');
    expect(r.move.notation).toBe('a4-a1');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('tablut: with no corner squares, a soldier next to a1 is not captured against it', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . t .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . K . . . .
        4 . . . . . . . . .
        3 . . . t . . . . .
        2 T . . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, position, 'd3-a3');
    expect(r.move.notation).toBe('d3-a3');
    expect(r.move.captures).toEqual([]);
  });
});

describe('tablut: Linnaean capture', () => {
  it('tablut: a defender beside the king on the throne, boxed by three attackers around the king, is captured against the throne', () => {
    const below = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . t . . . .
        5 . . . t K t . . .
        4 . . . . T . . . .
        3 . t . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, below, 'b3-e3');
    expect(r.move.notation).toBe('b3-e3xe4');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const left = tfen(
      `
        9 . . . . . . . . .
        8 . . t . . . . . .
        7 . . . . . . . . .
        6 . . . . t . . . .
        5 . . . T K t . . .
        4 . . . . t . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(play(V, left, 'c8-c5').move.notation).toBe('c8-c5xd5');
  });

  it('tablut: with only two attackers beside the king the defender is safe', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . t K t . . .
        4 . . . . T . . . .
        3 . t . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, position, 'b3-e3');
    expect(r.move.notation).toBe('b3-e3');
    expect(r.move.captures).toEqual([]);
  });
});

describe('tablut: the king', () => {
  it('tablut: on the throne four attackers capture the king, three do not', () => {
    const four = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . t . . . .
        5 . . . t K t . . .
        4 . t . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, four, 'b4-e4');
    expect(r.move.notation).toBe('b4-e4xe5');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    const three = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . t K t . . .
        4 . t . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(brief(play(V, three, 'b4-e4').outcome)).toEqual(ONGOING);
  });

  it('tablut: beside the throne three attackers and the throne capture the king', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . t . . . . . . .
        6 . . . t K t . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, position, 'b7-e7');
    expect(r.move.notation).toBe('b7-e7xe6');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('tablut: beside the throne two attackers do not capture the king', () => {
    const across = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . t K . . t .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . T . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, across, 'h6-f6');
    expect(r.move.notation).toBe('h6-f6');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const withThrone = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . t . . . . . . .
        6 . . . . K . . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(brief(play(V, withThrone, 'b7-e7').outcome)).toEqual(ONGOING);
  });

  it('tablut: elsewhere two attackers on opposite sides capture the king (diagonal to the throne too)', () => {
    const open = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . T .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 t . . . . . . . .
        3 . . K . . . . . .
        2 . . t . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play(V, open, 'a4-c4');
    expect(r.move.notation).toBe('a4-c4xc3');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    const diagonal = tfen(
      `
        9 . . . . . . . . .
        8 . . . . t . . . .
        7 . . . . . . . . .
        6 . . t K . . . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r2 = play(V, diagonal, 'e8-e6');
    expect(r2.move.notation).toBe('e8-e6xd6');
    expect(brief(r2.outcome)).toEqual(won('attackers', 'king_captured'));
  });
});

describe('tablut: game end', () => {
  it('tablut: near-miss for the boxed king (see core-by-variant): with e4 free he still moves, through the empty throne he may pass but not stop on', () => {
    const open = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . t . . . .
        6 . . . t K t . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 t . . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(
      moves(V, open, 'e6', ['a2-a3'])
        .moves.map((m) => m.notation)
        .sort(),
    ).toEqual(['e6-e1', 'e6-e2', 'e6-e3', 'e6-e4']);
  });
});
