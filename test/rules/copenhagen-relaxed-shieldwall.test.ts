/**
 * Conformance tests for rules.md 5.5, `copenhagen-relaxed-shieldwall`: OpenTafl's Copenhagen preset with the relaxed
 * shieldwall (`swf:n`, OTN-5), defined by the string OpenTafl writes for it. The expected values were also played on
 * OpenTafl's engine (jslater89/OpenTafl 6895051) loading the same keys with each position as its start.
 */
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';
import { brief, evaluate, ONGOING, play, tfen } from '../helpers/rules';

const V = 'copenhagen-relaxed-shieldwall';

describe('copenhagen-relaxed-shieldwall: Copenhagen in everything but the shieldwall', () => {
  it("copenhagen-relaxed-shieldwall: Copenhagen's start position, attackers to move, and its perft 116, 6788, 806344", () => {
    const e = evaluate(V);
    expect(e.position).toBe(evaluate('copenhagen').position);
    expect(brief(e.outcome)).toEqual(ONGOING);
    expect([1, 2, 3].map((d) => perft(Position.start(builtInVariant(V)!), d))).toEqual([116, 6788, 806344]);
  });
});

describe('OTN-5 copenhagen-relaxed-shieldwall: a shieldwall falls to any move that completes it', () => {
  const position = tfen(
    `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . . . .
       8 . . . . . . . . . . .
       7 . . . . . . . K . . .
       6 . . . . . + . . . . .
       5 . . . . t . . . . . .
       4 . . . . . . . . . . .
       3 . . . . . . . . . . .
       2 . . . t . . . . . . .
       1 + . t T T t . . . . +
         a b c d e f g h i j k
    `,
    'a',
  );
  it('OTN-5 copenhagen-relaxed-shieldwall: e5-e2 fronts d1 and e1, closed by c1 and f1, and takes both; in copenhagen nothing', () => {
    expect([...play(V, position, 'e5-e2').move.captures].sort()).toEqual(['d1', 'e1']);
    expect(play('copenhagen', position, 'e5-e2').move.captures).toEqual([]);
  });
});
