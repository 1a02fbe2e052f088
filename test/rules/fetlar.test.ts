/**
 * Conformance tests for rules.md 4.1, `fetlar` (FET-1 .. FET-10). Expected values come from the spec.
 * Board 11×11, throne f6, corners a1 a11 k1 k11.
 * FET-2, FET-3 (soldiers), FET-4, FET-5, FET-6, FET-7 (off the edge), FET-9 and FET-10: rows of the CORE tables in core-by-variant.test.ts.
 */
import { brief, evaluate, illegal, moves, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'fetlar';

describe('FET-1 attackers move first', () => {
  const start = tfen(
    `
      11 + . . t t t t t . . +
      10 . . . . . t . . . . .
       9 . . . . . . . . . . .
       8 t . . . . T . . . . t
       7 t . . . T T T . . . t
       6 t t . T T K T T . t t
       5 t . . . T T T . . . t
       4 t . . . . T . . . . t
       3 . . . . . . . . . . .
       2 . . . . . t . . . . .
       1 + . . t t t t t . . +
         a b c d e f g h i j k
    `,
    'a',
  );

  it('FET-1: the start position is the 4.1 layout with the attackers to move', () => {
    expect(start).toBe('3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a');
    const e = evaluate(V);
    expect(e.position).toBe(start);
    expect(e.sideToMove).toBe('attackers');
    expect(brief(e.outcome)).toEqual(ONGOING);
  });

  it("FET-1: the first move is the attackers'; a defender may not open", () => {
    expect(illegal(V, undefined, 'f4-c4').reason).toBe('NOT_YOUR_PIECE');
    const r = play(V, undefined, 'd1-d3');
    expect(r.move.notation).toBe('d1-d3');
    expect(r.sideToMove).toBe('defenders');
    const attackerSquares = new Set('d11 e11 f11 g11 h11 f10 a8 k8 a7 k7 a6 b6 j6 k6 a5 k5 a4 k4 f2 d1 e1 f1 g1 h1'.split(' '));
    const listed = moves(V, start);
    expect(listed.count).toBeGreaterThan(0);
    expect(listed.moves.every((m) => attackerSquares.has(m.from!))).toBe(true);
  });
});

describe('FET-3 corners', () => {
  it('FET-3: the king may stop on a corner', () => {
    const d = tfen(
      `
        11 + T . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . t
         4 t . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . K . . . . . . T +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(moves(V, d, 'c1').moves.map((m) => m.to)).toContain('a1');
    expect(play(V, d, 'c1-a1').move.notation).toBe('c1-a1');
  });
});

describe('FET-7 capturing the king', () => {
  it('FET-7: the king on the board edge cannot be captured (three attackers and the edge)', () => {
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
    expect(r.move.notation).toBe('f5-f2');
    expect(r.move.captures).toEqual([]);
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('FET-8 winning', () => {
  it('FET-8: the defenders win when the king reaches a corner', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . t . . .
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
    const r = play(V, position, 'k5-k1');
    expect(r.move.notation).toBe('k5-k1');
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('FET-8: reaching an edge square that is not a corner does not win', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . t . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . K . . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play(V, position, 'e5-a5');
    expect(r.move.notation).toBe('e5-a5');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('FET-8: the attackers win by capturing the king', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . t . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . t K t . .
         3 . . . . . . . t . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'h7-h5');
    expect(r.move.notation).toBe('h7-h5xh4');
    expect(r.move.captures).toEqual(['h4']);
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
});
