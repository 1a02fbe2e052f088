/**
 * "Alea evangelii (game)" ruleset (rules.md 4.4, AEC-1 .. AEC-10) and the readings R-13, R-14 (rules.md 7).
 * Every expected value below is derived from the spec text; the comments say how.
 * Board 19×19: files a..s, ranks 1..19. Castle j10; citadels a1 a2 b1 b2, a18 a19 b18 b19, r1 r2 s1 s2,
 * r18 r19 s18 s19. `+` marks an empty special square.
 */
import { board19, brief, evaluate, illegal, moves, ONGOING, pieceAt, play, tfen, validate, won } from '../helpers/rules';

const V = 'alea-evangelii-citadels';

const LAYOUT =
  '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2';

describe('AEC-1 start and first move', () => {
  /*
   * The start position (the alea-evangelii layout), citadels marked +:
   *
   *   19 + + t . . t . . . . . . . t . . t + +
   *   18 + + . . . . . . . . . . . . . . . + +
   *   17 t . . . . t . . . . . . . t . . . . t
   *   ...
   *    3 t . . . . t . . . . . . . t . . . . t
   *    2 + + . . . . . . . . . . . . . . . + +
   *    1 + + t . . t . . . . . . . t . . t + +
   *      a b c d e f g h i j k l m n o p q r s
   *
   * Attackers' moves: as counted for unst-alea-evangelii (588), except that the eight attackers next to a
   * citadel (c1 a3 q1 s3 a17 c19 q19 s17) lose their single move into it: c1 had b1 | d1 e1 | c2..c5 = 7,
   * now 6 (b1 is a citadel square). 588 - 8 = 580.
   * Defenders' moves (if they were to move): 184, as in alea-evangelii (the citadels are far from them).
   */
  it('AEC-1: the attackers move first from the seed 002 layout', () => {
    const e = evaluate(V);
    expect(e.position).toBe(`${LAYOUT} a`);
    expect(e.sideToMove).toBe('attackers');
    expect(brief(e.outcome)).toEqual(ONGOING);
  });

  it('AEC-1: the attackers have 580 legal moves at the start (counted by hand, see the comment)', () => {
    expect(moves(V).count).toBe(580);
    const perPiece: Record<string, number> = {
      c1: 6,
      a3: 6,
      q1: 6,
      s3: 6,
      a17: 6,
      c19: 6,
      q19: 6,
      s17: 6,
      f1: 10,
      a6: 10,
      f3: 14,
      f6: 18,
      d8: 15,
      e7: 15,
      d10: 7,
    };
    for (const [sq, n] of Object.entries(perPiece)) expect([sq, moves(V, undefined, sq).count]).toEqual([sq, n]);
    expect(
      moves(V, undefined, 'c1')
        .moves.map((m) => m.to)
        .sort(),
    ).toEqual(['c2', 'c3', 'c4', 'c5', 'd1', 'e1']);
  });

  it('AEC-1: with the defenders to move the same layout gives 184 moves', () => {
    expect(moves(V, `${LAYOUT} d`).count).toBe(184);
  });

  it('AEC-1: the defenders may not open the game', () => {
    expect(illegal(V, undefined, 'e11-d11').reason).toBe('NOT_YOUR_PIECE');
  });
});

describe('AEC-2 only the king may move onto or through the castle or a citadel square', () => {
  it('AEC-2: an attacker may not enter or cross a citadel', () => {
    /*
     *    4 . . . .
     *    3 t . . .      a3 down to a2 (citadel)
     *    2 + + . t      d2 left across b2
     *    1 + + t .      c1 left to b1
     *      a b c d
     */
    const pos = board19(
      'a',
      `
       4 . . . .
       3 t . . .
       2 + + . t
       1 + + t .
         a b c d
      `,
      { K: 'm12' },
    );
    expect(illegal(V, pos, 'c1-b1').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, pos, 'a3-a2').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, pos, 'd2-b2').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, pos, 'd2-a2').reason).toBe('RESTRICTED_SQUARE');
    expect(play(V, pos, 'd2-c2').move.notation).toBe('d2-c2');
  });

  it('AEC-2: a defender soldier may not enter or cross a citadel', () => {
    /*
     *    3 . . . .
     *    2 + + . T      d2
     *    1 + + . T      d1
     *      a b c d
     */
    const pos = board19(
      'd',
      `
       3 . . . .
       2 + + . T
       1 + + . T
         a b c d
      `,
      { K: 'm12', t: ['p15'] },
    );
    expect(illegal(V, pos, 'd2-b2').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, pos, 'd1-a1').reason).toBe('RESTRICTED_SQUARE');
  });

  /*
   *   13 . . . . . . . . . . . .
   *   10 . . T . . . . + . . . .     empty castle j10, king on e15
   *    3 t . . . . . . t . . . .
   *      c d e f g h i j k l m n
   */
  const emptyCastle = (side: 'a' | 'd') =>
    board19(
      side,
      `
      13 . . . . . . . . . . . .
      12 . . . . . . . . . . . .
      11 . . . . . . . . . . . .
      10 . . T . . . . + . . . .
       9 . . . . . . . . . . . .
       8 . . . . . . . . . . . .
       7 . . . . . . . . . . . .
       6 . . . . . . . . . . . .
       5 . . . . . . . . . . . .
       4 . . . . . . . . . . . .
       3 t . . . . . . t . . . .
         c d e f g h i j k l m n
      `,
      { K: 'e15' },
    );

  it('AEC-2: a defender soldier may neither stop on nor pass through the empty castle', () => {
    expect(illegal(V, emptyCastle('d'), 'e10-j10').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, emptyCastle('d'), 'e10-n10').reason).toBe('RESTRICTED_SQUARE');
    expect(play(V, emptyCastle('d'), 'e10-i10').move.notation).toBe('e10-i10');
  });

  it('AEC-2: an attacker may neither stop on nor pass through the empty castle', () => {
    expect(illegal(V, emptyCastle('a'), 'j3-j10').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, emptyCastle('a'), 'j3-j12').reason).toBe('RESTRICTED_SQUARE');
    expect(play(V, emptyCastle('a'), 'j3-j9').move.notation).toBe('j3-j9');
  });

  it('AEC-2: the king may leave the castle, return to it and pass through it', () => {
    /*
     *   13 . . .
     *   10 . K .      king in the castle j10
     *    4 . . .
     *    3 t . .      c3 makes the waiting move
     *      i j k     (c3 drawn separately)
     */
    const pos = board19('d', [
      `
        13 . . .
        12 . . .
        11 . . .
        10 . K .
         9 . . .
           i j k
        `,
      `
         4 .
         3 t
           c
        `,
    ]);
    const h = ['j10-j13', 'c3-c4'];
    expect(brief(play(V, pos, 'j13-j10', h).outcome)).toEqual(ONGOING);
    expect(play(V, pos, 'j13-j10', h).move).toEqual({ from: 'j13', to: 'j10', notation: 'j13-j10', captures: [] });
    expect(play(V, pos, 'j13-j5', h).move.notation).toBe('j13-j5');
  });

  it('AEC-2: the king may enter and cross citadel squares (b6-b2 stops on one, b6-b1 crosses b2)', () => {
    /*
     *    6 . K .
     *    ...
     *    2 + + .
     *    1 + + .
     *      a b c
     */
    const pos = board19(
      'd',
      `
       6 . K .
       5 . . .
       4 . . .
       3 . . .
       2 + + .
       1 + + .
         a b c
      `,
      { t: ['p15'] },
    );
    expect(play(V, pos, 'b6-b2').move).toEqual({ from: 'b6', to: 'b2', notation: 'b6-b2', captures: [] });
    expect(play(V, pos, 'b6-b1').move).toEqual({ from: 'b6', to: 'b1', notation: 'b6-b1', captures: [] });
  });
});

describe('AEC-3 capture by the moved piece, two opposite sides; castle and citadels hostile to attackers only', () => {
  /*
   *    6 . . . X      the hammer on d6 goes to d2
   *    5 . . . .
   *    4 . . . .
   *    3 . . . .
   *    2 + P Y .      Y on c2, P = b2 (empty citadel, or the king on it)
   *    1 + + . .
   *      a b c d
   */
  const byCitadel = (side: 'a' | 'd', b2: string, c2: string, d6: string, reserve = {}) =>
    board19(
      side,
      `
       6 . . . ${d6}
       5 . . . .
       4 . . . .
       3 . . . .
       2 + ${b2} ${c2} .
       1 + + . .
         a b c d
      `,
      reserve,
    );

  it('AEC-3: a citadel square is hostile to an attacker', () => {
    const r = play(V, byCitadel('d', '+', 't', 'T', { K: 'm12', t: ['p15'] }), 'd6-d2');
    expect(r.move).toEqual({ from: 'd6', to: 'd2', notation: 'd6-d2xc2', captures: ['c2'] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-3: near-miss: a citadel square is not hostile to a defender soldier', () => {
    const r = play(V, byCitadel('a', '+', 'T', 't', { K: 'm12' }), 'd6-d2');
    expect(r.move).toEqual({ from: 'd6', to: 'd2', notation: 'd6-d2', captures: [] });
    expect(pieceAt(r.position, 'c2')).toBe('T');
  });

  it('AEC-3 (R-4): a citadel square stays hostile to an attacker while the king stands on it', () => {
    const r = play(V, byCitadel('d', 'K', 't', 'T', { t: ['p15'] }), 'd6-d2');
    expect(r.move).toEqual({ from: 'd6', to: 'd2', notation: 'd6-d2xc2', captures: ['c2'] });
  });

  /*
   *   13 . . . . . . .
   *   12 . . . . . . X      the hammer on n12 goes to j12
   *   11 . . Y . . . .      Y on j11
   *   10 . . P . . . .      castle j10 (empty, or the king in it)
   *    9 . . . . . . .
   *      h i j k l m n
   */
  const byCastle = (side: 'a' | 'd', j10: string, j11: string, n12: string, reserve = {}) =>
    board19(
      side,
      `
      13 . . . . . . .
      12 . . . . . . ${n12}
      11 . . ${j11} . . . .
      10 . . ${j10} . . . .
       9 . . . . . . .
         h i j k l m n
      `,
      reserve,
    );

  it('AEC-3: the empty castle is hostile to an attacker', () => {
    const r = play(V, byCastle('d', '+', 't', 'T', { K: 'e15', t: ['p3'] }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12xj11', captures: ['j11'] });
  });

  it('AEC-3: near-miss: the empty castle is not hostile to a defender soldier', () => {
    const r = play(V, byCastle('a', '+', 'T', 't', { K: 'e15' }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12', captures: [] });
    expect(pieceAt(r.position, 'j11')).toBe('T');
  });

  it('AEC-3 (R-4): the castle stays hostile to an attacker while the (unarmed) king is in it', () => {
    const r = play(V, byCastle('d', 'K', 't', 'T', { t: ['p3'] }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12xj11', captures: ['j11'] });
    expect(pieceAt(r.position, 'j10')).toBe('K');
  });

  it('AEC-3: two opposite sides: d5 and the moved f5 capture a defender soldier on e5; one moved between two is safe', () => {
    /*
     *    9 . . . t      f9 goes to f5
     *    5 . t T .
     *      c d e f
     */
    const pos = board19(
      'a',
      `
       9 . . . t
       8 . . . .
       7 . . . .
       6 . . . .
       5 . t T .
         c d e f
      `,
      { K: 'm12' },
    );
    expect(play(V, pos, 'f9-f5').move).toEqual({ from: 'f9', to: 'f5', notation: 'f9-f5xe5', captures: ['e5'] });
    /*
     *    9 . . T .      e9 goes to e5, between d5 and f5
     *    5 . t . t
     *      c d e f
     */
    const between = board19(
      'd',
      `
       9 . . T .
       8 . . . .
       7 . . . .
       6 . . . .
       5 . t . t
         c d e f
      `,
      { K: 'm12' },
    );
    expect(play(V, between, 'e9-e5').move).toEqual({ from: 'e9', to: 'e5', notation: 'e9-e5', captures: [] });
  });
});

describe('AEC-4 the king is unarmed', () => {
  const line = (d5: string, f9: string) =>
    board19(
      'd',
      `
       9 . . . ${f9}
       8 . . . .
       7 . . . .
       6 . . . .
       5 . ${d5} t .
         c d e f
      `,
      { t: ['p15'] },
    );

  it('AEC-4: the king is not a hammer (K f9-f5 next to e5, soldier on d5: nothing captured)', () => {
    /*
     *    9 . . . K
     *    5 . T t .
     *      c d e f
     */
    const r = play(V, line('T', 'K'), 'f9-f5');
    expect(r.move).toEqual({ from: 'f9', to: 'f5', notation: 'f9-f5', captures: [] });
    expect(pieceAt(r.position, 'e5')).toBe('t');
  });

  it('AEC-4: the king is not an anvil (T f9-f5, king on d5: nothing captured)', () => {
    /*
     *    9 . . . T
     *    5 . K t .
     *      c d e f
     */
    const r = play(V, line('K', 'T'), 'f9-f5');
    expect(r.move).toEqual({ from: 'f9', to: 'f5', notation: 'f9-f5', captures: [] });
    expect(pieceAt(r.position, 'e5')).toBe('t');
  });

  it('AEC-4 (R-4): a moving king captures nothing, even against a hostile castle or citadel', () => {
    /*
     *   12 . . . . . . K      n12 goes to j12, t on j11, castle j10 empty
     *   11 . . t . . . .
     *   10 . . + . . . .
     *      h i j k l m n
     */
    const castle = board19(
      'd',
      `
      12 . . . . . . K
      11 . . t . . . .
      10 . . + . . . .
         h i j k l m n
      `,
    );
    const r1 = play(V, castle, 'n12-j12');
    expect(r1.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12', captures: [] });
    /*
     *    6 . . . K      d6 goes to d2, t on c2, citadel b2
     *    2 + + t .
     *    1 + + . .
     *      a b c d
     */
    const citadel = board19(
      'd',
      `
       6 . . . K
       5 . . . .
       4 . . . .
       3 . . . .
       2 + + t .
       1 + + . .
         a b c d
      `,
    );
    const r2 = play(V, citadel, 'd6-d2');
    expect(r2.move).toEqual({ from: 'd6', to: 'd2', notation: 'd6-d2', captures: [] });
  });
});

describe('AEC-5 / AEC-7 king capture; attackers win by capturing the king', () => {
  const inCastle = (j11: string, k10: string, n10: string, n9: string) =>
    board19(
      'a',
      `
      11 . . ${j11} . . . .
      10 . t K ${k10} . . ${n10}
       9 . . . . . . ${n9}
         h i j k l m n
      `,
    );

  it('AEC-5: in the castle, four attackers capture the king', () => {
    /*
     *   11 . . t . . . .
     *   10 . t K t . . .
     *    9 . . . . . . t     n9 goes to j9
     *      h i j k l m n
     */
    const r = play(V, inCastle('t', 't', '.', 't'), 'n9-j9');
    expect(r.move).toEqual({ from: 'n9', to: 'j9', notation: 'n9-j9xj10', captures: ['j10'] });
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('AEC-5: near-miss: in the castle, three attackers do not capture the king', () => {
    const r = play(V, inCastle('.', 't', '.', 't'), 'n9-j9');
    expect(r.move).toEqual({ from: 'n9', to: 'j9', notation: 'n9-j9', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-5: near-miss: in the castle, two attackers on opposite sides do not capture the king', () => {
    /*
     *   10 . t K . . . t     n10 goes to k10
     */
    const r = play(V, inCastle('.', '.', 't', '.'), 'n10-k10');
    expect(r.move).toEqual({ from: 'n10', to: 'k10', notation: 'n10-k10', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  const besideCastle = (i11: string, n11: string, n12: string) =>
    board19(
      'a',
      `
      12 . . . . . . ${n12}
      11 . ${i11} K . . . ${n11}
      10 . . + . . . .
         h i j k l m n
      `,
    );

  it('AEC-7: beside the castle, two attackers on opposite sides capture the king: attackers win', () => {
    /*
     *   11 . t K . . . t     n11 goes to k11
     *   10 . . + . . . .
     *      h i j k l m n
     */
    const r = play(V, besideCastle('t', 't', '.'), 'n11-k11');
    expect(r.move).toEqual({ from: 'n11', to: 'k11', notation: 'n11-k11xj11', captures: ['j11'] });
    expect(pieceAt(r.position, 'j11')).toBe('.');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('AEC-5: near-miss: the castle never counts against the king (j12 alone, castle below)', () => {
    const r = play(V, besideCastle('.', '.', 't'), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-5: near-miss: a citadel never counts against the king (d2 alone, citadel b2 beyond c2)', () => {
    /*
     *    3 . . . . . . .
     *    2 + + K . . . t     g2 goes to d2
     *    1 + + . . . . .
     *      a b c d e f g
     */
    const pos = board19(
      'a',
      `
       3 . . . . . . .
       2 + + K . . . t
       1 + + . . . . .
         a b c d e f g
      `,
    );
    const r = play(V, pos, 'g2-d2');
    expect(r.move).toEqual({ from: 'g2', to: 'd2', notation: 'g2-d2', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-5: on the edge like elsewhere: d1 and the moved f1 capture the king on e1', () => {
    /*
     *    5 . . . t      f5 goes to f1
     *    1 . t K .
     *      c d e f
     */
    const pos = board19(
      'a',
      `
       5 . . . t
       4 . . . .
       3 . . . .
       2 . . . .
       1 . t K .
         c d e f
      `,
    );
    const r = play(V, pos, 'f5-f1');
    expect(r.move).toEqual({ from: 'f5', to: 'f1', notation: 'f5-f1xe1', captures: ['e1'] });
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });
});

describe('AEC-6 the corner points a1 a19 s1 s19 are the goals, not the other citadel squares', () => {
  /*
   *    6 K K? .        K on a6 (or b6)
   *    ...
   *    2 + + .
   *    1 + + .
   *      a b c
   */
  const corner = (a6: string, b6: string) =>
    board19(
      'd',
      `
       6 ${a6} ${b6} .
       5 . . .
       4 . . .
       3 . . .
       2 + + .
       1 + + .
         a b c
      `,
      { t: ['p15'] },
    );

  it('AEC-6: the king reaching a1 (through a2) wins', () => {
    const r = play(V, corner('K', '.'), 'a6-a1');
    expect(r.move).toEqual({ from: 'a6', to: 'a1', notation: 'a6-a1', captures: [] });
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('AEC-6: near-miss: the king on a2, b2 or b1 (citadel squares, not corner points) does not win', () => {
    expect(brief(play(V, corner('K', '.'), 'a6-a2').outcome)).toEqual(ONGOING);
    expect(brief(play(V, corner('.', 'K'), 'b6-b2').outcome)).toEqual(ONGOING);
    expect(brief(play(V, corner('.', 'K'), 'b6-b1').outcome)).toEqual(ONGOING);
  });

  it('AEC-6: from the citadel square b1 the king steps to a1 and wins', () => {
    const r = play(V, corner('.', 'K'), 'b1-a1', ['b6-b1', 'p15-p16']);
    expect(r.move.notation).toBe('b1-a1');
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('AEC-6: s19 is a goal, r19 is not', () => {
    /*
     *   19 . + +
     *   18 . + +
     *   17 . . .
     *   16 . . .
     *   15 . K K?     K on r15 (or s15)
     *      q r s
     */
    const pos = (r15: string, s15: string) =>
      board19(
        'd',
        `
        19 . + +
        18 . + +
        17 . . .
        16 . . .
        15 . ${r15} ${s15}
           q r s
        `,
        { t: ['c3'] },
      );
    expect(brief(play(V, pos('.', 'K'), 's15-s19').outcome)).toEqual(won('defenders', 'king_escaped'));
    expect(brief(play(V, pos('K', '.'), 'r15-r19').outcome)).toEqual(ONGOING);
  });
});

describe('AEC-8 / R-13 edge escape when all four corners are blocked', () => {
  /*
   * All four citadel blocks closed from outside by attackers (a1 block: a3 b3 c1 c2; a19 block: a17 b17
   * c19 c18; s1 block: s3 r3 q1 q2; s19 block: s17 r17 q19 q18). X on q2 is the piece a test changes.
   */
  const blocked = (q2: string, king: { j5: string; j1: string }, side: 'a' | 'd' = 'd', extra = { q6: '.', h10: '.' }) =>
    tfen(
      `
      19 + + t . . . . . . . . . . . . . t + +
      18 + + t . . . . . . . . . . . . . t + +
      17 t t . . . . . . . . . . . . . . . t t
      16 . . . . . . . . . . . . . . . . . . .
      15 . . . . . . . . . T . . . . . . . . .
      14 . . . . . . . . . . . . . . . . . . .
      13 . . . . . . . . . . . . . . . . . . .
      12 . . . . . . . . . . . . . . . . . . .
      11 . . . . . . . . . . . . . . . . . . .
      10 . . . . . . . ${extra.h10} . + . . . . . . . . .
       9 . . . . . . . . . . . . . . . . . . .
       8 . . . . . . . . . . . . . . . . . . .
       7 . . . . . . . . . . . . . . . . . . .
       6 . . . . . . . . . . . . . . . . ${extra.q6} . .
       5 . . . . . . . . . ${king.j5} . . . . . . . . .
       4 . . . . . . . . . . . . . . . . . . .
       3 t t . . . . . . . . . . . . . . . t t
       2 + + t . . . . . . . . . . . . . ${q2} + +
       1 + + t . . . . . . ${king.j1} . . . . . . t + +
         a b c d e f g h i j k l m n o p q r s
      `,
      side,
    );

  it('AEC-8: with all four corners blocked, the king moving to an edge square wins (king_escaped)', () => {
    const r = play(V, blocked('t', { j5: 'K', j1: '.' }), 'j5-j1');
    expect(r.move).toEqual({ from: 'j5', to: 'j1', notation: 'j5-j1', captures: [] });
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('AEC-8: near-miss: q2 empty, the s1 corner is open, the king on the edge does not win', () => {
    const r = play(V, blocked('.', { j5: 'K', j1: '.' }), 'j5-j1');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-8: near-miss: a defender on q2 does not block the s1 corner', () => {
    const r = play(V, blocked('T', { j5: 'K', j1: '.' }), 'j5-j1');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it("R-13: corners becoming blocked while the king already stands on the edge do not win; a soldier move does not either; the king's own move along the edge then does", () => {
    // King on j1, q2 empty; attackers to move bring q6 to q2 (closing the s1 block); a defender soldier
    // moves; an attacker waits (h10-h11); then the king moves j1-k1 along the edge.
    const pos = blocked('.', { j5: '.', j1: 'K' }, 'a', { q6: 't', h10: 't' });
    const h1 = ['q6-q2'];
    expect(brief(validate(V, h1, pos).outcome)).toEqual(ONGOING);
    const h2 = [...h1, 'j15-j16'];
    expect(brief(validate(V, h2, pos).outcome)).toEqual(ONGOING);
    const h3 = [...h2, 'h10-h11'];
    const r = play(V, pos, 'j1-k1', h3);
    expect(r.move).toEqual({ from: 'j1', to: 'k1', notation: 'j1-k1', captures: [] });
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('R-13: near-miss: with all corners blocked, a king move that does not end on an edge square does not win', () => {
    const r = play(V, blocked('t', { j5: 'K', j1: '.' }), 'j5-j6');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('AEC-9 / R-14 pass when immobile; both immobile is a draw', () => {
  /*
   *    6 . . X . .      X on e6 (an attacker that goes to e2) or empty
   *    ...
   *    2 . . Y . .      Y on e2 (an attacker already there) or empty
   *    1 . t K t .      the lone king e1 boxed in
   *      c d e f g
   */
  const boxed = (side: 'a' | 'd', e6: string, e2: string) =>
    board19(
      side,
      `
       6 . . ${e6} . .
       5 . . . . .
       4 . . . . .
       3 . . . . .
       2 . . ${e2} . .
       1 . t K t .
         c d e f g
      `,
      { t: ['p15'] },
    );

  it('AEC-9: a side without a legal move has the single legal move "pass" (from and to null)', () => {
    const pos = boxed('d', '.', 't');
    const r = moves(V, pos);
    expect(r.count).toBe(1);
    expect(r.moves).toEqual([{ from: null, to: null, notation: 'pass', captures: [] }]);
    expect(brief(evaluate(V, pos).outcome)).toEqual(ONGOING);
  });

  it('AEC-9 (R-14): a pass only changes the side to move', () => {
    const pos = boxed('d', '.', 't');
    const r = play(V, pos, 'pass');
    expect(r.move).toEqual({ from: null, to: null, notation: 'pass', captures: [] });
    expect(r.sideToMove).toBe('attackers');
    expect(r.position).toBe(`${pos.split(' ')[0]} a`);
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AEC-9 (R-14): an attackers move leaving the defenders immobile does not end the game; the pass is recorded in the history', () => {
    const pos = boxed('a', 't', '.');
    const r = play(V, pos, 'e6-e2');
    expect(r.move).toEqual({ from: 'e6', to: 'e2', notation: 'e6-e2', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
    const v = validate(V, ['e6-e2', 'pass', 'p15-p16'], pos);
    expect(v.valid).toBe(true);
    expect(v.plies.map((p) => p.move)).toEqual([
      { from: 'e6', to: 'e2', notation: 'e6-e2', captures: [] },
      { from: null, to: null, notation: 'pass', captures: [] },
      { from: 'p15', to: 'p16', notation: 'p15-p16', captures: [] },
    ]);
    expect(v.sideToMove).toBe('defenders');
    expect(brief(v.outcome)).toEqual(ONGOING);
  });

  it('AEC-9: "pass" is BAD_NOTATION where it is not the single legal move', () => {
    expect(illegal(V, undefined, 'pass').reason).toBe('BAD_NOTATION');
    expect(illegal(V, boxed('a', '.', 't'), 'pass').reason).toBe('BAD_NOTATION');
    expect(illegal('unst-alea-evangelii', undefined, 'pass').reason).toBe('BAD_NOTATION');
    expect(illegal('alea-evangelii', undefined, 'pass').reason).toBe('BAD_NOTATION');
  });

  /*
   * Neither side can move: every square a piece may use is taken (attackers everywhere except the citadels,
   * the king in the castle j10). After a real move its maker can always move back, so this can only be
   * met as a given position (R-15: only CORE-12 is checked there).
   */
  const full = (side: 'a' | 'd') =>
    tfen(
      `
      19 + + t t t t t t t t t t t t t t t + +
      18 + + t t t t t t t t t t t t t t t + +
      17 t t t t t t t t t t t t t t t t t t t
      16 t t t t t t t t t t t t t t t t t t t
      15 t t t t t t t t t t t t t t t t t t t
      14 t t t t t t t t t t t t t t t t t t t
      13 t t t t t t t t t t t t t t t t t t t
      12 t t t t t t t t t t t t t t t t t t t
      11 t t t t t t t t t t t t t t t t t t t
      10 t t t t t t t t t K t t t t t t t t t
       9 t t t t t t t t t t t t t t t t t t t
       8 t t t t t t t t t t t t t t t t t t t
       7 t t t t t t t t t t t t t t t t t t t
       6 t t t t t t t t t t t t t t t t t t t
       5 t t t t t t t t t t t t t t t t t t t
       4 t t t t t t t t t t t t t t t t t t t
       3 t t t t t t t t t t t t t t t t t t t
       2 + + t t t t t t t t t t t t t t t + +
       1 + + t t t t t t t t t t t t t t t + +
         a b c d e f g h i j k l m n o p q r s
      `,
      side,
    );

  it('AEC-9 (R-14): if neither side can move, the game is drawn (both_immobile)', () => {
    for (const side of ['a', 'd'] as const) {
      const e = evaluate(V, full(side));
      expect(brief(e.outcome)).toEqual(won('draw', 'both_immobile'));
      expect(moves(V, full(side)).count).toBe(0);
    }
  });

  it('R-14: near-miss: the same board with one square freed (s10 empty) is not drawn; the boxed king side passes', () => {
    const pos = full('d').replace(/^((?:[^/]*\/){9})t{9}Kt{9}/, '$1tttttttttKtttttttt1');
    // rank 10 now "9 attackers, K, 8 attackers, empty s10"
    expect(pieceAt(pos, 's10')).toBe('.');
    expect(brief(evaluate(V, pos).outcome)).toEqual(ONGOING);
    expect(moves(V, pos).moves).toEqual([{ from: null, to: null, notation: 'pass', captures: [] }]);
  });
});

describe('AEC-10 no repetition rule, no shieldwall, no exit fort, no encirclement', () => {
  it('AEC-10: a position occurring five times does not end the game', () => {
    /*
     *    6 . .          king e5 and attacker p15 shuffle
     *    5 K .
     *      e f        (+ t on p15)
     */
    const pos = board19(
      'a',
      `
       6 . .
       5 K .
         e f
      `,
      { t: ['p15'] },
    );
    const cycle = ['p15-p16', 'e5-e6', 'p16-p15', 'e6-e5'];
    const v = validate(V, [...cycle, ...cycle, ...cycle, ...cycle], pos);
    expect(v.valid).toBe(true);
    expect(v.plies).toHaveLength(16);
    expect(brief(v.outcome)).toEqual(ONGOING);
  });

  it('AEC-10: no shieldwall: d1 e1 f1 fronted and closed by c1 and the moved g1 stay', () => {
    /*
     *    5 . . . . . . T      g5 goes to g1
     *    2 + + . T T T .
     *    1 + + T t t t .
     *      a b c d e f g
     */
    const pos = board19(
      'd',
      `
       5 . . . . . . T
       4 . . . . . . .
       3 . . . . . . .
       2 + + . T T T .
       1 + + T t t t .
         a b c d e f g
      `,
      { K: 'm12', t: ['p15'] },
    );
    const r = play(V, pos, 'g5-g1');
    expect(r.move).toEqual({ from: 'g5', to: 'g1', notation: 'g5-g1', captures: [] });
  });

  it('AEC-10: no exit fort (the UNST-11 fort with a wall of four goes on)', () => {
    /*
     *    5 . . . . . . T .     g5 goes to g1
     *    2 + + . . T T . .
     *    1 + + . T K . . .
     *      a b c d e f g h
     */
    const pos = board19(
      'd',
      `
       5 . . . . . . T .
       4 . . . . . . . .
       3 . . . . . . . .
       2 + + . . T T . .
       1 + + . T K . . .
         a b c d e f g h
      `,
      { t: ['p15'] },
    );
    expect(brief(play(V, pos, 'g5-g1').outcome)).toEqual(ONGOING);
  });

  it('AEC-10: no encirclement (a closed ring around every defender goes on)', () => {
    /*
     *   12 . . . t . .      f12 goes to f7
     *    7 . . t . t .
     *    6 . t . . . t
     *    5 . t K . T t
     *    4 . t . . . t
     *    3 . . t t t .
     *      c d e f g h
     */
    const pos = board19(
      'a',
      `
      12 . . . t . .
      11 . . . . . .
      10 . . . . . .
       9 . . . . . .
       8 . . . . . .
       7 . . t . t .
       6 . t . . . t
       5 . t K . T t
       4 . t . . . t
       3 . . t t t .
         c d e f g h
      `,
    );
    expect(brief(play(V, pos, 'f12-f7').outcome)).toEqual(ONGOING);
  });
});
