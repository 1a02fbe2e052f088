/**
 * Threats (the tafl "checks") on drawn positions: the king's open routes to a corner (Copenhagen,
 * Fetlar) and to the edge (Tablut), a king the attackers capture with their next move, and a piece
 * left hanging. Expected values are read off the drawings.
 */
import { threats } from '../../src/engine';
import type { ThreatsResult } from '../../src/engine';
import { builtInVariant } from '../../src/variants';
import { brief, ONGOING, play, tfen, won } from '../helpers/rules';

function threatsIn(id: string, position: string, moves: string[] = []): ThreatsResult {
  const r = threats(builtInVariant(id)!, { position, moves });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const notations = (moves: { notation: string }[]): string[] => moves.map((m) => m.notation);

describe('threats: the king reaches a corner in one move', () => {
  // The king on e1 sees a1 along the edge; h1 blocks the way to k1.
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . t . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . T . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . K . . t . . +
           a b c d e f g h i j k
      `,
      side,
    );

  it.each(['copenhagen', 'fetlar'])('R-13 %s: one route, e1 to a1 through d1, c1 and b1, whoever is to move', (id) => {
    for (const side of ['a', 'd'] as const) {
      const t = threatsIn(id, position(side));
      expect(t.kingRoutes).toEqual([{ from: 'e1', to: 'a1', route: ['d1', 'c1', 'b1', 'a1'] }]);
      expect(t.kingCapturable).toEqual([]);
    }
    // The threat is real: the defenders, to move, win with it.
    expect(brief(play(id, position('d'), 'e1-a1').outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('copenhagen: an attacker on the route stops it (the threat answered)', () => {
    const after = play('copenhagen', position('a'), 'd9-d1');
    expect(brief(after.outcome)).toEqual(ONGOING);
    expect(threatsIn('copenhagen', after.position).kingRoutes).toEqual([]);
  });
});

describe('threats: the king reaches the edge in one move (Tablut)', () => {
  const position = tfen(
    `
      9 . . . . . . . . .
      8 . . . . . . . t .
      7 . . K . . . . . .
      6 . . . . . . . . .
      5 . . . . + . . . .
      4 . . . . . . . . .
      3 . . . . . . t . .
      2 . T . . . . . . .
      1 . . . . . . . . .
        a b c d e f g h i
    `,
    'a',
  );

  it('R-13 tablut: four routes, one to each edge, in notation order of the escape square', () => {
    expect(threatsIn('tablut', position).kingRoutes).toEqual([
      { from: 'c7', to: 'a7', route: ['b7', 'a7'] },
      { from: 'c7', to: 'c1', route: ['c6', 'c5', 'c4', 'c3', 'c2', 'c1'] },
      { from: 'c7', to: 'c9', route: ['c8', 'c9'] },
      { from: 'c7', to: 'i7', route: ['d7', 'e7', 'f7', 'g7', 'h7', 'i7'] },
    ]);
  });
});

// Copenhagen: three attackers beside the king on d5; d9 closes the fourth side on d6.
const kingBesideThree = (side: 'a' | 'd') =>
  tfen(
    `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . t . . . . . . .
       8 . . . . . . . . . . .
       7 . . . . . . . . . . .
       6 . . . . . + . . . . .
       5 . . t K t . . . . . .
       4 . . . t . . . . T . .
       3 . . . . . . . . . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
    `,
    side,
  );

describe('threats: the king captured now', () => {
  it('CPH-5 copenhagen: d9-d6 captures the king, and the king is listed as hanging to that move', () => {
    const t = threatsIn('copenhagen', kingBesideThree('a'));
    const capture = { from: 'd9', to: 'd6', notation: 'd9-d6xd5', captures: ['d5'] };
    expect(t.kingCapturable).toEqual([capture]);
    expect(t.hanging).toEqual([{ square: 'd5', piece: 'K', by: [capture] }]);
    expect(t.kingRoutes).toEqual([]);
    expect(brief(play('copenhagen', kingBesideThree('a'), 'd9-d6').outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('copenhagen: with the defenders to move nothing captures the king', () => {
    const t = threatsIn('copenhagen', kingBesideThree('d'));
    expect(t.kingCapturable).toEqual([]);
    expect(t.hanging.map((h) => h.square)).not.toContain('d5');
  });
});

describe('threats: a piece left hanging', () => {
  // The defender on h4 has an attacker below it, and j5-h5 closes the other side. For the defenders,
  // b2 can run to b7 (the attacker on b8 then sits between b7 and b9) or to h2 (h3 between h2 and h4).
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . . . . .
         8 . t . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . t .
         4 . . . . . K . T . . .
         3 . . . . . . . t . . .
         2 . T . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      side,
    );

  it('copenhagen: the attackers to move see the defender on h4 hanging to j5-h5', () => {
    const t = threatsIn('copenhagen', position('a'));
    expect(t.hanging).toEqual([{ square: 'h4', piece: 'T', by: [{ from: 'j5', to: 'h5', notation: 'j5-h5xh4', captures: ['h4'] }] }]);
    expect(t.kingCapturable).toEqual([]);
  });

  it('copenhagen: the defenders to move see the attackers on b8 and h3 hanging, both to the defender on b2', () => {
    const t = threatsIn('copenhagen', position('d'));
    expect(t.hanging.map((h) => [h.square, h.piece, notations(h.by)])).toEqual([
      ['b8', 't', ['b2-b7xb8']],
      ['h3', 't', ['b2-h2xh3']],
    ]);
    expect(t.kingCapturable).toEqual([]);
  });
});

describe('threats: a finished game has none', () => {
  it('CPH-5 copenhagen: after the king is captured, all three lists are empty and the outcome says why', () => {
    const start = kingBesideThree('a');
    const t = threatsIn('copenhagen', start, ['d9-d6']);
    expect(brief(t.outcome)).toEqual(won('attackers', 'king_captured'));
    expect([t.kingRoutes, t.kingCapturable, t.hanging]).toEqual([[], [], []]);
  });
});
