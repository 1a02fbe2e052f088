/**
 * Conformance tests for rules.md 5.5, `opentafl-tablut`: OpenTafl's Tablut 9×9, defined by the string OpenTafl writes
 * for its preset. It differs from `tablut` (rules.md 5.4) in encirclement. The expected values were also played on
 * OpenTafl's engine (jslater89/OpenTafl 6895051) loading the same keys with each position as its start.
 */
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';
import { brief, evaluate, illegal, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'opentafl-tablut';

describe('opentafl-tablut: the tablut board and start', () => {
  it("opentafl-tablut: tablut's start position, attackers to move; perft 80, 4400 (OpenTafl counts the same)", () => {
    const e = evaluate(V);
    expect(e.position).toBe(evaluate('tablut').position);
    expect(brief(e.outcome)).toEqual(ONGOING);
    expect([1, 2].map((d) => perft(Position.start(builtInVariant(V)!), d))).toEqual([80, 4400]);
  });
});

describe('opentafl-tablut: surrounding the defenders wins (surf:y, CORE-10); the throne is closed to stopping (cens:)', () => {
  const position = tfen(
    `
      9 . . . . . . . . .
      8 . . t . . . . . .
      7 . . . . . . . . .
      6 . . . . . . . . .
      5 . . . . + . . . .
      4 . t . t . . . . .
      3 . t K t . . . . .
      2 . . t . . . . . .
      1 . . . . . . . . .
        a b c d e f g h i
    `,
    'a',
  );
  it('opentafl-tablut: c8-c5 closes the ring around the king and wins (encircled); in tablut the game goes on', () => {
    expect(brief(play(V, position, 'c8-c5').outcome)).toEqual(won('attackers', 'encircled'));
    expect(brief(play('tablut', position, 'c8-c5').outcome)).toEqual(ONGOING);
  });
  it('opentafl-tablut: an attacker crosses the empty throne (e8-e2) but may not stop on it (e8-e5)', () => {
    const onFile = tfen(
      `
        9 . . . . . . . . .
        8 . . . . t . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 . . . . . . . . .
        3 . . K . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . T .
          a b c d e f g h i
      `,
      'a',
    );
    expect(play(V, onFile, 'e8-e2').move.notation).toBe('e8-e2');
    expect(illegal(V, onFile, 'e8-e5').reason).toBe('RESTRICTED_SQUARE');
  });
});
