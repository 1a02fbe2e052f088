/**
 * Conformance tests for the readings of rules.md section 7 that touch fetlar, copenhagen, brandubh,
 * tablut and the citadels variant. R-16 and more R-15
 * cases are rows of the CORE-12 table in core-by-variant.test.ts.
 * Expected values come from the spec text.
 */
import { board19, brief, evaluate, illegal, moves, ONGOING, play, tfen, validate, won } from '../helpers/rules';

describe('R-1 captured king', () => {
  it('R-1: the captured king is removed and listed in the captures, in order with the other captured pieces', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . t . . . . . . .
         6 . . . T . + . . . . .
         5 t . . . . . . . . . .
         4 . . t K t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'a5-d5');
    expect(r.move.notation).toBe('a5-d5xd4/d6');
    expect(r.move.captures).toEqual(['d4', 'd6']);
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . t . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t . t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('R-1: a position with no king is a finished game won by the attackers; no move is accepted from it', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . t . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t . t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const e = evaluate('fetlar', position);
    expect(brief(e.outcome)).toEqual(won('attackers', 'king_captured'));
    expect(illegal('fetlar', position, 'h9-h8').reason).toBe('GAME_OVER');
    expect(moves('fetlar', position).count).toBe(0);
  });
});

describe('R-2 order of illegal-move checks', () => {
  // alea-evangelii-citadels: the attacker j7 below the castle j10, a defender on j12.
  const castleColumn = board19(
    'a',
    `
    13 .
    12 T
    11 .
    10 +
     9 .
     8 .
     7 t
       j
    `,
    { K: 'e5', T: ['p16'], t: ['c15'] },
  );
  // attackers to move
  const position = tfen(
    `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . K . .
       8 . . . . . . . . . . .
       7 . . T . . . . . . . .
       6 . . T . . + . . . . .
       5 . . . . t . . . . . .
       4 . . . . . T . . . . .
       3 . . t . . . . . . . .
       2 . . . . . t . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
    `,
    'a',
  );

  it('R-2: GAME_OVER comes first, before even BAD_NOTATION', () => {
    const over = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . T . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('fetlar', over, 'hello').reason).toBe('GAME_OVER');
    expect(illegal('fetlar', over, 'l3-l4').reason).toBe('GAME_OVER');
    expect(illegal('fetlar', over, 'c3-c4').reason).toBe('GAME_OVER');
  });

  it('R-2: BAD_NOTATION for text that is not a move, and for pass where it is not the single legal move', () => {
    for (const m of ['hello', 'c3-', 'c3-c4-c5', '', 'l3-', 'pass']) {
      expect(illegal('fetlar', position, m).reason).toBe('BAD_NOTATION');
    }
    const citadels = board19(
      'a',
      `
      10 +
       9 .
       8 .
       7 t
         j
      `,
      { K: 'e5', T: ['p16'], t: ['c15'] },
    );
    expect(illegal('alea-evangelii-citadels', citadels, 'pass').reason).toBe('BAD_NOTATION');
  });

  it('R-2: the accepted spellings are not BAD_NOTATION', () => {
    expect(play('fetlar', position, 'C3-C4').move.notation).toBe('c3-c4');
    expect(play('fetlar', position, 'c3c4').move.notation).toBe('c3-c4');
  });

  it('R-2: BAD_SQUARE (off the board) comes before NO_PIECE', () => {
    expect(illegal('fetlar', position, 'c3-l3').reason).toBe('BAD_SQUARE');
    expect(illegal('fetlar', position, 'c3-c12').reason).toBe('BAD_SQUARE');
    expect(illegal('fetlar', position, 'l3-l5').reason).toBe('BAD_SQUARE');
    expect(illegal('fetlar', position, 'd5-l5').reason).toBe('BAD_SQUARE');
  });

  it('R-2: NO_PIECE comes before NOT_STRAIGHT', () => {
    expect(illegal('fetlar', position, 'd5-d6').reason).toBe('NO_PIECE');
    expect(illegal('fetlar', position, 'd5-e6').reason).toBe('NO_PIECE');
  });

  it('R-2: NOT_YOUR_PIECE comes before NOT_STRAIGHT', () => {
    expect(illegal('fetlar', position, 'c6-d6').reason).toBe('NOT_YOUR_PIECE');
    expect(illegal('fetlar', position, 'c6-d7').reason).toBe('NOT_YOUR_PIECE');
    expect(illegal('fetlar', position, 'i9-i5').reason).toBe('NOT_YOUR_PIECE');
  });

  it('R-2: NOT_STRAIGHT (zero distance or not along a line) comes before PATH_BLOCKED and DESTINATION_OCCUPIED', () => {
    expect(illegal('fetlar', position, 'c3-d4').reason).toBe('NOT_STRAIGHT');
    expect(illegal('fetlar', position, 'c3-c3').reason).toBe('NOT_STRAIGHT');
    expect(illegal('fetlar', position, 'c3-e5').reason).toBe('NOT_STRAIGHT');
  });

  it('R-2: PATH_BLOCKED comes before DESTINATION_OCCUPIED and RESTRICTED_SQUARE', () => {
    expect(illegal('fetlar', position, 'c3-c8').reason).toBe('PATH_BLOCKED');
    expect(illegal('fetlar', position, 'c3-c7').reason).toBe('PATH_BLOCKED');
    expect(illegal('fetlar', position, 'f2-f6').reason).toBe('PATH_BLOCKED');
    expect(illegal('alea-evangelii-citadels', castleColumn, 'j7-j13').reason).toBe('PATH_BLOCKED');
  });

  it('R-2: DESTINATION_OCCUPIED comes before RESTRICTED_SQUARE', () => {
    expect(illegal('fetlar', position, 'c3-c6').reason).toBe('DESTINATION_OCCUPIED');
    const throne = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . K . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . t . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('fetlar', throne, 'f3-f6').reason).toBe('DESTINATION_OCCUPIED');
    expect(illegal('alea-evangelii-citadels', castleColumn, 'j7-j12').reason).toBe('DESTINATION_OCCUPIED');
  });

  it('R-2: RESTRICTED_SQUARE for a special square on the way, or as the destination of a soldier', () => {
    expect(illegal('alea-evangelii-citadels', castleColumn, 'j7-j11').reason).toBe('RESTRICTED_SQUARE');
    expect(play('alea-evangelii-citadels', castleColumn, 'j7-j9').move.notation).toBe('j7-j9');
    const corner = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . t
         4 . . . . . . . . . . .
         3 t . . . . K . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('fetlar', corner, 'a3-a1').reason).toBe('RESTRICTED_SQUARE');
    expect(illegal('fetlar', corner, 'k5-k11').reason).toBe('RESTRICTED_SQUARE');
  });

  it('R-2: THRONE_REENTRY for the king onto a throne he may not return to (tablut)', () => {
    const start = tfen(
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
    );
    const history = ['b2-b3', 'e5-e7', 'b3-b2'];
    expect(illegal('tablut', start, 'e7-e5', history)).toMatchObject({ index: 3, move: 'e7-e5', reason: 'THRONE_REENTRY' });
  });

  it('R-2: validateGame reports the first illegal move with its index and reason', () => {
    const start = tfen(
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
    );
    const v = validate('tablut', ['b2-b3', 'e5-e7', 'b3-b2', 'e7-e5', 'h8-h7'], start);
    expect(v.valid).toBe(false);
    expect(v.error).toMatchObject({ index: 3, move: 'e7-e5', reason: 'THRONE_REENTRY' });
    expect(v.plies.map((p) => p.move.notation)).toEqual(['b2-b3', 'e5-e7', 'b3-b2']);
  });
});

describe('R-3 throne never re-entered (tablut)', () => {
  const start = tfen(
    `
      9 . . . . . . . . .
      8 . . . . . . . t .
      7 . . . . . . . . .
      6 . . . . . . . . .
      5 . . . . K . . . .
      4 . . . . . . . . .
      3 . . T . . . . . .
      2 . t . . t . . . .
      1 . . . . . . . . .
        a b c d e f g h i
    `,
    'a',
  );

  it('R-3: once the king has left the throne, no soldier may stop on it and the king may not return', () => {
    expect(illegal('tablut', start, 'e2-e5', ['b2-b3', 'e5-e7']).reason).toBe('RESTRICTED_SQUARE');
    expect(illegal('tablut', start, 'e7-e5', ['b2-b3', 'e5-e7', 'b3-b2']).reason).toBe('THRONE_REENTRY');
  });

  it('R-3: everyone may pass through the empty throne after the king has left', () => {
    expect(play('tablut', start, 'e2-e6', ['b2-b3', 'e5-e7']).move.notation).toBe('e2-e6');
    const r = play('tablut', start, 'e7-e3', ['b2-b3', 'e5-e7', 'b3-b2']);
    expect(r.move.notation).toBe('e7-e3');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('R-4 hostility depends on the piece and on occupancy', () => {
  it('R-4: the castle stays hostile to attackers while the (unarmed) king is on it', () => {
    const position = board19(
      'd',
      `
      12 . . . T
      11 t . . .
      10 K . . .
         j k l m
      `,
      { t: ['c3'] },
    );
    expect(play('alea-evangelii-citadels', position, 'm12-j12').move.notation).toBe('m12-j12xj11');
  });

  it('R-4: a citadel square stays hostile to attackers while the king stands on it', () => {
    const position = board19(
      'd',
      `
       6 . . . T
       5 . . . .
       4 . . . .
       3 . . . .
       2 + K t .
       1 + + . .
         a b c d
      `,
      { t: ['m13'] },
    );
    expect(play('alea-evangelii-citadels', position, 'd6-d2').move.notation).toBe('d6-d2xc2');
  });

  it('R-4: an unarmed king that moves captures nothing', () => {
    const position = board19(
      'd',
      `
       7 . . . T
       6 . . . t
       5 K . . .
         b c d e
      `,
      { t: ['m13'] },
    );
    const r = play('alea-evangelii-citadels', position, 'b5-e5');
    expect(r.move.notation).toBe('b5-e5');
    expect(r.move.captures).toEqual([]);
  });

  it('R-4: the same empty throne is hostile to a defender soldier and not to the king (brandubh)', () => {
    const soldier = tfen(
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
    );
    expect(play('brandubh', soldier, 'f6-d6').move.notation).toBe('f6-d6xd5');
    const king = tfen(
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
    );
    expect(play('brandubh', king, 'f6-d6').move.notation).toBe('f6-d6');
  });

  it('R-4: the fetlar throne is hostile to a defender soldier when empty, not when occupied', () => {
    const empty = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + T . . t .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . K . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(play('fetlar', empty, 'j6-h6').move.notation).toBe('j6-h6xg6');
    const occupied = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . K T . . t .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(play('fetlar', occupied, 'j6-h6').move.notation).toBe('j6-h6');
  });
});

describe('R-5 graded king capture (tablut)', () => {
  it('R-5: beside the throne, the three other neighbours attackers capture the king', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . t . . . . . .
        7 . . . . . . . . .
        6 . . . t . . . . .
        5 . . . K + . . . .
        4 . . . t . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play('tablut', position, 'c8-c5');
    expect(r.move.notation).toBe('c8-c5xd5');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('R-5: beside the throne, two attackers on the axis away from the throne do not suffice', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . t . . . . .
        5 . . . K + . . . .
        4 t . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play('tablut', position, 'a4-d4');
    expect(r.move.notation).toBe('a4-d4');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('R-5: beside the throne, one attacker opposite the throne does not suffice', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . . t . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . K + . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play('tablut', position, 'c8-c5');
    expect(r.move.notation).toBe('c8-c5');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('R-5: elsewhere two opposite sides capture, one of them the moved attacker', () => {
    const position = tfen(
      `
        9 . . . . . . . . .
        8 . T . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 . . . . . . . . t
        3 . . . . . . K . .
        2 . . . . . . t . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    const r = play('tablut', position, 'i4-g4');
    expect(r.move.notation).toBe('i4-g4xg3');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
    const staticPair = tfen(
      `
        9 . . . . . . . . .
        8 t T . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . + . . . .
        4 . . . . . . t . .
        3 . . . . . . K . .
        2 . . . . . . t . .
        1 . . . . . . . . .
          a b c d e f g h i
      `,
      'a',
    );
    expect(brief(play('tablut', staticPair, 'a8-a7').outcome)).toEqual(ONGOING);
  });
});

describe('R-9 shieldwall rows (copenhagen)', () => {
  it('R-9: the row is the longest run of enemies next to the moved piece: a longer row with one piece unfronted is not captured', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . t . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t T T T . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'g4-g1');
    expect(r.move.notation).toBe('g4-g1');
    expect(r.move.captures).toEqual([]);
  });

  it('R-9: a row of three, every piece fronted and both ends closed, is captured whole', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . t . . . .
         3 . . . . . . . . . . .
         2 . . . t t t . . . . .
         1 + . t T T T . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(play('copenhagen', position, 'g4-g1').move.notation).toBe('g4-g1xd1/e1/f1');
  });

  it('R-9: rows are taken in each direction from the moved piece', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . t . . . . . . .
         3 . . . . . . . . . . .
         2 . t t . t t . . . . .
         1 + T T . T T t . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'd4-d1');
    expect(r.move.notation).toBe('d4-d1xb1/c1/e1/f1');
    expect(r.move.captures).toEqual(['b1', 'c1', 'e1', 'f1']);
  });

  it('R-9: the square after the row may hold the (armed) king as the capturing piece', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . T . . . . .
         3 . . . . . . . . . . .
         2 . . . T T . . . . . .
         1 + . K t t . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1xd1/e1');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('R-9: the square after the row empty and not a corner: no capture', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . t . . . . . .
         3 . . . . . . . . . . .
         2 . . t t . . . . . . .
         1 + . T T . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'e4-e1');
    expect(r.move.notation).toBe('e4-e1');
    expect(r.move.captures).toEqual([]);
  });
});

describe('R-10 exit fort checks (copenhagen)', () => {
  it("R-10: the fort is checked after every defenders' move (not after attackers' moves, not only after king moves)", () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . T . .
         4 . . . . . . . . . . .
         3 . . . . T T . . . . .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'c8-c9');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const d = play('copenhagen', position, 'i5-i4', ['c8-c9']);
    expect(d.move.notation).toBe('i5-i4');
    expect(brief(d.outcome)).toEqual(won('defenders', 'exit_fort'));
  });

  it('R-10: R includes the empty corner the king can reach: an attacker next to that corner spoils the fort', () => {
    const spoiled = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 T . . . T . . . . . .
         2 K T . . . . . . . . .
         1 + t . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', spoiled, 'e3-b3');
    expect(r.move.notation).toBe('e3-b3');
    expect(brief(r.outcome)).toEqual(ONGOING);
    const sound = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 T . . . T . . . . . .
         2 K T . . . . . . . . .
         1 + T T . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(play('copenhagen', sound, 'e3-b3').outcome)).toEqual(won('defenders', 'exit_fort'));
  });
});

describe('R-11 encirclement fill', () => {
  it('R-11: when every edge square holds an attacker the defenders are encircled (brandubh)', () => {
    const position = tfen(
      `
        7 + t t t t t +
        6 t . . . . . t
        5 t . . T . . t
        4 t . . K . . t
        3 t . . . . . t
        2 t . t . . . t
        1 + t . t t t +
          a b c d e f g
      `,
      'a',
    );
    const r = play('brandubh', position, 'c2-c1');
    expect(r.move.notation).toBe('c2-c1');
    expect(brief(r.outcome)).toEqual(won('attackers', 'encircled'));
  });

  it('R-11: a defender standing in the gap of the ring is reached by the fill: not encircled (copenhagen)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t t t . . . . . .
         3 . T K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'i9-i10');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});

describe('R-12 repetition compares canonical positions', () => {
  const position = tfen(
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
    'a',
  );

  it('R-12: other spellings of the position and the moves are the same positions', () => {
    const underscored = position.replace(' ', '_');
    const history = ['I9I10', 'c3c4', 'i10-i9', 'C4-C3', 'i9i10', 'c3-c4', 'I10-I9'];
    const r = play('fetlar', underscored, 'c4c3', history);
    expect(r.move.notation).toBe('c4-c3');
    expect(r.position).toBe(position);
    expect(brief(r.outcome)).toEqual(won('attackers', 'repetition'));
  });

  it('R-12: the move that creates the third occurrence is legal and ends the game', () => {
    const cycle = ['i9-i10', 'c3-c4', 'i10-i9', 'c4-c3'];
    const v = validate('fetlar', [...cycle, ...cycle], position);
    expect(v.valid).toBe(true);
    expect(v.error).toBeNull();
    expect(v.plies).toHaveLength(8);
    expect(v.position).toBe(position);
    expect(brief(v.outcome)).toEqual(won('attackers', 'repetition'));
  });
});

describe('R-15 start states', () => {
  it('R-15: a start position whose side to move has no legal move is finished (fetlar: that side loses)', () => {
    const defenders = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . t . . . . .
         1 + . . . t K t . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(evaluate('fetlar', defenders).outcome)).toEqual(won('attackers', 'no_legal_moves'));
    const attackers = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . T . . . . . .
         1 + . . T t T . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(brief(evaluate('fetlar', attackers).outcome)).toEqual(won('defenders', 'no_legal_moves'));
  });

  it('R-15: with no move played only CORE-12 is checked: a ringed king, an encirclement, an exit fort are not results yet', () => {
    const ringed = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . T . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t K t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(evaluate('fetlar', ringed).outcome)).toEqual(ONGOING);
    const encircled = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t t t . . . . . .
         3 . t K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(evaluate('copenhagen', encircled).outcome)).toEqual(ONGOING);
    const fort = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . T T . . . . .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(brief(evaluate('copenhagen', fort).outcome)).toEqual(ONGOING);
  });

  it('R-15: with no move played, a king already on a corner is not yet a result', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . T . . . . . . . . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 K . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(brief(evaluate('fetlar', position).outcome)).toEqual(ONGOING);
  });

  it('R-15: a position given without history has no repetition past', () => {
    const start = tfen(
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
      'a',
    );
    const cycle = ['i9-i10', 'c3-c4', 'i10-i9', 'c4-c3'];
    // after one cycle the start position stands for the second time ...
    expect(evaluate('fetlar', start, cycle).position).toBe(start);
    // ... so the second cycle ends the game when played on from the history,
    expect(brief(play('fetlar', start, 'c4-c3', [...cycle, ...cycle.slice(0, 3)]).outcome)).toEqual(won('attackers', 'repetition'));
    // but from the same position given afresh it only makes the second occurrence
    const fresh = evaluate('fetlar', start, cycle).position;
    expect(brief(play('fetlar', fresh, 'c4-c3', cycle.slice(0, 3)).outcome)).toEqual(ONGOING);
  });
});
