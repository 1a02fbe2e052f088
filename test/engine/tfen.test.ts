import { GameState } from '../../src/engine/game-state';
import { MAX_TFEN_PROBLEMS, parseTfen, printBoardField, printBoardRow } from '../../src/engine/tfen';
import { PIECE_OF_LETTER } from '../../src/engine/pieces';
import { cellOf } from '../../src/engine/geometry';
import { playoutGame } from '../helpers/playout-game';
import { builtInVariant, builtInVariantIds } from '../../src/variants';

const brandubh = builtInVariant('brandubh')!;

describe('TFEN (api.md section 1)', () => {
  it('prints every start position canonically and reads it back unchanged', () => {
    for (const id of builtInVariantIds()) {
      const v = builtInVariant(id)!;
      const text = GameState.start(v).tfen();
      expect(text).toBe(`${v.rules.layout} ${v.rules.first === 'attackers' ? 'a' : 'd'}`);
      const again = GameState.fromTfen(v, text);
      expect(again.ok && again.value.tfen()).toBe(text);
    }
  });

  it('R-12 canonical TFEN: a state prints its board as printBoardField does, over random positions of every variant and runs of ten and more', () => {
    const printed = (s: GameState): string => {
      const g = s.v.geo;
      const cells = new Uint8Array(g.size * g.size);
      for (let r = 0; r < g.size; r++) for (let f = 0; f < g.size; f++) cells[r * g.size + f] = s.pos.board[cellOf(g, f, r)];
      return `${printBoardField({ size: g.size, cells })} ${s.sideToMove() === 'attackers' ? 'a' : 'd'}`;
    };
    let checked = 0;
    for (const id of builtInVariantIds()) {
      const v = builtInVariant(id)!;
      for (let seed = 1; seed <= 25; seed++) {
        const s = GameState.start(v);
        for (const m of playoutGame(id, seed, seed * 7).moves) {
          const c = s.check(m);
          if (!c.ok) throw new Error(`${id}: ${m} refused`);
          s.advance(c.value);
          expect(s.tfen()).toBe(printed(s));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1_000);
    const alea = builtInVariant('alea-evangelii')!;
    for (const text of [
      '19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/19 d',
      '19/19/19/19/19/19/19/19/19/17K1/19/19/19/19/19/19/19/19/1t17 a',
    ]) {
      const s = GameState.fromTfen(alea, text);
      expect(s.ok && s.value.tfen()).toBe(text);
    }
  });

  it('R-12 canonical TFEN of the largest board a definition may have (25×25), every square occupied, and a row of 25 empty squares', () => {
    const size = 25;
    const cells = new Uint8Array(size * size);
    const letters = 'tT';
    for (let r = 0; r < size; r++) for (let f = 0; f < size; f++) cells[r * size + f] = PIECE_OF_LETTER[letters[(r + f) % 2]];
    const row = (r: number) => Array.from({ length: size }, (_, f) => letters[(r + f) % 2]).join('');
    const expected = Array.from({ length: size }, (_, i) => row(size - 1 - i)).join('/');
    expect(printBoardField({ size, cells })).toBe(expected);
    cells.fill(0, 0, size);
    expect(printBoardField({ size, cells }).split('/')).toEqual([...expected.split('/').slice(0, size - 1), '25']);
    expect(printBoardRow({ size, cells }, 1)).toBe(row(1));
  });

  it('accepts "_" in place of the space and prints the canonical form', () => {
    const r = GameState.fromTfen(brandubh, '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3_d');
    expect(r.ok && r.value.tfen()).toBe('3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 d');
  });

  it('reads two-digit counts (19×19)', () => {
    const r = parseTfen('19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/19 a', 19);
    expect(r.ok).toBe(true);
  });

  it('lists every problem with its code and offset', () => {
    const r = parseTfen('3t3/3t2/3X3/ttTKTtt/3T3/33t/3t3 x', 7);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'BAD_TFEN_ROW_WIDTH', offset: 4 }),
        expect.objectContaining({ code: 'BAD_TFEN_PIECE', offset: 9 }),
        // "33" is one count of thirty-three, so rank 2 is too wide.
        expect.objectContaining({ code: 'BAD_TFEN_ROW_WIDTH', offset: 24 }),
        expect.objectContaining({ code: 'BAD_TFEN_SIDE', offset: 32 }),
      ]),
    );
  });

  it('rejects a wrong number of ranks and a missing side', () => {
    const rows = parseTfen('7/7/7/3K3/7/7 a', 7);
    expect(!rows.ok && rows.error.map((e) => e.code)).toContain('BAD_TFEN_ROW_COUNT');
    const fields = parseTfen('7/7/7/3K3/7/7/7', 7);
    expect(!fields.ok && fields.error[0].code).toBe('BAD_TFEN_FIELDS');
    const zero = parseTfen('7/7/7/0K6/7/7/7 a', 7);
    expect(!zero.ok && zero.error.map((e) => e.code)).toContain('BAD_TFEN_COUNT');
  });

  it('rejects positions this variant cannot hold: two kings, commanders, pieces on restricted squares', () => {
    const twoKings = GameState.fromTfen(brandubh, '7/7/1K5/3K3/7/7/7 a');
    expect(!twoKings.ok && twoKings.error).toEqual([expect.objectContaining({ code: 'BAD_TFEN_KING_COUNT', offset: 5 })]);
    const commander = GameState.fromTfen(brandubh, '7/7/7/3KC2/7/7/7 a');
    expect(!commander.ok && commander.error[0].code).toBe('BAD_TFEN_PIECE_NOT_IN_VARIANT');
    const onCorner = GameState.fromTfen(brandubh, 't6/7/7/3K3/7/7/7 a');
    expect(!onCorner.ok && onCorner.error[0]).toMatchObject({ code: 'BAD_TFEN_RESTRICTED_SQUARE', offset: 0 });
  });

  it('accepts a king on a corner or throne and a position without a king', () => {
    expect(GameState.fromTfen(brandubh, 'K6/7/7/7/7/7/3t3 a').ok).toBe(true);
    expect(GameState.fromTfen(brandubh, '7/7/7/3K3/7/7/3t3 a').ok).toBe(true);
    expect(GameState.fromTfen(brandubh, '7/7/7/7/7/7/3t3 a').ok).toBe(true);
  });
});

describe('TFEN limits (hardening)', () => {
  it('refuses a position longer than the board can need with one problem, before reading it', () => {
    const r = parseTfen(`${'x'.repeat(130_000)} a`, 7);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual([expect.objectContaining({ code: 'BAD_TFEN_LENGTH' })]);
  });

  it(`lists at most ${MAX_TFEN_PROBLEMS} problems and counts the rest`, () => {
    const r = parseTfen(`${'xxxxxxxxxxxxxxxxxxx/'.repeat(18)}xxxxxxxxxxxxxxxxxxx a`, 19);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toHaveLength(MAX_TFEN_PROBLEMS + 1);
    expect(r.error[MAX_TFEN_PROBLEMS]).toMatchObject({ code: 'BAD_TFEN_MORE', message: expect.stringMatching(/^and \d+ more problem/) });
  });
});
