/**
 * Alea Evangelii, cyningstan reconstruction (rules.md 4.3, AE-1 .. AE-9).
 * Every expected value below is derived from the spec text; the comments say how.
 * Board 19×19: files a..s, ranks 1..19. Throne j10; corners a1 a19 s1 s19. `+` marks an empty special square.
 * AE-5, the armed king (AE-6), AE-7 off the edge, AE-8 and AE-9: rows of the CORE tables in core-by-variant.test.ts.
 */
import { board19, brief, evaluate, illegal, moves, ONGOING, pieceAt, play, won } from '../helpers/rules';

const V = 'alea-evangelii';

const LAYOUT =
  '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2';

describe('AE-1 start and first move', () => {
  /*
   * The start position (rules.md 4.3; the Unst layout with soldiers in place of the commanders):
   *
   *   19 . . t . . t . . . . . . . t . . t . .
   *   18 . . . . . . . . . . . . . . . . . . .
   *   17 t . . . . t . . . . . . . t . . . . t
   *   16 . . . . . . . t . t . t . . . . . . .
   *   15 . . . . . . t . T . T . t . . . . . .
   *   14 t . t . . t . . . . . . . t . . t . t
   *   13 . . . . t . . . . T . . . . t . . . .
   *   12 . . . t . . . . T . T . . . . t . . .
   *   11 . . . . T . . T . T . T . . T . . . .
   *   10 . . . t . . T . T K T . T . . t . . .
   *    9 . . . . T . . T . T . T . . T . . . .
   *    8 . . . t . . . . T . T . . . . t . . .
   *    7 . . . . t . . . . T . . . . t . . . .
   *    6 t . t . . t . . . . . . . t . . t . t
   *    5 . . . . . . t . T . T . t . . . . . .
   *    4 . . . . . . . t . t . t . . . . . . .
   *    3 t . . . . t . . . . . . . t . . . . t
   *    2 . . . . . . . . . . . . . . . . . . .
   *    1 . . t . . t . . . . . . . t . . t . .
   *      a b c d e f g h i j k l m n o p q r s
   *
   * Defenders' moves, counted by hand (groups under the 8 symmetries of the square):
   *   e11 (×8)  a11..d11 | f11 g11 | e12 | e10       = 8  -> 64
   *   h11 (×4)  f11 g11 | i11 | h12..h15 | h10       = 8  -> 32
   *   i12 (×4)  e12..h12 | j12 | i13 i14 | i11       = 8  -> 32
   *   g10 (×4)  e10 f10 | h10 | g11..g14 | g9..g6    = 11 -> 44
   *   i10 (×4)  h10 | i11 | i9                        = 3  -> 12
   *   king j10: boxed in                              = 0
   *   total 184
   * Attackers' moves (if they were to move): 588, counted in unst-alea-evangelii.test.ts (same attackers,
   * same corners a1 a19 s1 s19 that they may not enter).
   */
  it('AE-1: the defenders move first from the seed 002 layout', () => {
    const e = evaluate(V);
    expect(e.position).toBe(`${LAYOUT} d`);
    expect(e.sideToMove).toBe('defenders');
    expect(brief(e.outcome)).toEqual(ONGOING);
  });

  it('AE-1: the defenders have 184 legal moves at the start (counted by hand, see the comment)', () => {
    expect(moves(V).count).toBe(184);
    const perPiece: Record<string, number> = { e11: 8, h11: 8, i12: 8, g10: 11, i10: 3, j9: 3, j10: 0, o9: 8, j13: 11 };
    for (const [sq, n] of Object.entries(perPiece)) expect([sq, moves(V, undefined, sq).count]).toEqual([sq, n]);
  });

  it('AE-1: with the attackers to move the same layout gives 588 moves', () => {
    expect(moves(V, `${LAYOUT} a`).count).toBe(588);
  });

  it('AE-1: the attackers may not open the game', () => {
    expect(illegal(V, undefined, 'c1-d1').reason).toBe('NOT_YOUR_PIECE');
    expect(play(V, undefined, 'e11-d11').sideToMove).toBe('attackers');
  });
});

describe('AE-2 throne: only the king stops on it; all pass it while empty; the king may return', () => {
  /*
   *   13 . . . . . . . . . . . .
   *   10 . . T . . . . K . . . .     K on the throne j10
   *    3 t . . . . . . t . . . .
   *      c d e f g h i j k l m n
   * History: j10-j13 (the king leaves), c3-c4 (a waiting move).
   */
  const pos = board19(
    'd',
    `
    13 . . . . . . . . . . . .
    12 . . . . . . . . . . . .
    11 . . . . . . . . . . . .
    10 . . T . . . . K . . . .
     9 . . . . . . . . . . . .
     8 . . . . . . . . . . . .
     7 . . . . . . . . . . . .
     6 . . . . . . . . . . . .
     5 . . . . . . . . . . . .
     4 . . . . . . . . . . . .
     3 t . . . . . . t . . . .
       c d e f g h i j k l m n
    `,
  );
  const left = ['j10-j13', 'c3-c4'];

  it('AE-2: the king may return to the throne', () => {
    const r = play(V, pos, 'j13-j10', left);
    expect(r.move).toEqual({ from: 'j13', to: 'j10', notation: 'j13-j10', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AE-2: a defender soldier may not stop on the empty throne but may pass through it', () => {
    expect(illegal(V, pos, 'e10-j10', left).reason).toBe('RESTRICTED_SQUARE');
    expect(play(V, pos, 'e10-n10', left).move).toEqual({ from: 'e10', to: 'n10', notation: 'e10-n10', captures: [] });
  });

  it('AE-2: an attacker may not stop on the empty throne but may pass through it', () => {
    const h = [...left, 'e10-e11'];
    expect(illegal(V, pos, 'j3-j10', h).reason).toBe('RESTRICTED_SQUARE');
    const r = play(V, pos, 'j3-j12', h); // next to the king on j13, j14 empty: no capture
    expect(r.move).toEqual({ from: 'j3', to: 'j12', notation: 'j3-j12', captures: [] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('AE-3 corners: only the king stops there, and reaching one wins', () => {
  it('AE-3: an attacker and a defender soldier may not stop on a corner', () => {
    /*
     *    5 . . . . K
     *    4 T . . . .
     *    3 . . . . .
     *    2 . . . . .
     *    1 + . t . .
     *      a b c d e
     */
    const area = `
     5 . . . . K
     4 T . . . .
     3 . . . . .
     2 . . . . .
     1 + . t . .
       a b c d e
    `;
    expect(illegal(V, board19('a', area), 'c1-a1').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal(V, board19('d', area), 'a4-a1').reason).toBe('RESTRICTED_SQUARE');
  });

  it('AE-3: the king reaching a corner wins', () => {
    /*
     *    6 K .
     *    ...
     *    1 + .
     *      a b
     */
    const pos = board19(
      'd',
      `
       6 K .
       5 . .
       4 . .
       3 . .
       2 . .
       1 + .
         a b
      `,
      { t: ['p15'] },
    );
    const r = play(V, pos, 'a6-a1');
    expect(r.move).toEqual({ from: 'a6', to: 'a1', notation: 'a6-a1', captures: [] });
    expect(brief(r.outcome)).toEqual(won('defenders', 'king_escaped'));
  });

  it('AE-3: there is no exit fort in this variant (the UNST-11 fort with a wall of four goes on)', () => {
    /*
     *    5 . . . . . . T .     g5 goes to g1
     *    2 . . . . T T . .
     *    1 + . . T K . . .
     *      a b c d e f g h
     */
    const pos = board19(
      'd',
      `
       5 . . . . . . T .
       4 . . . . . . . .
       3 . . . . . . . .
       2 . . . . T T . .
       1 + . . T K . . .
         a b c d e f g h
      `,
      { t: ['p15'] },
    );
    expect(brief(play(V, pos, 'g5-g1').outcome)).toEqual(ONGOING);
  });
});

describe('AE-4 the empty throne is hostile to both sides; the throned king is an anvil for the defenders', () => {
  /*
   *   13 . . . . . . .
   *   12 . . . . . . X      the hammer on n12 goes to j12
   *   11 . . Y . . . .      the piece to capture on j11
   *   10 . . + . . . .      throne j10 (empty, or K)
   *    9 . . . . . . .
   *      h i j k l m n
   */
  const around = (j11: string, n12: string, j10: string) => `
    13 . . . . . . .
    12 . . . . . . ${n12}
    11 . . ${j11} . . . .
    10 . . ${j10} . . . .
     9 . . . . . . .
       h i j k l m n
  `;

  it('AE-4: the empty throne is hostile to an attacker', () => {
    const r = play(V, board19('d', around('t', 'T', '+'), { K: 'e15', t: ['p3'] }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12xj11', captures: ['j11'] });
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('AE-4: the empty throne is hostile to a defender soldier', () => {
    const r = play(V, board19('a', around('T', 't', '+'), { K: 'e15' }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12xj11', captures: ['j11'] });
  });

  it('AE-4: the king on the throne is an anvil for the defenders', () => {
    const r = play(V, board19('d', around('t', 'T', 'K'), { t: ['p3'] }), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12xj11', captures: ['j11'] });
  });

  it('AE-4: near-miss: the occupied throne is not hostile to a defender soldier', () => {
    const r = play(V, board19('a', around('T', 't', 'K')), 'n12-j12');
    expect(r.move).toEqual({ from: 'n12', to: 'j12', notation: 'n12-j12', captures: [] });
    expect(pieceAt(r.position, 'j11')).toBe('T');
  });
});

describe('AE-6 custodial capture, active, multiple; the king is armed', () => {
  it('AE-6: capture is active only: a soldier may move between two attackers', () => {
    /*
     *    9 . . T . .
     *    5 . t . t .
     *      c d e f g
     */
    const pos = board19(
      'd',
      `
       9 . . T . .
       8 . . . . .
       7 . . . . .
       6 . . . . .
       5 . t . t .
         c d e f g
      `,
      { K: 'm12' },
    );
    const r = play(V, pos, 'e9-e5');
    expect(r.move).toEqual({ from: 'e9', to: 'e5', notation: 'e9-e5', captures: [] });
    expect(pieceAt(r.position, 'e5')).toBe('T');
  });

  it('AE-6: custodial capture only: no shieldwall (the UNST-7 row b1 c1 d1 stays)', () => {
    /*
     *    5 . . . . T .
     *    2 . T T T . .
     *    1 + t t t . .
     *      a b c d e f
     */
    const pos = board19(
      'd',
      `
       5 . . . . T .
       4 . . . . . .
       3 . . . . . .
       2 . T T T . .
       1 + t t t . .
         a b c d e f
      `,
      { K: 'm12', t: ['p15'] },
    );
    const r = play(V, pos, 'e5-e1');
    expect(r.move).toEqual({ from: 'e5', to: 'e1', notation: 'e5-e1', captures: [] });
  });
});

describe('AE-7 king capture', () => {
  it('AE-7: on the edge too: d1 and the moved f1 capture the king on e1', () => {
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

  it('AE-7: a corner counts as an attacker: a3 captures the king on a2 against a1', () => {
    /*
     *    6 t .      a6 goes to a3
     *    2 K .
     *    1 + .
     *      a b
     */
    const pos = board19(
      'a',
      `
       6 t .
       5 . .
       4 . .
       3 . .
       2 K .
       1 + .
         a b
      `,
    );
    const r = play(V, pos, 'a6-a3');
    expect(r.move).toEqual({ from: 'a6', to: 'a3', notation: 'a6-a3xa2', captures: ['a2'] });
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('AE-7: attackers win only by capturing the king: no encirclement in this variant', () => {
    /*
     *   12 . . . t . .      f12 goes to f7 and closes a ring around all defenders
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
