import { applyMove, evaluateOutcome, legalMoves, validateGame } from '../../src/engine/operations';
import { builtInVariant } from '../../src/variants';

const copenhagen = builtInVariant('copenhagen')!;
const brandubh = builtInVariant('brandubh')!;

describe('operations (api.md section 4)', () => {
  it('legal moves: all, or from one square, with the side to move', () => {
    const all = legalMoves(copenhagen, {});
    expect(all.ok && all.value.count).toBe(116);
    expect(all.ok && all.value.sideToMove).toBe('attackers');
    const one = legalMoves(copenhagen, { moves: ['d1-d3'] }, 'f4');
    expect(one.ok && one.value.moves.map((m) => m.notation)).toEqual([
      'f4-b4',
      'f4-c4',
      'f4-d4',
      'f4-e4',
      'f4-f3',
      'f4-g4',
      'f4-h4',
      'f4-i4',
      'f4-j4',
    ]);
    const enemy = legalMoves(copenhagen, {}, 'f4');
    expect(enemy.ok && enemy.value.count).toBe(0);
    const bad = legalMoves(copenhagen, {}, 'z1');
    expect(!bad.ok && bad.error).toEqual({ kind: 'bad-input', errors: [expect.objectContaining({ code: 'BAD_SQUARE', field: 'from' })] });
  });

  it('apply move: the new position, the move with captures, the outcome; the index of an illegal move', () => {
    const r = applyMove(brandubh, { moves: ['d2-e2', 'c4-c5'] }, 'f4-f5');
    expect(r.ok && r.value).toEqual({
      position: '3t3/3t3/2TT1t1/tt1KT1t/3T3/4t2/3t3 d',
      sideToMove: 'defenders',
      move: { from: 'f4', to: 'f5', notation: 'f4-f5', captures: [] },
      outcome: { status: 'ongoing', winner: null, reason: null },
    });
    const wrong = applyMove(brandubh, { moves: ['d2-e2', 'c4-c5'] }, 'd5-d6');
    expect(!wrong.ok && wrong.error).toEqual({
      kind: 'illegal-move',
      illegal: { index: 2, move: 'd5-d6', reason: 'NOT_YOUR_PIECE', message: expect.any(String) },
    });
    const early = applyMove(brandubh, { moves: ['d2-e2', 'c4-c9'] }, 'f4-f5');
    expect(!early.ok && early.error.kind === 'illegal-move' && early.error.illegal).toMatchObject({
      index: 1,
      move: 'c4-c9',
      reason: 'BAD_SQUARE',
    });
  });

  it('validate game: every ply in rich notation, the final outcome (a recorded Brandubh game)', () => {
    // Line 5 of aagenielsen-brandubh-7x7.csv, capture marks removed (input is plain `from-to`).
    const moves = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');
    const r = validateGame(brandubh, { moves });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.valid).toBe(true);
    expect(r.value.plies).toHaveLength(15);
    expect(r.value.plies[13]).toEqual({ index: 13, move: { from: 'e7', to: 'd7', notation: 'e7-d7xd6', captures: ['d6'] } });
    // The record marks the game "Black" (attackers won): the last move takes d5 and the king on e4.
    expect(r.value.plies[14].move.captures).toEqual(['d5', 'e4']);
    expect(r.value.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    expect(r.value.error).toBeNull();
  });

  it('validate game: an illegal move is a normal answer with the plies before it', () => {
    const r = validateGame(brandubh, { moves: ['d2-e2', 'c4-c5', 'e2-e2'] });
    expect(r.ok && r.value).toMatchObject({
      valid: false,
      plies: [{ index: 0 }, { index: 1 }],
      error: { index: 2, move: 'e2-e2', reason: 'NOT_STRAIGHT' },
    });
  });

  it('bad input is refused with the offending field, changing nothing', () => {
    const notArray = evaluateOutcome(brandubh, { moves: 'd2-e2' as never });
    expect(!notArray.ok && notArray.error).toEqual({
      kind: 'bad-input',
      errors: [expect.objectContaining({ code: 'BAD_MOVES', field: 'moves' })],
    });
    const notString = evaluateOutcome(brandubh, { moves: ['d2-e2', 7] });
    expect(!notString.ok && notString.error).toEqual({ kind: 'bad-input', errors: [expect.objectContaining({ field: 'moves[1]' })] });
    const badTfen = evaluateOutcome(brandubh, { position: '3t3/3t3 a' });
    expect(!badTfen.ok && badTfen.error.kind === 'bad-input' && badTfen.error.errors[0]).toMatchObject({
      code: 'BAD_TFEN_ROW_COUNT',
      field: 'position',
    });
  });

  it('evaluate: a finished game answers its outcome, and legal moves are then empty', () => {
    const position = '7/7/7/7/7/7/3t3 a';
    const r = evaluateOutcome(brandubh, { position });
    expect(r.ok && r.value.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    const lm = legalMoves(brandubh, { position });
    expect(lm.ok && lm.value).toMatchObject({ moves: [], count: 0 });
    const move = applyMove(brandubh, { position }, 'd1-d2');
    expect(!move.ok && move.error.kind === 'illegal-move' && move.error.illegal.reason).toBe('GAME_OVER');
  });
});
