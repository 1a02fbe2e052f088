/**
 * Conformance tests for rules.md 5.3, `brandubh` (7×7, throne d4, corners a1 a7 g1 g7). Every clause of
 * the paragraph has a test; expected values come from the spec.
 * Who may stop on or pass the throne and corners, throne and corner hostility, the armed king, repetition
 * and no legal move: rows of the CORE tables in core-by-variant.test.ts.
 */
import { brief, evaluate, illegal, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'brandubh';

describe('brandubh: layout and first move', () => {
  it('brandubh: the start position is 3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 with the attackers to move', () => {
    const start = tfen(
      `
        7 + . . t . . +
        6 . . . t . . .
        5 . . . T . . .
        4 t t T K T t t
        3 . . . T . . .
        2 . . . t . . .
        1 + . . t . . +
          a b c d e f g
      `,
      'a',
    );
    expect(start).toBe('3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a');
    const e = evaluate(V);
    expect(e.position).toBe(start);
    expect(e.sideToMove).toBe('attackers');
    expect(brief(e.outcome)).toEqual(ONGOING);
    expect(illegal(V, undefined, 'c4-c6').reason).toBe('NOT_YOUR_PIECE');
    expect(play(V, undefined, 'd6-f6').move.notation).toBe('d6-f6');
  });
});

describe('brandubh: the king', () => {
  it('brandubh: on the throne the king is captured by four attackers', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . . . . . T .
        5 . . . t . . .
        4 . . t K t . .
        3 t . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, position, 'a3-d3');
    expect(r.move.notation).toBe('a3-d3xd4');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('brandubh: on the throne three attackers and a defender, or two opposite attackers, do not capture the king', () => {
    const three = tfen(
      `
        7 + . . . . . +
        6 . . . . . T .
        5 . t . . . . .
        4 . . t K t . .
        3 . . . T . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, three, 'b5-d5');
    expect(r.move.notation).toBe('b5-d5');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const two = tfen(
      `
        7 + . . . . . +
        6 . . . . t . .
        5 . . . . . . .
        4 . . t K . . .
        3 . . . . . . .
        2 . T . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r2 = play(V, two, 'e6-e4');
    expect(r2.move.notation).toBe('e6-e4');
    expect(brief(r2.outcome)).toEqual(ONGOING);
  });

  it('brandubh: beside the throne two attackers on opposite sides capture the king', () => {
    const above = tfen(
      `
        7 + . . . t . +
        6 . . . . . . .
        5 . . t K . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . T . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, above, 'e7-e5');
    expect(r.move.notation).toBe('e7-e5xd5');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    const right = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . t . .
        4 . . . + K . .
        3 . . . . . . t
        2 . T . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r2 = play(V, right, 'g3-e3');
    expect(r2.move.notation).toBe('g3-e3xe4');
    expect(brief(r2.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('brandubh: elsewhere two attackers on opposite sides capture the king, on the edge too', () => {
    const open = tfen(
      `
        7 + . . t . . +
        6 . t K . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . T .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, open, 'd7-d6');
    expect(r.move.notation).toBe('d7-d6xc6');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    const edge = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . t . . . .
        4 K . . + . . .
        3 t . . . . . .
        2 . . . . . T .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r2 = play(V, edge, 'c5-a5');
    expect(r2.move.notation).toBe('c5-a5xa4');
    expect(brief(r2.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('brandubh: two attackers not on opposite sides do not capture the king', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . t K . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . t . . T .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, position, 'c2-c5');
    expect(r.move.notation).toBe('c2-c5');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('brandubh: game end', () => {
  it('brandubh: encirclement is on', () => {
    const position = tfen(
      `
        7 + t t . . . +
        6 t K . . . t .
        5 t . T t . . .
        4 . t t + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, position, 'f6-d6');
    expect(r.move.notation).toBe('f6-d6');
    expect(brief(r.outcome)).toEqual(won('attackers', 'encircled'));
    const outside = tfen(
      `
        7 + t t . . . +
        6 t K . . . t .
        5 t . T t . . .
        4 . t t + . . .
        3 . . . . . . .
        2 . . . . . T .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    expect(brief(play(V, outside, 'f6-d6').outcome)).toEqual(ONGOING);
  });
});
