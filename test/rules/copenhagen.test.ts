/**
 * Conformance tests for rules.md 5.2, `copenhagen` (CPH-1 .. CPH-6). Expected values come from the spec.
 * Board 11×11, throne f6, corners a1 a11 k1 k11 (as fetlar).
 * CPH-1, CPH-5 (off the edge) and CPH-6: rows of the CORE tables in core-by-variant.test.ts.
 */
import { brief, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'copenhagen';

describe('CPH-2 shieldwall, a corner may close one end', () => {
  it('CPH-2: the attackers capture a row of two defenders closed by a corner', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . K . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . t . . .
         3 . . . . . . . . . t T
         2 . . . . . . . . . t T
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'h4-k4');
    expect(r.move.notation).toBe('h4-k4xk2/k3');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . K . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . t
         3 . . . . . . . . . t .
         2 . . . . . . . . . t .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CPH-2: the defenders capture a row of two attackers closed by a corner', () => {
    const position = tfen(
      `
        11 + t t . . . . . . . +
        10 . T T . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . T . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . t . . .
         4 . . . . . . . . . . .
         3 . . . . . K . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play(V, position, 'd8-d11');
    expect(r.move.notation).toBe('d8-d11xb11/c11');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CPH-2: no shieldwall when the moved piece only completes the front', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . K . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . t
         3 . . . . . . t . . . T
         2 . . . . . . . . . t T
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'g3-j3');
    expect(r.move.notation).toBe('g3-j3');
    expect(r.move.captures).toEqual([]);
  });
});

describe('CPH-3 exit fort', () => {
  it('CPH-3: a soldier move that makes the wall unbreakable wins for the defenders', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . t . . . T . .
         8 . . . . . . . . . . .
         7 . t . . . . . . . T T
         6 . . . . . + . . T . K
         5 . . . . . . . . . T T
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play(V, position, 'i9-i7');
    expect(r.move.notation).toBe('i9-i7');
    expect(brief(r.outcome)).toEqual(won('defenders', 'exit_fort'));
  });

  it('CPH-3: while one wall piece can still be captured there is no fort', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . t . . . T . .
         8 . . . . . . . . . . .
         7 . t . . . . . . . T T
         6 . . . . . + . . T . K
         5 . . . . . . . . . T T
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play(V, position, 'i9-i8');
    expect(r.move.notation).toBe('i9-i8');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('CPH-4 encirclement', () => {
  it('CPH-4: the attackers win by closing a ring around all the defenders', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . t t . . .
         8 . . t . . . K T t . .
         7 . . . . . . t t . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . t . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'c8-f8');
    expect(r.move.notation).toBe('c8-f8');
    expect(brief(r.outcome)).toEqual(won('attackers', 'encircled'));
  });

  it('CPH-4: no win while a defender is outside the ring', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . t t . . .
         8 . . t . . . K T t . .
         7 . . . . . . t t . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . t T . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play(V, position, 'c8-f8');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('CPH-5 capturing the king', () => {
  it('CPH-5: the king is never captured on the edge', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . t . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . T . . .
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
