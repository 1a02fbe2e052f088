/**
 * Conformance tests for rules.md section 2 (CORE-1 .. CORE-12), on the built-in variants that enable
 * each mechanic: fetlar for the plain mechanics, copenhagen for shieldwall (CORE-7), encirclement
 * (CORE-10) and exit fort (CORE-11), alea-evangelii-citadels for the pass of CORE-12.
 * Expected values come from the spec text, not from the engine.
 */
import { board19, brief, evaluate, illegal, moves, ONGOING, play, tfen, validate, won } from '../helpers/rules';

describe('CORE-1 players alternate', () => {
  it("CORE-1: after the attackers move, the defenders move; neither side may move the other side's pieces", () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . T . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . K . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . T . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('fetlar', position, 'g3-g5').reason).toBe('NOT_YOUR_PIECE');
    const first = play('fetlar', position, 'c3-c5');
    expect(first.sideToMove).toBe('defenders');
    expect(first.position.endsWith(' d')).toBe(true);
    const again = illegal('fetlar', position, 'i9-i7', ['c3-c5']);
    expect(again).toMatchObject({ index: 1, reason: 'NOT_YOUR_PIECE' });
    const reply = play('fetlar', position, 'g3-g5', ['c3-c5']);
    expect(reply.move.notation).toBe('g3-g5');
    expect(reply.sideToMove).toBe('attackers');
    const listed = moves('fetlar', position, undefined, ['c3-c5']);
    expect(listed.sideToMove).toBe('defenders');
    expect(listed.count).toBeGreaterThan(0);
    expect(new Set(listed.moves.map((m) => m.from))).toEqual(new Set(['e9', 'g3', 'f6']));
  });

  it('CORE-1: a variant without passing has no pass move', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . T . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . K . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . t . . . T . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('fetlar', position, 'pass').reason).toBe('BAD_NOTATION');
    expect(moves('fetlar', position).moves.some((m) => m.notation === 'pass')).toBe(false);
  });
});

describe('CORE-2 rook moves', () => {
  const position = tfen(
    `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . K . . .
       8 . . . . . . . . . . .
       7 . . . t . . . . . . .
       6 . . . . . + . . . . .
       5 . . . . . . . . . . .
       4 . . . T . . T . . . .
       3 . . . . . . . . . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
    `,
    'd',
  );

  it('CORE-2: a piece moves any number of empty squares along its file or rank, up to the first piece', () => {
    const listed = moves('fetlar', position, 'd4');
    expect(listed.moves.map((m) => m.notation).sort()).toEqual(
      ['d4-a4', 'd4-b4', 'd4-c4', 'd4-e4', 'd4-f4', 'd4-d1', 'd4-d2', 'd4-d3', 'd4-d5', 'd4-d6'].sort(),
    );
    expect(listed.count).toBe(10);
    expect(listed.moves.every((m) => m.captures.length === 0)).toBe(true);
  });

  it('CORE-2: no jumping over a piece, no landing on one, no zero or diagonal move', () => {
    expect(illegal('fetlar', position, 'd4-d8').reason).toBe('PATH_BLOCKED');
    expect(illegal('fetlar', position, 'd4-h4').reason).toBe('PATH_BLOCKED');
    expect(illegal('fetlar', position, 'd4-d7').reason).toBe('DESTINATION_OCCUPIED');
    expect(illegal('fetlar', position, 'd4-g4').reason).toBe('DESTINATION_OCCUPIED');
    expect(illegal('fetlar', position, 'd4-d4').reason).toBe('NOT_STRAIGHT');
    expect(illegal('fetlar', position, 'd4-e5').reason).toBe('NOT_STRAIGHT');
  });
});

describe('CORE-3 special squares are per variant', () => {
  it('CORE-3: in alea-evangelii-citadels a soldier may not even pass through the castle', () => {
    const position = board19(
      'a',
      `
      13 .
      12 .
      11 .
      10 +
       9 .
       8 .
       7 t
         j
      `,
      { K: 'e5', T: ['p16'], t: ['c15'] },
    );
    expect(illegal('alea-evangelii-citadels', position, 'j7-j13').reason).toBe('RESTRICTED_SQUARE');
    expect(play('alea-evangelii-citadels', position, 'j7-j9').move.notation).toBe('j7-j9');
  });
});

describe('CORE-4 custodial capture, active only', () => {
  it('CORE-4: the moved piece captures an enemy between it and a friendly piece', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . . T . . . . . . .
         3 . . t . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'c3-d3');
    expect(r.move.notation).toBe('c3-d3xd4');
    expect(r.move.captures).toEqual(['d4']);
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . . . . . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-4: a soldier already standing between two enemies is not captured by an unrelated move', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . t . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . . T . . . . . . .
         3 . . . t . . . . K . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'i8-i9');
    expect(r.move.notation).toBe('i8-i9');
    expect(r.move.captures).toEqual([]);
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . . T . . . . . . .
         3 . . . t . . . . K . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
  });

  it('CORE-4: only the pieces next to the moved piece can be captured (no capture of a line of two)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t T T . . . . . .
         3 . . . . . . . . K . .
         2 . . . . . . . . . . .
         1 + . . . . t . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'f1-f4');
    expect(r.move.notation).toBe('f1-f4');
    expect(r.move.captures).toEqual([]);
  });

  it('CORE-4: the king is captured only by a move that completes his enclosure', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . t . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t K t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . T . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'i8-i9');
    expect(r.move.notation).toBe('i8-i9');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t K t . . . . . .
         3 . . . t . . . . . . .
         2 . . . . . . . T . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-4: an unarmed king is never the anvil (alea-evangelii-citadels)', () => {
    const position = board19(
      'd',
      `
       7 . . . T
       6 t . . .
       5 K . . .
         e f g h
      `,
      { t: ['m13'] },
    );
    const r = play('alea-evangelii-citadels', position, 'h7-e7');
    expect(r.move.notation).toBe('h7-e7');
    expect(r.move.captures).toEqual([]);
  });
});

describe('CORE-5 moving between two enemies is safe', () => {
  it('CORE-5: a soldier moving between two attackers survives', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . T . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t . t . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . K . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('fetlar', position, 'd8-d4');
    expect(r.move.notation).toBe('d8-d4');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t T t . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . K . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'a',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-5: a defender soldier moving between an attacker and a hostile corner survives', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . T . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . t . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('fetlar', position, 'b5-b1');
    expect(r.move.notation).toBe('b5-b1');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + T t . . . . . . . +
           a b c d e f g h i j k
      `,
        'a',
      ),
    );
  });

  it('CORE-5: an attacker moving between a defender and the empty throne survives', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . t . . . . . .
         4 . . . . . T . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'e5-f5');
    expect(r.move.notation).toBe('e5-f5');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . K . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . t . . . . .
         4 . . . . . T . . . . .
         3 . . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
  });
});

describe('CORE-6 several captures in one move', () => {
  it('CORE-6: one move captures in three directions; diagonal neighbours take no part', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . t . t . t . . . . .
         9 . . T . T . . . . . .
         8 . t T . T t . . . . .
         7 . . . T . . . . . . .
         6 . . . t . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . K . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'd10-d8');
    expect(r.move.notation).toBe('d10-d8xc8/d7/e8');
    expect(r.move.captures).toEqual(['c8', 'd7', 'e8']);
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . t . . . t . . . . .
         9 . . T . T . . . . . .
         8 . t . t . t . . . . .
         7 . . . . . . . . . . .
         6 . . . t . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . K . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
  });

  it('CORE-6: a shieldwall and a custodial capture in the same move (copenhagen)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . t . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t T T . T t . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1xd1/e1/g1');
    expect(r.move.captures).toEqual(['d1', 'e1', 'g1']);
  });
});

describe('CORE-7 shieldwall (copenhagen)', () => {
  it('CORE-7: a row of two on the edge, fronted and closed at both ends by the moved piece, is captured', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . t . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t T T . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1xd1/e1');
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t . . t . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-7: no shieldwall when one piece of the row has no attacker on its inward side', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . t . . . . .
         3 . . . . . . . . . . .
         2 . . . t . . . . . . .
         1 + . t T T . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1');
    expect(r.move.captures).toEqual([]);
  });

  it('CORE-7: no shieldwall when the far end of the row is open', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . t . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . . T T . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1');
    expect(r.move.captures).toEqual([]);
  });

  it('CORE-7: strict form: completing the front (not an end) captures nothing', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . K . . .
         7 . . . . . . . . . . .
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
    const r = play('copenhagen', position, 'e5-e2');
    expect(r.move.notation).toBe('e5-e2');
    expect(r.move.captures).toEqual([]);
  });

  it('CORE-7: an empty corner closes one end of the row', () => {
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
         2 . t t . . . . . . . .
         1 + T T . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'd4-d1');
    expect(r.move.notation).toBe('d4-d1xb1/c1');
  });

  it('CORE-7: a king in the row is not removed; the soldiers are', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . T . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . t . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t T K . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1xd1');
    expect(r.move.captures).toEqual(['d1']);
    expect(r.position).toBe(
      tfen(
        `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . T . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . t t . . . . . .
         1 + . t . K t . . . . +
           a b c d e f g h i j k
      `,
        'd',
      ),
    );
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it("CORE-7: the king may be the moved closing piece of a defenders' shieldwall", () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . t . . . . . . . .
         8 . . . . . . . t . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . K . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . T T . . . . . .
         1 + . T t t . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'f5-f1');
    expect(r.move.notation).toBe('f5-f1xd1/e1');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it("CORE-7: the king may be a front piece of a defenders' shieldwall", () => {
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
         2 . . . T K . . . . . .
         1 + . T t t . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'f4-f1');
    expect(r.move.notation).toBe('f4-f1xd1/e1');
  });
});

describe('CORE-8 repetition', () => {
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

  it('CORE-8: a position is the board plus the side to move (the same board with the other side to move is another position)', () => {
    // The attackers shuttle i9-i10 (2 moves), the defenders c3-c4-c5-c3 (3 moves): the board of the
    // start comes back after 7 moves with the defenders to move, and after 12 moves with the attackers.
    const twelve = ['i9-i10', 'c3-c4', 'i10-i9', 'c4-c5', 'i9-i10', 'c5-c3', 'i10-i9', 'c3-c4', 'i9-i10', 'c4-c5', 'i10-i9', 'c5-c3'];
    const after12 = validate('fetlar', twelve, position);
    expect(after12.valid).toBe(true);
    expect(after12.position).toBe(position);
    expect(brief(after12.outcome)).toEqual(ONGOING);
    const history = [...twelve, ...twelve.slice(0, 11)];
    expect(brief(evaluate('fetlar', position, history).outcome)).toEqual(ONGOING);
    const r = play('fetlar', position, 'c5-c3', history);
    expect(brief(r.outcome)).toEqual(won('attackers', 'repetition'));
  });
});

describe('CORE-9 order of game-end checks', () => {
  it('CORE-9: king escaped comes before "no legal move" (fetlar)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 K . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . . . . T . . . . . .
         1 + . . T t T . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const escape = play('fetlar', position, 'a5-a1');
    expect(escape.move.notation).toBe('a5-a1');
    expect(brief(escape.outcome)).toEqual(won('defenders', 'king_escaped'));
    // the same position, a quiet king move: the attackers are left without a move
    expect(brief(play('fetlar', position, 'a5-a4').outcome)).toEqual(won('defenders', 'no_legal_moves'));
  });

  it('CORE-9: exit fort comes before "no legal move" (copenhagen)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . T
         6 . . . . . + . . . T t
         5 . . . . . . . . . . T
         4 . . . . . . . . . . .
         3 . T . . . T . . . . .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(play('copenhagen', position, 'b3-e3').outcome)).toEqual(won('defenders', 'exit_fort'));
    expect(brief(play('copenhagen', position, 'b3-b4').outcome)).toEqual(won('defenders', 'no_legal_moves'));
  });

  it('CORE-9: king captured comes before encirclement (copenhagen, the king was the last defender)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t K t . . . . . .
         3 t . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'a3-d3');
    expect(r.move.notation).toBe('a3-d3xd4');
    expect(brief(r.outcome)).toEqual(won('attackers', 'king_captured'));
  });

  it('CORE-9: encirclement comes before "no legal move" (copenhagen)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . t . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . t t . . . . . .
         2 . . . T K t . . . . .
         1 + . . t t . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'c5-c2');
    expect(r.move.notation).toBe('c5-c2');
    expect(brief(r.outcome)).toEqual(won('attackers', 'encircled'));
  });

  it('CORE-9: a finished game accepts no more moves', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . t . . . . . . .
         4 . . t K t . . . . . .
         3 t . . . . . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    expect(illegal('copenhagen', position, 'c4-c5', ['a3-d3'])).toMatchObject({ index: 1, reason: 'GAME_OVER' });
    expect(moves('copenhagen', position, undefined, ['a3-d3']).count).toBe(0);
  });
});

describe('CORE-10 encirclement (copenhagen)', () => {
  it('CORE-10: the attackers close a ring around every defender and win', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . t . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t t t . . . . . .
         3 . . K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'b6-b3');
    expect(r.move.notation).toBe('b6-b3');
    expect(brief(r.outcome)).toEqual(won('attackers', 'encircled'));
  });

  it('CORE-10: a ring with a gap does not win', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . t . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t t t . . . . . .
         3 . . K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'b6-b4');
    expect(r.move.notation).toBe('b6-b4');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-10: a closed ring does not win while one defender is outside it', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . t . .
         8 . . . . . . . T . . .
         7 . . . . . . . . . . .
         6 . t . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . t t t . . . . . .
         3 . . K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('copenhagen', position, 'b6-b3');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it("CORE-10: encirclement is checked after an attackers' move only", () => {
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
         3 . t K . T t . . . . .
         2 . . t t t . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'c3-d3');
    expect(r.move.notation).toBe('c3-d3');
    expect(brief(r.outcome)).toEqual(ONGOING);
    expect(brief(play('copenhagen', position, 'i9-i10', ['c3-d3']).outcome)).toEqual(won('attackers', 'encircled'));
  });
});

describe('CORE-11 exit fort (copenhagen)', () => {
  it('CORE-11: the defenders complete an unbreakable fort around the king on the edge and win', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . . t . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . t . . . . . . . . .
         4 . . . . . . . . . . .
         3 . T . . . T . . . . .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'b3-e3');
    expect(r.move.notation).toBe('b3-e3');
    expect(brief(r.outcome)).toEqual(won('defenders', 'exit_fort'));
  });

  it('CORE-11: no fort while a wall piece could still be captured (condition d)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . . t . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . t . . . . . . . . .
         4 . . . . . . . . . . .
         3 . T . . . T . . . . .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'b3-d3');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it("CORE-11: no fort while an attacker touches the king's region R (condition c)", () => {
    // R = {f1, f2, f3}: with a defender on f4 the fort is complete, with an attacker there it is not
    const fort = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . . T . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . T T . . . . .
         3 . . . . T . T . . t .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(play('copenhagen', fort, 'i8-i9').outcome)).toEqual(won('defenders', 'exit_fort'));
    const touched = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . . T . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . . . . .
         4 . . . . T t . . . . .
         3 . . . . T . T . . t .
         2 . . . . T . T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', touched, 'i8-i9');
    expect(r.move.notation).toBe('i8-i9');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-11: no fort when the king has no legal move (condition b)', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . t . . . . . t . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . t . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . T . . . T T . . . .
         1 + . . . T K T . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    const r = play('copenhagen', position, 'b2-e2');
    expect(r.move.notation).toBe('b2-e2');
    expect(brief(r.outcome)).toEqual(ONGOING);
  });

  it('CORE-11: a special square hostile to a wall piece never counts as safe, even inside R', () => {
    const position = tfen(
      `
        11 + . . . . . . . . . +
        10 . . . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . t . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . . t . . .
         4 . . T . . . . . . . .
         3 T . . . . . . . . . .
         2 K T . . . . . . . . .
         1 + T . . . . . . . . +
           a b c d e f g h i j k
      `,
      'd',
    );
    expect(brief(play('copenhagen', position, 'c4-c2').outcome)).toEqual(ONGOING);
    expect(brief(play('copenhagen', position, 'c4-c1').outcome)).toEqual(won('defenders', 'exit_fort'));
  });
});

describe('CORE-12 no legal move', () => {
  it('CORE-12: alea-evangelii-citadels: a side without a legal move passes, and the game goes on', () => {
    // e1 is boxed in by the defenders d1, e2, f1; the king far away on j10.
    const area = `
       2 . T .
       1 T t T
         d e f
    `;
    const position = board19('a', area, { K: 'j10' });
    expect(brief(evaluate('alea-evangelii-citadels', position).outcome)).toEqual(ONGOING);
    const listed = moves('alea-evangelii-citadels', position);
    expect(listed.count).toBe(1);
    expect(listed.moves).toEqual([{ from: null, to: null, notation: 'pass', captures: [] }]);
    const r = play('alea-evangelii-citadels', position, 'pass');
    expect(r.move).toEqual({ from: null, to: null, notation: 'pass', captures: [] });
    expect(r.sideToMove).toBe('defenders');
    expect(r.position).toBe(board19('d', area, { K: 'j10' }));
    expect(brief(r.outcome)).toEqual(ONGOING);
  });
});
