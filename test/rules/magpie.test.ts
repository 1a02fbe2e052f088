/**
 * Conformance tests for rules.md 5.5, `magpie`: OpenTafl's Magpie 7×7 (Brandub's board; a king who moves
 * one square a move, OTN-10, and is captured when every side he has on the board is hostile), defined by
 * the string OpenTafl writes for its preset. The expected values were also played on OpenTafl's engine
 * (jslater89/OpenTafl 6895051) loading the same keys with each position as its start.
 */
import { countMoves } from '../../src/engine/movegen';
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { positionFromTfen } from '../../src/engine/setup';
import { builtInVariant } from '../../src/variants';
import { brief, evaluate, illegal, moves, ONGOING, play, tfen, won } from '../helpers/rules';

const V = 'magpie';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('magpie: layout, first move and move counts', () => {
  it('magpie: the start position is 3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 with the attackers to move', () => {
    const e = evaluate(V);
    expect(e.position).toBe(
      tfen(
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
      ),
    );
    expect(e.sideToMove).toBe('attackers');
    expect(brief(e.outcome)).toEqual(ONGOING);
  });
  it('magpie: perft from the start is 40, 960, 39512, 996096 at depths 1 to 4 (OpenTafl counts the same)', () => {
    const v = builtInVariant(V)!;
    expect([1, 2, 3, 4].map((d) => perft(Position.start(v), d))).toEqual([40, 960, 39512, 996096]);
  });
});

describe('OTN-10 magpie: the king moves one square a move (spd K:1); soldiers as far as the way is open', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 t . . + . . .
      3 . . . . . . .
      2 . . K . . . T
      1 + . . . . . +
        a b c d e f g
    `,
    'd',
  );
  it('OTN-10 magpie: the king has his four neighbours only; c2-c4 and c2-e2 are refused as RESTRICTED_SQUARE', () => {
    expect(
      moves(V, position, 'c2')
        .moves.map((m) => m.notation)
        .sort(),
    ).toEqual(['c2-b2', 'c2-c1', 'c2-c3', 'c2-d2']);
    expect(play(V, position, 'c2-c3').move.notation).toBe('c2-c3');
    const refused = illegal(V, position, 'c2-c4');
    expect(refused.reason).toBe('RESTRICTED_SQUARE');
    expect(refused.message).toMatch(/at most 1 square/);
    expect(illegal(V, position, 'c2-e2').reason).toBe('RESTRICTED_SQUARE');
  });
  it('OTN-10 magpie: a defender soldier moves four squares (g2-g6); 4 king moves and 7 soldier moves in all', () => {
    expect(play(V, position, 'g2-g6').move.notation).toBe('g2-g6');
    expect(countMoves(unwrap(positionFromTfen(builtInVariant(V)!, position)))).toBe(4 + 7);
  });
  it('OTN-10 magpie: the king beside a corner escapes in one step; two squares away he may not reach it', () => {
    const beside = tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 t . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + K . . . . +
          a b c d e f g
      `,
      'd',
    );
    expect(brief(play(V, beside, 'b1-a1').outcome)).toEqual(won('defenders', 'king_escaped'));
    expect(
      illegal(
        V,
        tfen(
          `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 t . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . K . . . +
          a b c d e f g
      `,
          'd',
        ),
        'c1-a1',
      ).reason,
    ).toBe('RESTRICTED_SQUARE');
  });
});

describe('magpie: the middleweight king (ks:m) is captured when every side he has on the board is hostile', () => {
  it('magpie: on the edge three attackers capture him (g2-d2 closes d1)', () => {
    const r = play(
      V,
      tfen(
        `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . t
        1 + . t K t . +
          a b c d e f g
      `,
        'a',
      ),
      'g2-d2',
    );
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
  it('magpie: away from the edge and the throne two attackers do not capture him, four do', () => {
    expect(
      brief(
        play(
          V,
          tfen(
            `
        7 + . . . . . +
        6 . . . . . . .
        5 . t K . . . t
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
            'a',
          ),
          'g5-d5',
        ).outcome,
      ),
    ).toEqual(ONGOING);
    const r = play(
      V,
      tfen(
        `
        7 + . . . . . +
        6 . . t . . . .
        5 . t K . . . t
        4 . . t + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
        'a',
      ),
      'g5-d5',
    );
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
  it('magpie: beside the empty throne three attackers and the throne capture him', () => {
    const r = play(
      V,
      tfen(
        `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . t . .
        4 . . . + K . t
        3 . . . . t . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
        'a',
      ),
      'g4-f4',
    );
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
  it('magpie: on the throne four attackers are needed', () => {
    expect(
      brief(
        play(
          V,
          tfen(
            `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . t . . .
        4 . . t K . . .
        3 . . . . . . t
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
            'a',
          ),
          'g3-d3',
        ).outcome,
      ),
    ).toEqual(ONGOING);
    const r = play(
      V,
      tfen(
        `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . t . . .
        4 . . t K t . .
        3 . . . . . . t
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
        'a',
      ),
      'g3-d3',
    );
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
});

describe('magpie: the throne keeps its default hostility (cenh and cenhe left out)', () => {
  it('magpie: a defender beside the empty throne is captured against it (a6-d6 takes d5)', () => {
    expect(
      play(
        V,
        tfen(
          `
        7 + . . . . . +
        6 t . . . . . .
        5 . . . T . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . K
        1 + . . . . . +
          a b c d e f g
      `,
          'a',
        ),
        'a6-d6',
      ).move.notation,
    ).toBe('a6-d6xd5');
    // OpenTafl's Brandub string empties both sets: the same move captures nothing there.
    expect(
      play(
        'opentafl-brandub',
        tfen(
          `
        7 + . . . . . +
        6 t . . . . . .
        5 . . . T . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . K
        1 + . . . . . +
          a b c d e f g
      `,
          'a',
        ),
        'a6-d6',
      ).move.notation,
    ).toBe('a6-d6');
  });
  it('magpie: an attacker beside the throne is captured against it, empty or holding the king', () => {
    expect(
      play(
        V,
        tfen(
          `
        7 + . . . . . +
        6 . . . . . . T
        5 . . . t . . .
        4 . . . + . . .
        3 . . . . . . .
        2 t . . . . K .
        1 + . . . . . +
          a b c d e f g
      `,
          'd',
        ),
        'g6-d6',
      ).move.notation,
    ).toBe('g6-d6xd5');
    expect(
      play(
        V,
        tfen(
          `
        7 + . . . . . +
        6 . . . . . . T
        5 . . . t . . .
        4 . . . K . . .
        3 . . . . . . .
        2 t . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
          'd',
        ),
        'g6-d6',
      ).move.notation,
    ).toBe('g6-d6xd5');
  });
});
