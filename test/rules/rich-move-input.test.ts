/**
 * Rich moves as input (api.md section 2): `f4-f7xf8/e7` is accepted wherever a move is. The squares
 * after `x` are compared as a set with what the move really captures; a captured king may be left out
 * real records never write him); any other difference is CAPTURES_MISMATCH, checked after every
 * other reason of R-2. Malformed capture lists are BAD_NOTATION, squares off the board BAD_SQUARE
 * (docs/rules-decisions.md). Expected values come from the spec text, not from the engine.
 */
import { GameState } from '../../src/engine/game-state';
import { validateGame } from '../../src/engine/operations';
import { seededRandom } from '../../src/engine/random';
import { builtInVariant, builtInVariantIds } from '../../src/variants';
import { tfen } from '../helpers/diagram';
import { illegal, play } from '../helpers/rules';

// Brandubh: corners hostile to all, the empty throne hostile to defender soldiers, the king captured
// by two attackers anywhere off the throne (rules.md 5.3).
const V = 'brandubh';

// c1-c3 captures b3 (against a3) and d3 (against e3); c1-c2 captures nothing.
const twoSoldiers = tfen(
  `
    7 + . . . . . +
    6 . . . . . K .
    5 . . . . . . .
    4 . . . + . . .
    3 t T . T t . .
    2 . . . . . . .
    1 + . t . . . +
      a b c d e f g
  `,
  'a',
);

// d7-d5 captures the king on c5 (against b5) and the soldier on e5 (against f5).
const kingAndSoldier = tfen(
  `
    7 + . . t . . +
    6 . . . . . . .
    5 . t K . T t .
    4 . . . + . . .
    3 . . . . . . .
    2 . . . . . . .
    1 + . . . . . +
      a b c d e f g
  `,
  'a',
);

const CAPTURED_TWO = { from: 'c1', to: 'c3', notation: 'c1-c3xb3/d3', captures: ['b3', 'd3'] };

describe('R-2 CAPTURES_MISMATCH: a rich move whose claim agrees is played', () => {
  it('R-2 CAPTURES_MISMATCH an exact claim is accepted and answered in the canonical rich form', () => {
    expect(play(V, twoSoldiers, 'c1-c3xb3/d3').move).toEqual(CAPTURED_TWO);
  });

  it('R-2 CAPTURES_MISMATCH the claim is compared as a set: order does not matter', () => {
    expect(play(V, twoSoldiers, 'c1-c3xd3/b3').move).toEqual(CAPTURED_TWO);
  });

  it('R-2 CAPTURES_MISMATCH a square written twice counts once', () => {
    expect(play(V, twoSoldiers, 'c1-c3xb3/d3/b3').move).toEqual(CAPTURED_TWO);
    expect(play(V, twoSoldiers, 'c1-c3xd3/d3/b3/d3').move).toEqual(CAPTURED_TWO);
  });

  it('R-2 CAPTURES_MISMATCH the other accepted spellings take a claim too (no dash, upper case)', () => {
    expect(play(V, twoSoldiers, 'c1c3xb3/d3').move).toEqual(CAPTURED_TWO);
    expect(play(V, twoSoldiers, 'C1-C3XB3/D3').move).toEqual(CAPTURED_TWO);
    expect(play(V, twoSoldiers, '  c1-c3xb3/d3 ').move).toEqual(CAPTURED_TWO);
  });

  it('R-2 CAPTURES_MISMATCH a move without a claim is not compared', () => {
    expect(play(V, twoSoldiers, 'c1-c3').move).toEqual(CAPTURED_TWO);
  });
});

describe('R-1 a captured king in a rich move', () => {
  const KING_TAKEN = { from: 'd7', to: 'd5', notation: 'd7-d5xc5/e5', captures: ['c5', 'e5'] };
  const WON = { status: 'finished', winner: 'attackers', reason: 'king_captured' };

  it('R-1 a captured king may be left out of the claim, as real records do', () => {
    const r = play(V, kingAndSoldier, 'd7-d5xe5');
    expect(r.move).toEqual(KING_TAKEN);
    expect(r.outcome).toEqual(WON);
  });

  it('R-1 a captured king may be listed in the claim (it is in the answer)', () => {
    expect(play(V, kingAndSoldier, 'd7-d5xc5/e5').move).toEqual(KING_TAKEN);
    expect(play(V, kingAndSoldier, 'd7-d5xe5/c5/c5').move).toEqual(KING_TAKEN);
    expect(play(V, kingAndSoldier, 'd7-d5xe5/c5').outcome).toEqual(WON);
  });

  it('R-1 leaving out the king does not excuse leaving out a soldier: CAPTURES_MISMATCH', () => {
    expect(illegal(V, kingAndSoldier, 'd7-d5xc5')).toMatchObject({ index: 0, move: 'd7-d5xc5', reason: 'CAPTURES_MISMATCH' });
  });

  it('R-1 a claim on the king when he is not captured is CAPTURES_MISMATCH', () => {
    expect(illegal(V, twoSoldiers, 'c1-c3xb3/d3/f6').reason).toBe('CAPTURES_MISMATCH');
  });
});

describe('R-2 CAPTURES_MISMATCH: a claim that differs refuses the move', () => {
  it('R-2 CAPTURES_MISMATCH a missing non-king capture', () => {
    const r = illegal(V, twoSoldiers, 'c1-c3xb3');
    expect(r).toMatchObject({ index: 0, move: 'c1-c3xb3', reason: 'CAPTURES_MISMATCH' });
    expect(r.message).toContain('d3');
  });

  it('R-2 CAPTURES_MISMATCH an extra square (an own piece, an empty square)', () => {
    expect(illegal(V, twoSoldiers, 'c1-c3xb3/d3/e3').reason).toBe('CAPTURES_MISMATCH');
    expect(illegal(V, twoSoldiers, 'c1-c3xb3/d3/c4').reason).toBe('CAPTURES_MISMATCH');
    // Right number of squares, wrong squares.
    expect(illegal(V, twoSoldiers, 'c1-c3xb3/e3').reason).toBe('CAPTURES_MISMATCH');
  });

  it('R-2 CAPTURES_MISMATCH a claim on a move that captures nothing', () => {
    expect(play(V, twoSoldiers, 'c1-c2').move.captures).toEqual([]);
    expect(illegal(V, twoSoldiers, 'c1-c2xb3').reason).toBe('CAPTURES_MISMATCH');
  });

  it('R-2 CAPTURES_MISMATCH the index of a mismatched move in `moves` is its place in the sequence', () => {
    const r = illegal(V, twoSoldiers, 'f6-f5', ['c1-c3xb3']);
    expect(r).toMatchObject({ index: 0, move: 'c1-c3xb3', reason: 'CAPTURES_MISMATCH' });
  });
});

describe('R-2 CAPTURES_MISMATCH comes after every other reason', () => {
  it('R-2 PATH_BLOCKED wins over a wrong claim', () => {
    // a3-c3 would pass b3; the claim (d3) is wrong too.
    expect(illegal(V, twoSoldiers, 'a3-c3xd3').reason).toBe('PATH_BLOCKED');
  });

  it.each([
    ['NO_PIECE', 'b1-b2xb3'],
    ['NOT_YOUR_PIECE', 'b3-b2xa3'],
    ['NOT_STRAIGHT', 'c1-d2xd3'],
    ['DESTINATION_OCCUPIED', 'a3-b3xc3'],
    ['RESTRICTED_SQUARE', 'a3-a1xb3'],
  ])('R-2 %s wins over a wrong claim (%s)', (reason, move) => {
    expect(illegal(V, twoSoldiers, move).reason).toBe(reason);
  });

  it('R-2 GAME_OVER wins over a claim (a finished game accepts no move)', () => {
    expect(illegal(V, kingAndSoldier, 'e5-e4xd4', ['d7-d5xe5']).reason).toBe('GAME_OVER');
  });
});

describe('R-2 malformed capture lists', () => {
  it.each([
    'c1-c3x',
    'c1-c3xx',
    'c1-c3xb3/',
    'c1-c3x/b3',
    'c1-c3xb3//d3',
    'c1-c3xb3,d3',
    'c1-c3x b3',
    'c1-c3xb',
    'c1-c3x3',
    'c1-c3xb3xd3',
    'c1-c3xb100',
  ])('R-2 BAD_NOTATION for a capture list that is not squares separated by "/" (%s)', (move) => {
    expect(illegal(V, twoSoldiers, move).reason).toBe('BAD_NOTATION');
  });

  it.each(['c1-c3xz99', 'c1-c3xh1', 'c1-c3xb8', 'c1-c3xb0', 'c1-c3xb03', 'c1-c3xb3/d3/a12'])(
    'R-2 BAD_SQUARE for a captured square that is not on the board (%s), as for the move squares',
    (move) => {
      expect(illegal(V, twoSoldiers, move).reason).toBe('BAD_SQUARE');
    },
  );

  it('R-2 the syntax of the whole text is judged before any square: BAD_NOTATION before BAD_SQUARE', () => {
    expect(illegal(V, twoSoldiers, 'z9-c3xb3/').reason).toBe('BAD_NOTATION');
    expect(illegal(V, twoSoldiers, 'z9-c3xb3').reason).toBe('BAD_SQUARE');
  });

  it('R-2 pass takes no capture list: BAD_NOTATION', () => {
    expect(illegal(V, twoSoldiers, 'passxb3').reason).toBe('BAD_NOTATION');
    expect(illegal(V, twoSoldiers, 'pass').reason).toBe('BAD_NOTATION');
  });
});

describe("R-1 a game's answered moves can be sent back as moves (api.md section 2)", () => {
  it('R-1 a recorded Brandubh game that ends by capturing the king replays identically from its rich notation', () => {
    // Line 5 of aagenielsen-brandubh-7x7.csv: the last move takes d5 and the king on e4.
    const plain = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');
    const first = validateGame(builtInVariant(V)!, { moves: plain });
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    const rich = first.value.plies.map((p) => p.move.notation);
    expect(rich[14]).toBe('f5-e5xd5/e4');
    const again = validateGame(builtInVariant(V)!, { moves: rich });
    expect(again).toEqual(first);
    expect(again.ok && again.value.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
  });

  it.each(builtInVariantIds())('R-1 seeded random games of %s replay identically from their rich notation', (id) => {
    const v = builtInVariant(id)!;
    const rnd = seededRandom(20261201);
    let captures = 0;
    for (let game = 0; game < 4; game++) {
      const s = GameState.start(v);
      for (let ply = 0; ply < 300 && !s.finished; ply++) {
        const options = s.legalMoves();
        if (options.length === 0) break;
        const checked = s.check(options[rnd() % options.length].notation);
        if (!checked.ok) throw new Error(JSON.stringify(checked.error));
        captures += s.play(checked.value).captures.length;
      }
      const rich = s.plies.map((p) => p.notation);
      const plain = s.plies.map((p) => (p.from === null ? 'pass' : `${p.from}-${p.to}`));
      const fromPlain = validateGame(v, { moves: plain });
      const fromRich = validateGame(v, { moves: rich });
      expect(fromRich.ok && fromRich.value.valid).toBe(true);
      expect(fromRich).toEqual(fromPlain);
      expect(fromRich.ok && fromRich.value.position).toBe(s.tfen());
    }
    expect(captures).toBeGreaterThan(0);
  });
});
