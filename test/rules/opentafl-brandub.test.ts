/**
 * Conformance tests for rules.md 5.5, `opentafl-brandub`: OpenTafl's Brandub 7×7 (throne d4 hostile to
 * nobody, corners a1 a7 g1 g7 hostile to every piece), defined by the string OpenTafl writes for its
 * preset. Every clause of the paragraph has a test; the expected values were also played on OpenTafl's
 * engine (jslater89/OpenTafl 6895051) from the same positions.
 */
import { brief, evaluate, illegal, ONGOING, play, tfen, twice, won } from '../helpers/rules';

const V = 'opentafl-brandub';

describe('opentafl-brandub: layout and first move', () => {
  it('opentafl-brandub: the start position is 3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 with the attackers to move', () => {
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
    const e = evaluate(V);
    expect(e.position).toBe(start);
    expect(e.sideToMove).toBe('attackers');
    expect(brief(e.outcome)).toEqual(ONGOING);
    expect(illegal(V, undefined, 'c4-c6').reason).toBe('NOT_YOUR_PIECE');
  });
});

describe('opentafl-brandub: the weak king (ks:w) is captured by two, like a soldier', () => {
  it('opentafl-brandub: on the throne two attackers on opposite sides capture the king', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . T . . . . .
        5 . . . . . . .
        4 . . t K . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . t . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, position, 'e1-e4');
    expect(r.move.notation).toBe('e1-e4xd4');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('opentafl-brandub: beside the empty throne the throne does not count; two attackers on his other line do', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . T . . t . .
        5 . . . . . . .
        4 . . . + K . .
        3 . . . . t . .
        2 . . . . . . .
        1 + . . . . t +
          a b c d e f g
      `,
      'a',
    );
    expect(play(V, position, 'f1-f4').move.notation).toBe('f1-f4');
    const r = play(V, position, 'e6-e5');
    expect(r.move.notation).toBe('e6-e5xe4');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('opentafl-brandub: an attacker and a corner capture the king', () => {
    const position = tfen(
      `
        7 + K . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . t . . T .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const r = play(V, position, 'c2-c7');
    expect(r.move.notation).toBe('c2-c7xb7');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
});

describe('opentafl-brandub: the king is armed', () => {
  it('opentafl-brandub: the king captures as the moving piece and closes a capture as the standing one', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . t . . .
        4 . . . + . . .
        3 . K t . T . .
        2 . . . . . . .
        1 + . . . . t +
          a b c d e f g
      `,
      'd',
    );
    expect(play(V, position, 'e3-d3').move.notation).toBe('e3-d3xc3');
    const hammer = tfen(
      `
        7 + . . . . . +
        6 . . T . . . .
        5 . . t . . . .
        4 . . . + . . K
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . t +
          a b c d e f g
      `,
      'd',
    );
    expect(play(V, hammer, 'g4-c4').move.notation).toBe('g4-c4xc5');
  });
});

describe('opentafl-brandub: the throne is hostile to nobody (cenh: cenhe:)', () => {
  it('opentafl-brandub: a defender beside the empty throne is not captured against it, nor an attacker', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . . . . . . t
        5 . . . T . . .
        4 . . . + . . .
        3 . . . t . . .
        2 . . . . . K .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    expect(play(V, position, 'g6-d6').move.notation).toBe('g6-d6');
    const defenders = tfen(
      `
        7 + . . . . . +
        6 . . . . . . T
        5 . . . t . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . K .
        1 + . . . . t +
          a b c d e f g
      `,
      'd',
    );
    expect(play(V, defenders, 'g6-d6').move.notation).toBe('g6-d6');
  });
});

describe('opentafl-brandub: the throne and the corners are the king’s', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 t . . + . K .
      3 . . . . . . .
      2 . . . . . . .
      1 + T . . . . +
        a b c d e f g
    `,
    'a',
  );
  it('opentafl-brandub: a soldier passes over the empty throne but may not stop on it; the king may stop on it', () => {
    expect(play(V, position, 'a4-e4').move.notation).toBe('a4-e4');
    expect(illegal(V, position, 'a4-d4').reason).toBe('RESTRICTED_SQUARE');
    expect(play(V, position, 'f4-d4', ['a4-a5']).move.notation).toBe('f4-d4');
  });
  it('opentafl-brandub: only the king may stop on a corner, and there he has escaped', () => {
    expect(illegal(V, position, 'b1-a1', ['a4-a5']).reason).toBe('RESTRICTED_SQUARE');
    const corner = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 t . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . K . +
          a b c d e f g
      `,
      'd',
    );
    expect(brief(play(V, corner, 'e1-g1').outcome)).toEqual(won('defenders', 'king_escaped'));
  });
});

describe('opentafl-brandub: surrounding is not fatal (surf:n), repetition draws (tfr:d)', () => {
  it('opentafl-brandub: the defenders shut in by a ring of attackers play on', () => {
    const position = tfen(
      `
        7 + . . t t t +
        6 . . . t K t .
        5 . . . t . t .
        4 . . . + t . .
        3 . . . . . . .
        2 . . . . . . t
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    expect(brief(play(V, position, 'g2-g3').outcome)).toEqual(ONGOING);
    // The same move ends the game where encirclement is in force (Brandubh, rules.md 5.3).
    expect(brief(play('brandubh', position, 'g2-g3').outcome)).toEqual(won('attackers', 'encircled'));
  });
  it('opentafl-brandub: the third occurrence of a position is a draw', () => {
    const position = tfen(
      `
        7 + . . . . . +
        6 . . . . K . .
        5 . . . . . . .
        4 t . . + . . T
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'a',
    );
    const e = evaluate(V, position, twice(['a4-a5', 'g4-g5', 'a5-a4', 'g5-g4']));
    expect(brief(e.outcome)).toEqual(won('draw', 'repetition'));
  });
});
