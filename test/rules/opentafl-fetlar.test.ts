/**
 * Conformance tests for rules.md 5.5, `opentafl-fetlar`: OpenTafl's Fetlar 11×11, defined by the string OpenTafl writes
 * for its preset. It differs from `fetlar` (rules.md 4.1) in encirclement and repetition. The expected values were also
 * played on OpenTafl's engine (jslater89/OpenTafl 6895051) loading the same keys with each position as its start.
 */
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';
import { brief, evaluate, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'opentafl-fetlar';

describe('opentafl-fetlar: the fetlar board and start', () => {
  it("opentafl-fetlar: fetlar's start position, attackers to move; perft 116, 6788 (OpenTafl counts the same)", () => {
    const e = evaluate(V);
    expect(e.position).toBe(evaluate('fetlar').position);
    expect(brief(e.outcome)).toEqual(ONGOING);
    expect([1, 2].map((d) => perft(Position.start(builtInVariant(V)!), d))).toEqual([116, 6788]);
  });
});

describe('opentafl-fetlar: surrounding the defenders wins (surf:y, CORE-10)', () => {
  const position = tfen(
    `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . . . .
       8 . . t . . . . . . . .
       7 . . . . . . . . . . .
       6 . . . . . + . . . . .
       5 . . . . . . . . . . .
       4 . t . t . . . . . . .
       3 . t K t . . . . . . .
       2 . . t . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
    `,
    'a',
  );
  it('opentafl-fetlar: c8-c5 closes the ring around the king and wins (encircled); in fetlar the game goes on', () => {
    expect(brief(play(V, position, 'c8-c5').outcome)).toEqual(won('attackers', 'encircled'));
    expect(brief(play('fetlar', position, 'c8-c5').outcome)).toEqual(ONGOING);
  });
});
