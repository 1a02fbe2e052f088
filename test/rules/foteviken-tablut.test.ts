/**
 * Conformance tests for rules.md 5.5, `foteviken-tablut`: OpenTafl's Foteviken Tablut 9×9 (Tablut's board
 * with no corners, edge escape, the attackers' sixteen start squares as their forts, OTN-11, and a throne
 * nobody stops on or crosses), defined by the string OpenTafl writes for its preset. The expected values
 * were also played on OpenTafl's engine (jslater89/OpenTafl 6895051) loading the same keys with each
 * position as its start. `+` marks the forts and the throne.
 */
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';
import { brief, evaluate, illegal, moves, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'foteviken-tablut';

const destinations = (position: string, from: string) =>
  moves(V, position, from)
    .moves.map((m) => m.notation)
    .sort();

describe('foteviken-tablut: layout, first move and move counts', () => {
  it('foteviken-tablut: the start position is Tablut with the attackers to move, and nothing is decided', () => {
    const e = evaluate(V);
    expect(e.position).toBe(
      tfen(
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
      ),
    );
    expect(brief(e.outcome)).toEqual(ONGOING);
  });
  it('foteviken-tablut: perft from the start is 80, 4344, 337856 at depths 1 to 3 (OpenTafl counts the same)', () => {
    const v = builtInVariant(V)!;
    expect([1, 2, 3].map((d) => perft(Position.start(v), d))).toEqual([80, 4344, 337856]);
  });
});

describe('OTN-11 foteviken-tablut: the attackers move within and between their forts; no piece enters one from outside', () => {
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        9 . . . + + + . . .
        8 . . . . + . . . .
        7 . . . . . . . . .
        6 + . . . . . . . +
        5 + + . . K . . + +
        4 + . . . . . . . +
        3 . . . . . . . . .
        2 . . t . + . T . .
        1 . . . t + + . . .
          a b c d e f g h i
      `,
      side,
    );
  it('OTN-11 foteviken-tablut: d1 crosses its fort to i1 and reaches the fort d9 across the board (d1-d9)', () => {
    expect(destinations(position('a'), 'd1')).toEqual(
      ['d1-a1', 'd1-b1', 'd1-c1', 'd1-d2', 'd1-d3', 'd1-d4', 'd1-d5', 'd1-d6', 'd1-d7', 'd1-d8', 'd1-d9']
        .concat(['d1-e1', 'd1-f1', 'd1-g1', 'd1-h1', 'd1-i1'])
        .sort(),
    );
  });
  it('OTN-11 foteviken-tablut: c2 from outside may not stop on fort e2 or cross it; g2, a defender, neither', () => {
    expect(play(V, position('a'), 'c2-d2').move.notation).toBe('c2-d2');
    expect(illegal(V, position('a'), 'c2-e2').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, position('a'), 'c2-f2').reason).toBe('RESTRICTED_SQUARE');
    expect(destinations(position('d'), 'g2')).toEqual([
      'g2-f2',
      'g2-g1',
      'g2-g3',
      'g2-g4',
      'g2-g5',
      'g2-g6',
      'g2-g7',
      'g2-g8',
      'g2-g9',
      'g2-h2',
      'g2-i2',
    ]);
  });
});

describe('foteviken-tablut: nobody stops on the throne or crosses it, the king included (cens: cenre:)', () => {
  const position = tfen(
    `
      9 . . . . . . . . .
      8 . . . . . . . . t
      7 . . . . . . . . .
      6 . . . . . . . . .
      5 . . K . + . . . .
      4 . . . . . . . . .
      3 . . . . T . . . .
      2 . . . . . . . . .
      1 . . . . . . . . .
        a b c d e f g h i
    `,
    'd',
  );
  it('foteviken-tablut: e3-e4 and c5-d5 play; e3-e5, e3-e7 and c5-g5 are RESTRICTED_SQUARE', () => {
    expect(play(V, position, 'e3-e4').move.notation).toBe('e3-e4');
    expect(play(V, position, 'c5-d5').move.notation).toBe('c5-d5');
    for (const m of ['e3-e5', 'e3-e7', 'c5-g5']) expect(illegal(V, position, m).reason, m).toBe('RESTRICTED_SQUARE');
  });
});

describe('foteviken-tablut: the empty throne and the forts are hostile to nobody (cenhe:K, aforh:K read per side)', () => {
  const position = tfen(
    `
      9 . . . . . . . . .
      8 . t . . . . . . .
      7 T . t T . . . t .
      6 + . . . T . . . +
      5 + + . . + . . + +
      4 + . . . . . . . +
      3 . . . . . . . . .
      2 . . . . . . . K .
      1 . . . . . . . . .
        a b c d e f g h i
    `,
    'a',
  );
  it('foteviken-tablut: h7-e7 captures d7 against c7 but not e6 against the empty throne e5', () => {
    const r = play(V, position, 'h7-e7');
    expect(r.move.captures).toEqual(['d7']);
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
  it('foteviken-tablut: b8-a8 does not capture a7 against the empty fort a6', () => {
    expect(play(V, position, 'b8-a8').move.captures).toEqual([]);
  });
});

describe('foteviken-tablut: the king escapes to any edge square but not onto an edge fort; beside the throne he is never captured', () => {
  it('foteviken-tablut: g4-g1 wins (king_escaped); e3-e1 and b3-b5 are RESTRICTED_SQUARE', () => {
    const position = (king: string) =>
      tfen(
        `
          9 . . . + + + . . .
          8 . . . . + . . . .
          7 . . . . . . . . .
          6 + . . . . . . . +
          5 + + . . + . . + +
          4 + . . . . . ${king === 'g4' ? 'K' : '.'} . +
          3 . ${king === 'b3' ? 'K' : '.'} . . ${king === 'e3' ? 'K' : '.'} . . . .
          2 . . . . + . . . t
          1 . . . + + + . . .
            a b c d e f g h i
        `,
        'd',
      );
    expect(brief(play(V, position('g4'), 'g4-g1').outcome)).toEqual(won('defenders', 'king_escaped'));
    expect(illegal(V, position('e3'), 'e3-e1').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, position('b3'), 'b3-b5').reason).toBe('RESTRICTED_SQUARE');
  });
  it('foteviken-tablut: the king on e4 with attackers on d4, f4 and e3 is not captured (the throne is no enemy); on c4 he is', () => {
    const beside = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 . . . t K t . . .
        3 . . . . . . . . .
        2 . . . . t . . . .
        1 . . . . . . . . T
          a b c d e f g h i
      `,
      'a',
    );
    const away = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . t . + . . . .
        4 . t K t . . . . .
        3 . . . . . . . . .
        2 . . t . . . . . .
        1 . . . . . . . . T
          a b c d e f g h i
      `,
      'a',
    );
    expect(brief(play(V, beside, 'e2-e3').outcome)).toEqual(ONGOING);
    expect(brief(play(V, away, 'c2-c3').outcome)).toEqual(won('attackers', 'king_captured'));
  });
});
