/**
 * Wins found as soon as the depth reaches them, scored as api.md section 10 says: a win in 1 ply
 * (the move itself wins) is found at depth 1 and scores 1000000 - 1; a win in 3 plies (a move every
 * reply to which allows a winning move: "mate in two") is found by depth 3 and scores 1000000 - 3.
 * Every built-in variant, both sides. Each answer is also checked with the engine alone: the winning
 * move really ends the game, and the win in 3 really is forced (every reply tried).
 */
import { MATE, suggest } from '../../src/search';
import { board19, forcesWinIn3, moveName, positionAt, tfen, variant, winningMoves, winsAtOnce } from './helpers';

interface Case {
  id: string;
  name: string;
  position: string;
  /** False for a win that is not a king tactic (the quiescence search does not see it at depth 1). */
  kingTactic?: boolean;
}

/** The side to move wins with one move. */
const WIN_IN_1: Case[] = [
  {
    id: 'brandubh',
    name: 'the attackers capture the king between two of them (e2-e5)',
    position: tfen(
      `
      7 + . . . . . +
      6 . . . . . . .
      5 . . t K . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . T . . t . .
      1 + . . . . . +
        a b c d e f g
      `,
      'a',
    ),
  },
  {
    id: 'brandubh',
    name: 'the king escapes to a1',
    position: tfen(
      `
      7 + . . . . . +
      6 . . . . t . .
      5 . . . . . . .
      4 t . . + . . .
      3 K . . t . . .
      2 . . . . . T .
      1 + . . . . . +
        a b c d e f g
      `,
      'd',
    ),
  },
  {
    id: 'tablut',
    name: 'the attackers capture the king between two of them (d3-d7)',
    position: tfen(
      `
      9 . . . . . . . . .
      8 . . . . . . . . .
      7 . t K . . . . . .
      6 . . . . . . . . .
      5 . . . . + . . . .
      4 . . . . . . . T .
      3 . . . t . . . . .
      2 . . . . . . . . .
      1 . . . . . . . . .
        a b c d e f g h i
      `,
      'a',
    ),
  },
  {
    id: 'tablut',
    name: 'the king reaches the edge (c5-a5)',
    position: tfen(
      `
      9 . . . t . t . . .
      8 . . . . . . . . .
      7 . . t . . . t . .
      6 . t . . . . . t .
      5 . . K . + . . . .
      4 . t . . . . . t .
      3 . . t . . . t . .
      2 . . . . . . . . .
      1 . . . t . t . . .
        a b c d e f g h i
      `,
      'd',
    ),
  },
  ...['copenhagen', 'fetlar', 'fetlar-edge-capture'].flatMap((id) => [
    {
      id,
      name: 'the attackers close the fourth side of the king (d3-d6)',
      position: tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . t . . . . . . .
         7 . . t K t . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . t . . . T . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
        `,
        'a',
      ),
    },
    {
      id,
      name: 'the king runs along the edge to a corner',
      position: tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . t . . . . . . .
         8 . . . . . . . t . . .
         7 t . . . . . . . . . .
         6 . . . . . + . . . . .
         5 K . . . . t . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . . T . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
        `,
        'd',
      ),
    },
  ]),
  {
    id: 'fetlar-edge-capture',
    name: 'three attackers capture the king against the edge (d5-a5)',
    position: tfen(
      `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . . . .
       8 . . . . . . . . . . .
       7 t . . . . . . . . . .
       6 K t . . . + . . . . .
       5 . . . t . . . . . . .
       4 . . . . . . . . . . .
       3 . . . . . . . T . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
      `,
      'a',
    ),
  },
  ...['alea-evangelii', 'unst-alea-evangelii', 'alea-evangelii-citadels'].flatMap((id) => [
    {
      id,
      name: 'the attackers capture the king between two of them (i16-i12)',
      position: board19(
        'a',
        `
        16 . . t .
        15 . . . .
        14 . . . .
        13 . . . .
        12 t K . .
        11 . . . .
           g h i j
        `,
        { T: ['p4', 'q4'], t: ['c17'] },
      ),
    },
    {
      id,
      name: 'the king reaches the corner a1',
      position: board19(
        'd',
        `
        3 . . . . .
        2 . . . . .
        1 + . . K .
          a b c d e
        `,
        { T: ['p4', 'q4'], t: ['c17', 'r17', 'f5'] },
      ),
    },
  ]),
];

/** The side to move wins in 3 plies, not in 1. */
const WIN_IN_3: Case[] = [
  {
    id: 'brandubh',
    name: 'attackers: c4-f4 leaves the king one square, f3, where he is captured too',
    position: tfen(
      `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . t + . . .
      3 . . . . . . .
      2 . . T . t K t
      1 + . T t . t +
        a b c d e f g
      `,
      'a',
    ),
  },
  {
    id: 'brandubh',
    name: 'defenders: c3-c1 opens two corners at once',
    position: tfen(
      `
      7 + . . t . . +
      6 . . . . . . .
      5 . t . . . t .
      4 . . . + . . .
      3 . . K . . . .
      2 . . . . T . .
      1 + . . . . . +
        a b c d e f g
      `,
      'd',
    ),
  },
  {
    id: 'brandubh',
    name: 'defenders: c3-c1 (or c3-g3) opens one route that no attacker can reach',
    position: tfen(
      `
      7 + . . . . . +
      6 . . . . . . .
      5 . . T . . . .
      4 . . . + . . t
      3 . T K . . . .
      2 . . . . . . .
      1 + t . . . . +
        a b c d e f g
      `,
      'd',
    ),
  },
  {
    id: 'tablut',
    name: 'attackers: the king is boxed in beside g3 and captured next move',
    position: tfen(
      `
      9 . T t . . . . . .
      8 . . . . . . . . t
      7 . . . . . . . . .
      6 . . t . . . . . .
      5 . . . . + T t . .
      4 . . . . . t K . .
      3 . . . . . . t . t
      2 . . . . t . . . .
      1 . . . . . . . . T
        a b c d e f g h i
      `,
      'a',
    ),
  },
  {
    id: 'tablut',
    name: 'defenders: e8-f8 gives the king two lines to the edge',
    position: tfen(
      `
      9 . . . . t . . . .
      8 . t t . K . T t .
      7 . . . . . . . . t
      6 . . . . . . . t .
      5 . . . . + . . . .
      4 . . . . . . . . t
      3 . . . . t . . . .
      2 t . . . . . . T .
      1 . t . . . . . . .
        a b c d e f g h i
      `,
      'd',
    ),
  },
  {
    id: 'copenhagen',
    name: 'attackers: c3-a3 takes a2 against the corner; the lone king is then shut in',
    kingTactic: false,
    position: tfen(
      `
      11 + . . t . . . . t . +
      10 t . . . . t . . . t .
       9 . . . t . . . t . . t
       8 . . . . . . . . . t .
       7 . . . . . . . . . t K
       6 . . t . . + . . . . t
       5 . . . . . t . . . . .
       4 . . . . . . . . . . .
       3 . . t . . . . . . . t
       2 T . . . . . . . . . .
       1 + . . . . . . . . t +
         a b c d e f g h i j k
      `,
      'a',
    ),
  },
  {
    id: 'fetlar',
    name: 'attackers: e3-e4 leaves the king only e6, where he is captured too',
    position: tfen(
      `
      11 + t . t . . . . . . +
      10 . . . . . . . . . . .
       9 t . . . . . . . T . .
       8 . . . . . . . . . T .
       7 . . . . t . . . . . .
       6 . . . t . + . . . . t
       5 . . . t K t . . t . .
       4 . . . t . . . . . . .
       3 . . . . t . . . . . .
       2 . . . . . . . . . . .
       1 + . . t . . . t t . +
         a b c d e f g h i j k
      `,
      'a',
    ),
  },
  {
    id: 'fetlar-edge-capture',
    name: 'attackers: h2-e2 shuts the king in on the edge',
    position: tfen(
      `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . t . . .
       8 . . . . . . . . . . T
       7 . . . . . . . . . . t
       6 . . t . . + . . . . .
       5 . . . . t . . . . . .
       4 . t . . . . t . . t .
       3 t . . . t . . . . . t
       2 . . t t . . . t t . .
       1 + . t . K t . . . . +
         a b c d e f g h i j k
      `,
      'a',
    ),
  },
  ...['copenhagen', 'fetlar', 'fetlar-edge-capture'].map((id) => ({
    id,
    name: 'defenders: the king reaches the edge between two open corners',
    position: tfen(
      `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . t . . . . . . .
       8 . . . . . . . t . . .
       7 . . . . . . . . . . .
       6 . . . . . + . . . . .
       5 . . . . K . . t . . .
       4 . . . . . . . . . . .
       3 . . t . . . . T . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
      `,
      'd',
    ),
  })),
  ...['alea-evangelii', 'unst-alea-evangelii', 'alea-evangelii-citadels'].flatMap((id) => [
    {
      id,
      name: 'attackers: c4-f4 leaves the king one square, f3, where he is captured too',
      position: board19(
        'a',
        `
        5 . . . . . . .
        4 . . t . . . .
        3 . . . . . . .
        2 . . . . t K t
        1 + . . . . t .
          a b c d e f g
        `,
        { T: ['p15', 'q15'], t: ['c17'] },
      ),
    },
    {
      id,
      name: 'defenders: e10-a10 opens two corners at once',
      position: board19(
        'd',
        `
        12 . . . . .
        11 . . . . .
        10 . . . . K
         9 . . . . .
         8 . . . . .
           a b c d e
        `,
        { T: ['p15', 'q15'], t: ['m3', 'n17', 'j16'] },
      ),
    },
  ]),
];

describe('wins in 1 ply: found at depth 1, scored 1000000 - 1', () => {
  it.each(WIN_IN_1.map((c) => [c.id, c.name, c] as const))('%s: %s', (_id, _name, c) => {
    const v = variant(c.id);
    const pos = positionAt(c.id, c.position);
    expect(winningMoves(pos).length).toBeGreaterThan(0);
    const r = suggest(v, pos, { level: 10, budgetMs: 2000, maxDepth: 1, seed: 1 });
    expect(r.depth).toBe(1);
    expect(r.lines[0].score).toBe(MATE - 1);
    expect(r.stoppedBy).toBe('mate');
    expect(winsAtOnce(pos, r.bestMove!)).toBe(true);
  });
});

describe('wins in 3 plies: found by depth 3, scored 1000000 - 3', () => {
  it.each(WIN_IN_3.map((c) => [c.id, c.name, c] as const))('%s: %s', (_id, _name, c) => {
    const v = variant(c.id);
    const pos = positionAt(c.id, c.position);
    expect(winningMoves(pos).map((m) => moveName(v, m))).toEqual([]);
    const r = suggest(v, pos, { level: 10, budgetMs: 4000, maxDepth: 3, seed: 1 });
    expect(r.lines[0].score).toBe(MATE - 3);
    expect(r.depth).toBeLessThanOrEqual(3);
    expect(forcesWinIn3(pos, r.bestMove!)).toBe(true);
    // The line shows the win: the move, a reply, the winning move.
    expect(r.lines[0].moves).toHaveLength(3);
  });

  // A double threat on the king or a net round him is seen by the quiescence search already at depth 1:
  // the forced replies (blocks of the king's routes, parries of his capture) are searched to the end.
  it.each(WIN_IN_3.filter((c) => c.kingTactic !== false).map((c) => [c.id, c.name, c] as const))(
    'quiescence, depth 1: %s: %s',
    (_id, _name, c) => {
      const r = suggest(variant(c.id), positionAt(c.id, c.position), { level: 10, budgetMs: 4000, maxDepth: 1, seed: 1 });
      expect(r.depth).toBe(1);
      expect(r.lines[0].score).toBe(MATE - 3);
    },
  );

  it('a deeper search still answers the shortest win: 1000000 - 3, not a longer one', () => {
    const c = WIN_IN_3.find((x) => x.id === 'brandubh' && x.name.startsWith('defenders'))!;
    const v = variant(c.id);
    const r = suggest(v, positionAt(c.id, c.position), { level: 10, budgetMs: 3000, maxDepth: 6, seed: 2 });
    expect(r.lines[0].score).toBe(MATE - 3);
  });
});
