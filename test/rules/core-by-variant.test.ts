/**
 * CORE rules (rules.md section 2) that every variant applies the same way, with only the variant's
 * data changing (board size, special squares, what a repetition or an immobile side gives). One table
 * per rule; each row is one variant's drawn position, named after the variant's own rule id too, so
 * a failing row says which text it checks. Rules that differ in kind stay in the variant's file.
 */
import { board19, brief, BriefOutcome, evaluate, expectMove, illegal, moves, MoveCase, ONGOING, tfen, twice, won } from '../helpers/rules';

interface Named {
  /** The variant's rule id and name, and what the row shows. */
  name: string;
}

/** Rows paired with their names, so test names print them as written (`$name` would quote them). */
function named<T extends Named>(rows: T[]): [string, T][] {
  return rows.map((r) => [r.name, r]);
}

/** A move on a row's position: `gives` is its notation, or the reason it is refused. */
interface Check {
  move: string;
  gives: string;
  history?: string[];
  outcome?: BriefOutcome;
}

interface CheckRow extends Named {
  variant: string;
  position: string;
  checks: Check[];
}

function runChecks({ variant, position, checks }: CheckRow) {
  for (const c of checks) {
    if (/^[A-Z_]+$/.test(c.gives))
      expect(illegal(variant, position, c.move, c.history)).toMatchObject({ index: c.history?.length ?? 0, reason: c.gives });
    else expectMove({ variant, position, move: c.move, history: c.history, notation: c.gives, outcome: c.outcome });
  }
}

describe('CORE-3 who may stop on or pass through a special square is per variant', () => {
  const rows: CheckRow[] = [
    {
      name: 'FET-2 fetlar: only the king may stop on the throne (attacker and defender soldiers may not) (defenders to move: f2-f6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . K . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . t . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . T . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [{ move: 'f2-f6', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'FET-2 fetlar: only the king may stop on the throne (attacker and defender soldiers may not) (attackers to move: c6-f6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . K . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . t . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . T . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'c6-f6', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'FET-2 fetlar: every piece may pass through the empty throne (defenders to move: f2-f9)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . K . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . t . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . T . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [{ move: 'f2-f9', gives: 'f2-f9' }],
    },
    {
      name: 'FET-2 fetlar: every piece may pass through the empty throne (attackers to move: c6-i6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . K . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . t . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . T . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'c6-i6', gives: 'c6-i6' }],
    },
    {
      name: 'FET-2 fetlar: every piece may pass through the empty throne (defenders to move: f9-f3)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . T . . . K . . . . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . t . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [{ move: 'f9-f3', gives: 'f9-f3' }],
    },
    {
      name: 'FET-2 fetlar: the king may return to the throne (defenders to move: f9-f6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . T . . . K . . . . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . t . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [{ move: 'f9-f6', gives: 'f9-f6', outcome: ONGOING }],
    },
    {
      name: 'FET-2 fetlar: the king may return to the throne (attackers to move, then c3-c4 f6-f9 c4-c3: f9-f6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . T . . . . . . . . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . . . . K . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . t . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'f9-f6', gives: 'f9-f6', history: ['c3-c4', 'f6-f9', 'c4-c3'] }],
    },
    {
      name: 'FET-2 fetlar: nobody passes through the throne while the king is on it (attackers to move: c6-i6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . T . . . . . . . . .
           8 . . . . . . . . t . .
           7 . . . . . . . . . . .
           6 . . t . . K . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'c6-i6', gives: 'PATH_BLOCKED' }],
    },
    {
      name: 'FET-3 fetlar: no soldier may stop on a corner (attackers to move: a4-a1, k5-k11)',
      variant: 'fetlar',
      position: tfen(
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
        'a',
      ),
      checks: [
        { move: 'a4-a1', gives: 'RESTRICTED_SQUARE' },
        { move: 'k5-k11', gives: 'RESTRICTED_SQUARE' },
      ],
    },
    {
      name: 'FET-3 fetlar: no soldier may stop on a corner (defenders to move: b11-a11, j1-k1)',
      variant: 'fetlar',
      position: tfen(
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
      ),
      checks: [
        { move: 'b11-a11', gives: 'RESTRICTED_SQUARE' },
        { move: 'j1-k1', gives: 'RESTRICTED_SQUARE' },
      ],
    },
    {
      name: 'brandubh: only the king may stop on the throne (defenders to move: d2-d4)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . t .
          5 . . . . . . .
          4 t . . + . . .
          3 . . . . . . .
          2 . . . T . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [{ move: 'd2-d4', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'brandubh: only the king may stop on the throne (attackers to move: a4-d4)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . t .
          5 . . . . . . .
          4 t . . + . . .
          3 . . . . . . .
          2 . . . T . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [{ move: 'a4-d4', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'brandubh: every piece may pass through the empty throne (defenders to move: d2-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . t .
          5 . . . . . . .
          4 t . . + . . .
          3 . . . . . . .
          2 . . . T . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [{ move: 'd2-d6', gives: 'd2-d6' }],
    },
    {
      name: 'brandubh: every piece may pass through the empty throne (attackers to move: a4-g4)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . t .
          5 . . . . . . .
          4 t . . + . . .
          3 . . . . . . .
          2 . . . T . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [{ move: 'a4-g4', gives: 'a4-g4' }],
    },
    {
      name: 'brandubh: the king may return to the throne (defenders to move: d6-d4)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . T . K . . .
          5 . . . . . . .
          4 . . . + . . .
          3 t . . . . . .
          2 . . . . . t .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [{ move: 'd6-d4', gives: 'd6-d4', outcome: ONGOING }],
    },
    {
      name: 'brandubh: only the king may stop on a corner, and reaching one wins (attackers to move: c7-a7, g3-g1)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . t . . . +
          6 . . . . . . .
          5 . . . . . . .
          4 . . . + . . .
          3 K . . . . . t
          2 . . . . . . .
          1 + . . . T . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [
        { move: 'c7-a7', gives: 'RESTRICTED_SQUARE' },
        { move: 'g3-g1', gives: 'RESTRICTED_SQUARE' },
      ],
    },
    {
      name: 'brandubh: only the king may stop on a corner, and reaching one wins (defenders to move: e1-g1, a3-a1)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . t . . . +
          6 . . . . . . .
          5 . . . . . . .
          4 . . . + . . .
          3 K . . . . . t
          2 . . . . . . .
          1 + . . . T . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [
        { move: 'e1-g1', gives: 'RESTRICTED_SQUARE' },
        { move: 'a3-a1', gives: 'a3-a1', outcome: won('defenders', 'king_escaped') },
      ],
    },
    {
      name: 'tablut: only the king stops on the throne; no soldier may (attackers to move: e2-e5)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . . .
          7 . . . . K . . . .
          6 . . . . . . . . .
          5 t . . . + . . . .
          4 . . . . . . . . .
          3 . . T . . . . . .
          2 . . . . t . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      checks: [{ move: 'e2-e5', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'tablut: only the king stops on the throne; no soldier may (defenders to move: e2-e5)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . K . . . . . .
          6 . . . . . . . . .
          5 t . . . + . . . .
          4 . . . . . . . . .
          3 . . . . . . . . .
          2 . . . . T . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      checks: [{ move: 'e2-e5', gives: 'RESTRICTED_SQUARE' }],
    },
    {
      name: 'tablut: the throne is never re-entered by the king once he has left it (attackers to move, then b2-b3 e5-e7 b3-b2: e7-e5)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . . . . . . . .
          6 . . . . . . . . .
          5 . . . . K . . . .
          4 . . . . . . . . .
          3 . . T . . . . . .
          2 . t . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      checks: [{ move: 'e7-e5', gives: 'THRONE_REENTRY', history: ['b2-b3', 'e5-e7', 'b3-b2'] }],
    },
    {
      name: 'tablut: the throne is never re-entered by the king once he has left it (defenders to move: e7-e5)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . . . K . . . .
          6 . . . . . . . . .
          5 . . . . + . . . .
          4 . . . . . . . . .
          3 . . T . . . . . .
          2 . t . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      checks: [{ move: 'e7-e5', gives: 'THRONE_REENTRY' }],
    },
    {
      name: 'tablut: all may pass through the empty throne, the king too (attackers to move: a5-i5, e2-e6)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . . .
          7 . . . . K . . . .
          6 . . . . . . . . .
          5 t . . . + . . . .
          4 . . . . . . . . .
          3 . . T . . . . . .
          2 . . . . t . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      checks: [
        { move: 'a5-i5', gives: 'a5-i5' },
        { move: 'e2-e6', gives: 'e2-e6' },
      ],
    },
    {
      name: 'tablut: all may pass through the empty throne, the king too (defenders to move: e2-e4)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . . . K . . . .
          6 . . . . . . . . .
          5 t . . . + . . . .
          4 . . . . . . . . .
          3 . . . . . . . . .
          2 . . . . T . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      checks: [{ move: 'e2-e4', gives: 'e2-e4' }],
    },
    {
      name: 'tablut: all may pass through the empty throne, the king too (defenders to move: e7-e3)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . . . K . . . .
          6 . . . . . . . . .
          5 . . . . + . . . .
          4 . . . . . . . . .
          3 . . T . . . . . .
          2 . t . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      checks: [{ move: 'e7-e3', gives: 'e7-e3', outcome: ONGOING }],
    },
  ];

  it.each(named(rows))('CORE-3 special squares per variant, %s', (_, row) => runChecks(row));
});

describe('CORE-4 custodial capture against the throne: hostile to whom, empty or occupied, is per variant', () => {
  const rows: CheckRow[] = [
    {
      name: 'FET-4 fetlar: the empty throne is hostile to attackers (defenders to move: c4-f4, d9-d6)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . T . . . t K . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . t + . . . . .
           5 . . . . . t . . . . .
           4 . . T . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [
        { move: 'c4-f4', gives: 'c4-f4xf5' },
        { move: 'd9-d6', gives: 'd9-d6xe6' },
      ],
    },
    {
      name: 'FET-4 fetlar: the throne with the king on it is hostile to attackers (defenders to move: c4-f4)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . K . . . . .
           5 . . . . . t . . . . .
           4 . . T . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      checks: [{ move: 'c4-f4', gives: 'c4-f4xf5' }],
    },
    {
      name: 'FET-4 fetlar: the empty throne is hostile to defender soldiers (attackers to move: c4-f4)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T K . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . T . . . . .
           4 . . t . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'c4-f4', gives: 'c4-f4xf5' }],
    },
    {
      name: 'FET-4 fetlar: the occupied throne is not hostile to defender soldiers (attackers to move: c4-f4)',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . K . . . . .
           5 . . . . . T . . . . .
           4 . . t . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      checks: [{ move: 'c4-f4', gives: 'c4-f4', outcome: ONGOING }],
    },
    {
      name: 'brandubh: the throne is hostile to attackers, empty or occupied (defenders to move, empty: f6-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . T .
          5 . . . t . . .
          4 . . . + . . .
          3 . . . . . . .
          2 . t . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [{ move: 'f6-d6', gives: 'f6-d6xd5' }],
    },
    {
      name: 'brandubh: the throne is hostile to attackers, empty or occupied (defenders to move, occupied: f6-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . . . . . T .
          5 . . . t . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . t . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      checks: [{ move: 'f6-d6', gives: 'f6-d6xd5' }],
    },
    {
      name: 'brandubh: the throne is hostile to defender soldiers only when empty (attackers to move, empty: f6-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . K . . . t .
          5 . . . T . . .
          4 . . . + . . .
          3 . . . . . . .
          2 . T . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [{ move: 'f6-d6', gives: 'f6-d6xd5' }],
    },
    {
      name: 'brandubh: the throne is hostile to defender soldiers only when empty (attackers to move, occupied: f6-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . . . . . t .
          5 . . . T . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . T . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [{ move: 'f6-d6', gives: 'f6-d6' }],
    },
    {
      name: 'brandubh: the throne is never hostile to the king (attackers to move: f6-d6)',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . T . . . t .
          5 . . . K . . .
          4 . . . + . . .
          3 . . . . . . .
          2 t . . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      checks: [{ move: 'f6-d6', gives: 'f6-d6', outcome: ONGOING }],
    },
    {
      name: 'tablut: the empty throne is hostile to attackers and to defenders (defenders to move, attacker: b3-e3)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . K . . . . . .
          6 . . . . . . . . .
          5 . . . . + . . . .
          4 . . . . t . . . .
          3 . T . . . . . . .
          2 . . . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      checks: [{ move: 'b3-e3', gives: 'b3-e3xe4' }],
    },
    {
      name: 'tablut: the empty throne is hostile to attackers and to defenders (attackers to move, defender: b3-e3)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . T . . . . . . .
          7 . . K . . . . . .
          6 . . . . . . . . .
          5 . . . . + . . . .
          4 . . . . T . . . .
          3 . t . . . . . . .
          2 . . . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      checks: [{ move: 'b3-e3', gives: 'b3-e3xe4' }],
    },
    {
      name: 'tablut: the throne with the king on it is not hostile to a defender soldier (outside the Linnaean case) (attackers to move: b3-e3)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . . .
          7 . . . . . . . . .
          6 . . . . . . . . .
          5 . . . t K . . . .
          4 . . . . T . . . .
          3 . t . . . . . . .
          2 . . . . . . . T .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      checks: [{ move: 'b3-e3', gives: 'b3-e3' }],
    },
  ];

  it.each(named(rows))('CORE-4 custodial capture against the throne, %s', (_, row) => runChecks(row));
});

describe('CORE-4 custodial capture against a hostile corner', () => {
  const rows: (MoveCase & Named)[] = [
    {
      name: 'FET-5 fetlar: a corner is hostile to an attacker',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t K . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . T . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + t . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
    },
    {
      name: 'FET-5 fetlar: a corner is hostile to a defender soldier',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T K . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . t . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + T . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
    },
    {
      name: 'CPH-1 copenhagen: a corner is hostile to a defender soldier',
      variant: 'copenhagen',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . T
           9 . . . . . . . t . . .
           8 . . . . K . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . t . . . . . . . . .
           3 . . T . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'h9-k9',
      notation: 'h9-k9xk10',
    },
    {
      name: 'CPH-1 copenhagen: a corner is hostile to an attacker',
      variant: 'copenhagen',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 t . . . . . . . . . .
           9 . . . T . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . K . . . . . .
           4 . . . . . . . t . . .
           3 . . . . . . . . . . .
           2 . . t . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'd9-a9',
      notation: 'd9-a9xa10',
    },
    {
      name: 'brandubh: a corner is hostile to an attacker',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . . . . K t .
          5 . . . . . . .
          4 . . . + . . .
          3 . . . T . . .
          2 t . . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      move: 'd3-a3',
      notation: 'd3-a3xa2',
    },
    {
      name: 'brandubh: a corner is hostile to a defender soldier',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . T +
          6 . . K . . . .
          5 . . . . t . .
          4 . . . + . . .
          3 . . . . . . .
          2 . T . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      move: 'e5-e7',
      notation: 'e5-e7xf7',
    },
    {
      name: 'UNST-3 unst-alea-evangelii: a corner is hostile to an attacker (c1 captures b1 against a1)',
      variant: 'unst-alea-evangelii',
      position: board19(
        'd',
        `
         5 . . T . .
         4 . . . . .
         3 . . . . K
         2 . . . . .
         1 + t . . .
           a b c d e
        `,
        { t: ['p15'] },
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
      outcome: ONGOING,
    },
    {
      name: 'UNST-3 unst-alea-evangelii: a corner is hostile to a defender soldier (a3 captures a2 against a1)',
      variant: 'unst-alea-evangelii',
      position: board19(
        'a',
        `
         6 t . . .
         5 . . . .
         4 . . . .
         3 . . . .
         2 T . . .
         1 + . . .
           a b c d
        `,
        { K: 'm12' },
      ),
      move: 'a6-a3',
      notation: 'a6-a3xa2',
      outcome: ONGOING,
    },
    {
      name: 'AE-5 alea-evangelii: a corner is hostile to an attacker',
      variant: 'alea-evangelii',
      position: board19(
        'd',
        `
         5 . . T
         4 . . .
         3 . . .
         2 . . .
         1 + t .
           a b c
        `,
        { K: 'm12', t: ['p15'] },
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
      outcome: ONGOING,
    },
    {
      name: 'AE-5 alea-evangelii: a corner is hostile to a defender soldier',
      variant: 'alea-evangelii',
      position: board19(
        'a',
        `
         5 . . t
         4 . . .
         3 . . .
         2 . . .
         1 + T .
           a b c
        `,
        { K: 'm12' },
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
      outcome: ONGOING,
    },
  ];

  it.each(named(rows))('CORE-4 custodial capture against a hostile corner, %s', (_, row) => {
    expectMove(row);
  });
});

describe('CORE-4 a corner and the king: hostile to him or not, per variant', () => {
  const rows: (MoveCase & Named)[] = [
    {
      name: 'FET-5 fetlar: a corner is not hostile to the king',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t . . .
           8 . . . . . . . T . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . t . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + K . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c5-c1',
      notation: 'c5-c1',
      outcome: ONGOING,
    },
    {
      name: 'CPH-1 copenhagen: a corner is hostile to the king too, but the king beside it stands on the edge and is not captured (CPH-5)',
      variant: 'copenhagen',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . t . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . T . . . . . . . . .
           4 . . . . . . . . . . t
           3 . . . . . . . . . . .
           2 . . . . . . . . . t K
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'k4-k3',
      notation: 'k4-k3',
      outcome: ONGOING,
    },
    {
      name: 'brandubh: corners are hostile to the king: one attacker and a corner capture him',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . . . . T t .
          5 . . . . . . .
          4 . . t + . . .
          3 . . . . . . .
          2 . . . . . . .
          1 + K . . . . +
            a b c d e f g
        `,
        'a',
      ),
      move: 'c4-c1',
      notation: 'c4-c1xb1',
      outcome: won('attackers', 'king_captured'),
    },
    {
      name: 'AE-5 alea-evangelii: a corner is hostile to the king: c1 captures the king on b1 against a1',
      variant: 'alea-evangelii',
      position: board19(
        'a',
        `
         5 . . t
         4 . . .
         3 . . .
         2 . . .
         1 + K .
           a b c
        `,
      ),
      move: 'c5-c1',
      notation: 'c5-c1xb1',
      outcome: won('attackers', 'king_captured'),
    },
  ];

  it.each(named(rows))('CORE-4 a corner and the king, %s', (_, row) => {
    expectMove(row);
  });
});

describe('CORE-4 the board edge is not hostile', () => {
  const rows: (MoveCase & Named)[] = [
    {
      name: 'FET-5 fetlar: an attacker beside a defender on the edge captures nothing',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T K . .
           8 . t . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 T . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'b8-b5',
      notation: 'b8-b5',
    },
    {
      name: 'FET-5 fetlar: a defender beside an attacker on the edge captures nothing',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t K . .
           8 . T . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 t . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'b8-b5',
      notation: 'b8-b5',
    },
    {
      name: 'UNST-3 unst-alea-evangelii: b5 beside a5 on the edge captures nothing',
      variant: 'unst-alea-evangelii',
      position: board19(
        'a',
        `
         6 . . . . .
         5 T . . . t
         4 . . . . .
           a b c d e
        `,
        { K: 'm12' },
      ),
      move: 'e5-b5',
      notation: 'e5-b5',
    },
  ];

  it.each(named(rows))('CORE-4 the board edge is not hostile, %s', (_, row) => {
    expectMove(row);
  });
});

describe('CORE-4 the armed king is a hammer and an anvil', () => {
  const rows: (MoveCase & Named)[] = [
    {
      name: 'FET-6 fetlar: the king as the moving piece captures against a defender',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t . . .
           8 . . . K . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . t T . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'd8-d4',
      notation: 'd8-d4xe4',
    },
    {
      name: "FET-6 fetlar: the king is the anvil for a defender's capture",
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . t . . .
           8 . . . T . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . t K . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'd8-d4',
      notation: 'd8-d4xe4',
    },
    {
      name: 'brandubh: the king as the hammer',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . K . . . +
          6 . . . . . . .
          5 T t . . . . .
          4 . . . + . . .
          3 . . . . . . .
          2 . . . . . t .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      move: 'c7-c5',
      notation: 'c7-c5xb5',
    },
    {
      name: 'brandubh: the king as the anvil',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . T . . . +
          6 . . . . . . .
          5 K t . . . . .
          4 . . . + . . .
          3 . . . . . . .
          2 . . . . . t .
          1 + . . . . . +
            a b c d e f g
        `,
        'd',
      ),
      move: 'c7-c5',
      notation: 'c7-c5xb5',
    },
    {
      name: 'tablut: the king as the hammer',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . t .
          7 . . . K . . . . .
          6 . . . . . . . . .
          5 . . . . + . . . .
          4 . . . . . . . . .
          3 . T t . . . . . .
          2 . . . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      move: 'd7-d3',
      notation: 'd7-d3xc3',
    },
    {
      name: 'UNST-6 unst-alea-evangelii: the king as the hammer (K f9-f5 captures e5 against the soldier d5)',
      variant: 'unst-alea-evangelii',
      position: board19(
        'd',
        `
         9 . . . K
         8 . . . .
         7 . . . .
         6 . . . .
         5 . T t .
           c d e f
        `,
        { t: ['p15'] },
      ),
      move: 'f9-f5',
      notation: 'f9-f5xe5',
    },
    {
      name: 'UNST-6 unst-alea-evangelii: the king as the anvil (T f9-f5 captures e5 against the king d5)',
      variant: 'unst-alea-evangelii',
      position: board19(
        'd',
        `
         9 . . . T
         8 . . . .
         7 . . . .
         6 . . . .
         5 . K t .
           c d e f
        `,
        { t: ['p15'] },
      ),
      move: 'f9-f5',
      notation: 'f9-f5xe5',
    },
    {
      name: 'AE-6 alea-evangelii: the king as the hammer captures on two sides at once',
      variant: 'alea-evangelii',
      position: board19(
        'd',
        `
         9 . . K . .
         8 . . . . .
         7 . . . . .
         6 . . . . .
         5 T t . t T
           c d e f g
        `,
        { t: ['p15'] },
      ),
      move: 'e9-e5',
      notation: 'e9-e5xd5/f5',
      outcome: ONGOING,
    },
    {
      name: 'AE-6 alea-evangelii: the king as the anvil',
      variant: 'alea-evangelii',
      position: board19(
        'd',
        `
         9 . . . T
         8 . . . .
         7 . . . .
         6 . . . .
         5 . K t .
           c d e f
        `,
        { t: ['p15'] },
      ),
      move: 'f9-f5',
      notation: 'f9-f5xe5',
    },
  ];

  it.each(named(rows))('CORE-4 the armed king is a hammer and an anvil, %s', (_, row) => {
    expectMove(row);
  });
});

describe('CORE-8 repetition: the move creating the third occurrence ends the game', () => {
  /** `cycle` brings the drawn position back; played twice, its last move makes the third occurrence. */
  interface RepetitionRow extends Named {
    variant: string;
    position: string;
    cycle: string[];
    result: BriefOutcome;
  }
  // The same shuttle serves the three 11×11 variants: attacker i9-i10, defender c3-c4.
  const diamond = (side: 'a' | 'd') =>
    tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 t . . . . K . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . T . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      side,
    );
  const brandubh = (side: 'a' | 'd') =>
    tfen(
      `
        7 + . . . . . +
        6 . . . . . t .
        5 . . . . . . .
        4 . . . K . . .
        3 . . . . . . .
        2 . T . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      side,
    );
  const tablut = (side: 'a' | 'd') =>
    tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . t . .
        6 . . . . . . . . .
        5 . . . . K . . . .
        4 . . . . . . . . .
        3 . . T . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      side,
    );
  // King e5 and attacker p15 shuffle back and forth on the 19×19 board.
  const board19Shuttle = (side: 'a' | 'd') =>
    board19(
      side,
      `
       6 . .
       5 K .
         e f
      `,
      { t: ['p15'] },
    );
  const attackerFirst11 = ['i9-i10', 'c3-c4', 'i10-i9', 'c4-c3'];
  const defenderFirst11 = ['c3-c4', 'i9-i10', 'c4-c3', 'i10-i9'];
  const rows: RepetitionRow[] = [
    {
      name: 'FET-9 fetlar: the defenders make it and lose',
      variant: 'fetlar',
      position: diamond('a'),
      cycle: attackerFirst11,
      result: won('attackers', 'repetition'),
    },
    {
      name: 'FET-9 fetlar: the attackers make it and lose',
      variant: 'fetlar',
      position: diamond('d'),
      cycle: defenderFirst11,
      result: won('defenders', 'repetition'),
    },
    {
      name: 'CPH-6 copenhagen: the defenders make it and lose',
      variant: 'copenhagen',
      position: diamond('a'),
      cycle: attackerFirst11,
      result: won('attackers', 'repetition'),
    },
    {
      name: 'CPH-6 copenhagen: the attackers make it and lose',
      variant: 'copenhagen',
      position: diamond('d'),
      cycle: defenderFirst11,
      result: won('defenders', 'repetition'),
    },
    {
      name: 'fetlar-edge-capture (as FET-9): the defenders make it and lose',
      variant: 'fetlar-edge-capture',
      position: diamond('a'),
      cycle: attackerFirst11,
      result: won('attackers', 'repetition'),
    },
    {
      name: 'brandubh: the defenders make it and lose',
      variant: 'brandubh',
      position: brandubh('a'),
      cycle: ['f6-f5', 'b2-b3', 'f5-f6', 'b3-b2'],
      result: won('attackers', 'repetition'),
    },
    {
      name: 'brandubh: the attackers make it and lose',
      variant: 'brandubh',
      position: brandubh('d'),
      cycle: ['b2-b3', 'f6-f5', 'b3-b2', 'f5-f6'],
      result: won('defenders', 'repetition'),
    },
    {
      name: 'tablut: the defenders make it: a draw',
      variant: 'tablut',
      position: tablut('a'),
      cycle: ['g7-g8', 'c3-c2', 'g8-g7', 'c2-c3'],
      result: won('draw', 'repetition'),
    },
    {
      name: 'tablut: the attackers make it: a draw too',
      variant: 'tablut',
      position: tablut('d'),
      cycle: ['c3-c2', 'g7-g8', 'c2-c3', 'g8-g7'],
      result: won('draw', 'repetition'),
    },
    {
      name: 'UNST-13 unst-alea-evangelii: the attackers make it: the defenders win',
      variant: 'unst-alea-evangelii',
      position: board19Shuttle('d'),
      cycle: ['e5-e6', 'p15-p16', 'e6-e5', 'p16-p15'],
      result: won('defenders', 'repetition'),
    },
    {
      name: 'UNST-13 unst-alea-evangelii: the defenders make it: the attackers win',
      variant: 'unst-alea-evangelii',
      position: board19Shuttle('a'),
      cycle: ['p15-p16', 'e5-e6', 'p16-p15', 'e6-e5'],
      result: won('attackers', 'repetition'),
    },
    {
      name: 'AE-8 alea-evangelii: the third occurrence is a draw',
      variant: 'alea-evangelii',
      position: board19Shuttle('d'),
      cycle: ['e5-e6', 'p15-p16', 'e6-e5', 'p16-p15'],
      result: won('draw', 'repetition'),
    },
  ];

  it.each(named(rows))(
    'CORE-8 the initial position counts as the first occurrence, %s; the next move is GAME_OVER',
    (_, { variant, position, cycle, result }) => {
      const history = twice(cycle);
      const seven = history.slice(0, 7);
      expect(brief(evaluate(variant, position, seven).outcome)).toEqual(ONGOING);
      const r = expectMove({ variant, position, move: history[7], history: seven, notation: history[7], outcome: result });
      expect(r.position).toBe(position);
      expect(illegal(variant, position, cycle[0], history)).toMatchObject({ index: 8, reason: 'GAME_OVER' });
    },
  );
});

describe('CORE-12 / R-16 no legal move: the variant says who wins', () => {
  /** After `move` the side to move has no legal move at all. */
  const rows: (MoveCase & Named)[] = [
    {
      name: 'FET-10 fetlar: the defenders (a king boxed in on the edge) lose',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . t . . . . . . . .
           6 K t . . . + . . . . .
           5 t . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . t . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c7-a7',
      notation: 'c7-a7',
      outcome: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'FET-10 fetlar: the defenders (a king boxed in on the bottom edge) lose',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . t . . . . . . . .
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
      ),
      move: 'f5-f2',
      notation: 'f5-f2',
      outcome: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'FET-10 fetlar: the attackers lose',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . T
           5 . . . . . . . T . . t
           4 . . . . . . . . . . T
           3 . . K . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'h5-j5',
      notation: 'h5-j5',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'FET-10 fetlar: the attackers (a soldier boxed on the bottom edge) lose',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . K . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . T . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . T t T . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'e5-e2',
      notation: 'e5-e2',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'fetlar-edge-capture (as FET-10): the attackers lose',
      variant: 'fetlar-edge-capture',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . T
           5 . . . . . . . T . . t
           4 . . . . . . . . . . T
           3 . . K . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'd',
      ),
      move: 'h5-j5',
      notation: 'h5-j5',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'brandubh: the defenders lose',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . t . . . . .
          5 t . . . . . .
          4 K . . + . . .
          3 t . . . . . .
          2 . . . . . . .
          1 + . . . . . +
            a b c d e f g
        `,
        'a',
      ),
      move: 'b6-b4',
      notation: 'b6-b4',
      outcome: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'brandubh: the attackers lose',
      variant: 'brandubh',
      position: tfen(
        `
          7 + . . . . . +
          6 . . . . . K .
          5 . . . . . . .
          4 . . . + . . .
          3 . . . T . . .
          2 . . . . . . .
          1 + . T t T . +
            a b c d e f g
        `,
        'd',
      ),
      move: 'd3-d2',
      notation: 'd3-d2',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'tablut: the defenders lose (the king beside the throne he may not re-enter, boxed in)',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . . .
          7 . . . . t . . . .
          6 . . . t K t . . .
          5 . . . . + . . . .
          4 . . . . t . . . .
          3 . . . . . . . . .
          2 t . . . . . . . .
          1 . . . . . . . . .
            a b c d e f g h i
        `,
        'a',
      ),
      move: 'a2-a3',
      notation: 'a2-a3',
      outcome: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'tablut: the attackers lose',
      variant: 'tablut',
      position: tfen(
        `
          9 . . . . . . . . .
          8 . . . . . . . . .
          7 . . . . . . . . .
          6 . . . . . . . . .
          5 . . . . K . . . .
          4 . . . . . . . . .
          3 . T . . . . . . .
          2 T . . . . . . . .
          1 t . . . . . . . .
            a b c d e f g h i
        `,
        'd',
      ),
      move: 'b3-b1',
      notation: 'b3-b1',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'UNST-14 unst-alea-evangelii: the defenders (a lone king boxed on the edge, not capturable there) lose',
      variant: 'unst-alea-evangelii',
      position: board19(
        'a',
        `
         9 . t
         8 . .
         7 . .
         6 t .
         5 K .
         4 t .
           a b
        `,
      ),
      move: 'b9-b5',
      notation: 'b9-b5',
      outcome: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'UNST-14 unst-alea-evangelii: the attackers (a lone soldier a2 beside the corner) lose',
      variant: 'unst-alea-evangelii',
      position: board19(
        'd',
        `
         6 . T
         5 . .
         4 . .
         3 T .
         2 t .
         1 + .
           a b
        `,
        { K: 'm12' },
      ),
      move: 'b6-b2',
      notation: 'b6-b2',
      outcome: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'AE-9 alea-evangelii: the defenders, left without a legal move, draw (the king on e1 is not captured)',
      variant: 'alea-evangelii',
      position: board19(
        'a',
        `
         6 . . t . .
         5 . . . . .
         4 . . . . .
         3 . . . . .
         2 . . . . .
         1 . t K t .
           c d e f g
        `,
      ),
      move: 'e6-e2',
      notation: 'e6-e2',
      outcome: won('draw', 'no_legal_moves'),
    },
    {
      name: 'R-16 alea-evangelii: `draw`: winner draw, reason no_legal_moves',
      variant: 'alea-evangelii',
      position: board19(
        'd',
        `
         5 . T .
         4 . . .
         3 . . .
         2 . . .
         1 T t T
           d e f
        `,
        { K: 'j10' },
      ),
      move: 'e5-e2',
      notation: 'e5-e2',
      outcome: won('draw', 'no_legal_moves'),
    },
  ];

  // `loses` gives the win to the side that just moved, `draw` gives winner draw; both name no_legal_moves.
  it.each(named(rows))('CORE-12 no legal move, %s', (_, row) => {
    expectMove(row);
    expect(moves(row.variant, row.position, undefined, [row.move]).count).toBe(0);
  });

  const given: (Named & { variant: string; position: string; result: BriefOutcome })[] = [
    {
      name: 'UNST-14 unst-alea-evangelii: already lost',
      variant: 'unst-alea-evangelii',
      position: board19(
        'd',
        `
         6 t .
         5 K t
         4 t .
           a b
        `,
      ),
      result: won('attackers', 'no_legal_moves'),
    },
    {
      name: 'AE-9 alea-evangelii: already drawn',
      variant: 'alea-evangelii',
      position: board19(
        'd',
        `
         2 . . t . .
         1 . t K t .
           c d e f g
        `,
      ),
      result: won('draw', 'no_legal_moves'),
    },
    {
      name: 'R-16 fetlar: at a start state, the side to move without a move loses',
      variant: 'fetlar',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . T
           5 . . . . . . . . . T t
           4 . . . . . . . . . . T
           3 . . K . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      result: won('defenders', 'no_legal_moves'),
    },
    {
      name: 'R-16 alea-evangelii: at a start state, the side to move without a move draws',
      variant: 'alea-evangelii',
      position: board19(
        'a',
        `
         2 . T .
         1 T t T
           d e f
        `,
        { K: 'j10' },
      ),
      result: won('draw', 'no_legal_moves'),
    },
  ];

  it.each(named(given))('CORE-12 (R-15) a given position whose side to move has no legal move, %s', (_, { variant, position, result }) => {
    expect(brief(evaluate(variant, position).outcome)).toEqual(result);
    expect(moves(variant, position).count).toBe(0);
  });

  const nearMisses: (MoveCase & Named)[] = [
    {
      name: 'UNST-14 unst-alea-evangelii: the boxed king with a free defender soldier (p15) goes on',
      variant: 'unst-alea-evangelii',
      position: board19(
        'a',
        `
         9 . t
         8 . .
         7 . .
         6 t .
         5 K .
         4 t .
           a b
        `,
        { T: ['p15'] },
      ),
      move: 'b9-b5',
      notation: 'b9-b5',
      outcome: ONGOING,
    },
    {
      name: 'AE-9 alea-evangelii: the boxed king with a free defender soldier (p15) goes on',
      variant: 'alea-evangelii',
      position: board19(
        'a',
        `
         6 . . t . .
         5 . . . . .
         4 . . . . .
         3 . . . . .
         2 . . . . .
         1 . t K t .
           c d e f g
        `,
        { T: ['p15'] },
      ),
      move: 'e6-e2',
      notation: 'e6-e2',
      outcome: ONGOING,
    },
  ];

  it.each(named(nearMisses))('CORE-12 near-miss: one free piece is a legal move, %s', (_, row) => {
    expectMove(row);
  });
});

const KING_CAPTURED = won('attackers', 'king_captured');

/*
 * King capture away from the edge is the same data in the three 11×11 variants (four attackers; three
 * and the empty throne beside it; four on the throne); only the edge differs, and stays in their files.
 */
describe.each([
  ['FET-7', 'fetlar'],
  ['FET-7 (5.1)', 'fetlar-edge-capture'],
  ['CPH-5', 'copenhagen'],
])('CORE-4 king enclosure off the edge, %s %s', (rule, variant) => {
  const cases: (Omit<MoveCase, 'variant'> & { what: string })[] = [
    {
      what: 'four attackers capture the king away from the throne (the moved piece completes the ring)',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . t . . . . . . .
           8 . . t K t . . . . . .
           7 t . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . T . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'a7-d7',
      notation: 'a7-d7xd8',
      outcome: KING_CAPTURED,
    },
    {
      what: 'three attackers do not capture the king away from the throne',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 t . . . . . . . . . .
           8 . . t K t . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . T . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'a9-d9',
      notation: 'a9-d9',
      outcome: ONGOING,
    },
    {
      what: 'two attackers on opposite sides do not capture the king',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . t K . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . t . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . T . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'e5-e8',
      notation: 'e5-e8',
      outcome: ONGOING,
    },
    {
      what: 'three attackers and the empty throne capture the king below it',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . t K t . . . .
           4 . . t . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c4-f4',
      notation: 'c4-f4xf5',
      outcome: KING_CAPTURED,
    },
    {
      what: 'three attackers and the empty throne capture the king below it, the moved piece at the side',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T . . .
           8 . . . . . . t . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . t K . . . . .
           4 . . . . . t . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'g8-g5',
      notation: 'g8-g5xf5',
      outcome: KING_CAPTURED,
    },
    {
      what: 'three attackers and the empty throne capture the king above it',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . t . . . . . . . .
           7 . . . . t K t . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . T . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c8-f8',
      notation: 'c8-f8xf7',
      outcome: KING_CAPTURED,
    },
    {
      what: 'two attackers and the empty throne do not capture the king below it',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . T . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . . + . . . . .
           5 . . . . t K . . . . .
           4 . . t . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c4-f4',
      notation: 'c4-f4',
      outcome: ONGOING,
    },
    {
      what: 'two attackers and the empty throne do not capture the king above it',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . t . . . . . . . .
           7 . . . . t K . . . . .
           6 . . . . . + . . . . .
           5 . . . . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . T . . .
           2 . . . . . . . . . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c8-f8',
      notation: 'c8-f8',
      outcome: ONGOING,
    },
    {
      what: 'the king on the throne is captured by four attackers',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . t . . . . .
           6 . . . . t K t . . . .
           5 . . t . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . T . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c5-f5',
      notation: 'c5-f5xf6',
      outcome: KING_CAPTURED,
    },
    {
      what: 'the king on the throne is not captured by three attackers',
      position: tfen(
        `
          11 + . . . . . . . . . +
          10 . . . . . . . . . . .
           9 . . . . . . . . . . .
           8 . . . . . . . . . . .
           7 . . . . . . . . . . .
           6 . . . . t K t . . . .
           5 . . t . . . . . . . .
           4 . . . . . . . . . . .
           3 . . . . . . . . . . .
           2 . . . . . . . T . . .
           1 + . . . . . . . . . +
             a b c d e f g h i j k
        `,
        'a',
      ),
      move: 'c5-f5',
      notation: 'c5-f5',
      outcome: ONGOING,
    },
  ];

  it.each(cases.map((c) => [c.what, c] as const))(`${rule}: %s`, (_, c) => {
    expectMove({ ...c, variant });
  });
});

/*
 * The 19×19 variants with the graded king (unst-alea-evangelii, alea-evangelii) capture him the same
 * way away from the edge: four on the throne, three beside it, two elsewhere. The edge and the corners
 * differ (UNST-10 immunity, AE-7 corner as an attacker) and stay in their files.
 */
describe.each([
  ['UNST-10', 'unst-alea-evangelii'],
  ['AE-7', 'alea-evangelii'],
])('CORE-4 king enclosure on the 19×19 board, %s %s', (rule, variant) => {
  const cases: (Omit<MoveCase, 'variant'> & { what: string; then?: string })[] = [
    {
      what: 'away from the throne, two attackers on opposite sides capture the king; the game is over',
      position: board19(
        'a',
        `
         9 . . . t
         8 . . . .
         7 . . . .
         6 . . . .
         5 . t K .
           c d e f
        `,
      ),
      move: 'f9-f5',
      notation: 'f9-f5xe5',
      outcome: KING_CAPTURED,
      then: 'd5-d6',
    },
    {
      what: 'near-miss: two attackers on adjacent (not opposite) sides do not capture the king',
      position: board19(
        'a',
        `
         9 . . t .
         8 . . . .
         7 . . . .
         6 . . . .
         5 . t K .
           c d e f
        `,
      ),
      move: 'e9-e6',
      notation: 'e9-e6',
      outcome: ONGOING,
    },
    {
      what: 'on the throne, four attackers capture the king',
      position: board19(
        'a',
        `
        11 . . t . . . .
        10 . t K t . . .
         9 . . . . . . t
           h i j k l m n
        `,
      ),
      move: 'n9-j9',
      notation: 'n9-j9xj10',
      outcome: KING_CAPTURED,
    },
    {
      what: 'near-miss: on the throne, three attackers do not capture the king',
      position: board19(
        'a',
        `
        11 . . . . . . .
        10 . t K t . . .
         9 . . . . . . t
           h i j k l m n
        `,
      ),
      move: 'n9-j9',
      notation: 'n9-j9',
      outcome: ONGOING,
    },
    {
      what: 'beside the throne, three attackers capture the king (the empty throne is the fourth side)',
      position: board19(
        'a',
        `
        12 . . . . . . t
        11 . t K t . . .
        10 . . + . . . .
           h i j k l m n
        `,
        { t: ['c3'] },
      ),
      move: 'n12-j12',
      notation: 'n12-j12xj11',
      outcome: KING_CAPTURED,
    },
    {
      what: 'near-miss beside the throne: two attackers on the axis away from the throne (i11, k11) do not suffice (R-5)',
      position: board19(
        'a',
        `
        12 . . . . . . .
        11 . t K . . . t
        10 . . + . . . .
           h i j k l m n
        `,
        { t: ['c3'] },
      ),
      move: 'n11-k11',
      notation: 'n11-k11',
      outcome: ONGOING,
    },
    {
      what: 'near-miss beside the throne: one attacker opposite the throne does not capture the king',
      position: board19(
        'a',
        `
        12 . . . . . . t
        11 . . K . . . .
        10 . . + . . . .
           h i j k l m n
        `,
        { t: ['c3'] },
      ),
      move: 'n12-j12',
      notation: 'n12-j12',
      outcome: ONGOING,
    },
  ];

  it.each(cases.map((c) => [c.what, c] as const))(`${rule}: %s`, (_, { then, ...c }) => {
    expectMove({ ...c, variant });
    if (then) expect(illegal(variant, c.position, then, [c.move]).reason).toBe('GAME_OVER');
  });
});
