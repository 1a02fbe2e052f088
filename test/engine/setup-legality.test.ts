/** The chessops-style split: setup.ts (unchecked setup → checked Position) and legality.ts. */
import { checkMove } from '../../src/engine/legality';
import { ONGOING } from '../../src/engine/outcome-codes';
import { PASS, encodeMove } from '../../src/engine/position';
import { positionFromSetup, positionFromTfen } from '../../src/engine/setup';
import { parseTfen } from '../../src/engine/tfen';
import { cellOfName } from '../../src/engine/geometry';
import { builtInVariant } from '../../src/variants';

const brandubh = builtInVariant('brandubh')!;

describe('setup: a TFEN string or an unchecked setup becomes a checked position', () => {
  it('answers a Position with the side to move', () => {
    const r = positionFromTfen(brandubh, '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 d');
    expect(r.ok && r.value.side).toBe(1);
    expect(r.ok && r.value.kingSq).toBe(cellOfName(brandubh.geo, 'd4'));
  });

  it('lists every problem of a setup; offsets only when it was read from text', () => {
    const text = 't6/7/1K5/3KC2/7/7/7 a';
    const fromText = positionFromTfen(brandubh, text);
    // Squares are judged from rank 1 up: the commander on e4, the second king on b5, the attacker on a7.
    expect(!fromText.ok && fromText.error.map((e) => [e.code, e.offset])).toEqual([
      ['BAD_TFEN_PIECE_NOT_IN_VARIANT', 11],
      ['BAD_TFEN_KING_COUNT', 6],
      ['BAD_TFEN_RESTRICTED_SQUARE', 0],
    ]);
    const parsed = parseTfen(text, 7);
    if (!parsed.ok) throw new Error('unexpected');
    const fromSetup = positionFromSetup(brandubh, parsed.value);
    expect(!fromSetup.ok && fromSetup.error.map((e) => e.code)).toEqual([
      'BAD_TFEN_PIECE_NOT_IN_VARIANT',
      'BAD_TFEN_KING_COUNT',
      'BAD_TFEN_RESTRICTED_SQUARE',
    ]);
    expect(!fromSetup.ok && fromSetup.error.every((e) => e.offset === undefined)).toBe(true);
  });

  it('refuses a setup of another board size', () => {
    const parsed = parseTfen('5/5/2K2/5/5 a', 5);
    if (!parsed.ok) throw new Error('unexpected');
    expect(positionFromSetup(brandubh, parsed.value)).toMatchObject({ ok: false, error: [{ code: 'BAD_TFEN_ROW_COUNT' }] });
  });
});

describe('legality: a move checked against a position answers a Result', () => {
  const start = () => {
    const r = positionFromTfen(brandubh, '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a');
    if (!r.ok) throw new Error('unexpected');
    return r.value;
  };
  const g = brandubh.geo;

  it('accepts a legal move as its integer encoding', () => {
    expect(checkMove(start(), ONGOING, 'd6-a6')).toEqual({ ok: true, value: encodeMove(cellOfName(g, 'd6'), cellOfName(g, 'a6')) });
  });

  it('refuses with a reason and a message', () => {
    expect(checkMove(start(), ONGOING, 'd5-d6')).toEqual({ ok: false, error: { reason: 'NOT_YOUR_PIECE', message: expect.any(String) } });
    expect(checkMove(start(), ONGOING, 'pass')).toMatchObject({ ok: false, error: { reason: 'BAD_NOTATION' } });
    expect(checkMove(start(), 1 * 16 + 3, 'd6-a6')).toMatchObject({
      ok: false,
      error: { reason: 'GAME_OVER', message: 'the game is over (king_captured)' },
    });
    expect(PASS).toBe(0);
  });
});
