/**
 * Game review (api.md section 16) in the search pool: planted blunders, an only move and a forced
 * reply marked, bands applied, seeded reviews identical. The pool runs the compiled worker (`npm test`
 * builds first).
 */
import { GameState } from '../../src/engine/game-state';
import { builtInVariant } from '../../src/variants';
import { MARK_BANDS, MATE, SCORE_CAP, SearchPool, capScore, lossOf, markOf, planReview, reviewGame } from '../../src/search';
import type { GameReview } from '../../src/search';

const copenhagen = builtInVariant('copenhagen')!;
let pool: SearchPool;
beforeAll(() => {
  pool = new SearchPool({ workers: 1 });
});
afterAll(() => pool.close());

async function review(position: string | null, moves: string[], seed = 7): Promise<GameReview> {
  const plan = planReview(copenhagen, { position, moves });
  if (!plan.ok) throw new Error(JSON.stringify(plan.error));
  const r = await reviewGame(pool, plan.value, { level: 10, budgetMsPerPly: 100, seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// Copenhagen. The king on a3 reaches the corner a1 through a2; attackers on b3, b4 and a5 keep it on
// the a-file, and d2 alone can close a2.
// 8 . . . . . T . . . . .     (a defender soldier, in the first position only)
// 5 t . . . . . . . . . .
// 4 . t . . . . . . . . .
// 3 K t . . . . . . . . .
// 2 . . . t . . . . . . .
// 1 # . . . . . . . . . #
//   a b c d e f g h i j k
const DEFENDERS_TO_MOVE = '11/11/11/5T5/11/11/t10/1t9/Kt9/3t7/11 d';
const ATTACKERS_TO_MOVE = '11/11/11/11/11/11/t10/1t9/Kt9/3t7/11 a';

describe('marks', () => {
  it('scores are capped: a won game counts SCORE_CAP, so a slower win loses nothing', () => {
    expect(capScore(MATE - 1)).toBe(SCORE_CAP);
    expect(capScore(-(MATE - 4))).toBe(-SCORE_CAP);
    expect(lossOf(MATE - 1, MATE - 5)).toBe(0);
    expect(lossOf(MATE - 1, 200)).toBe(SCORE_CAP - 200);
    expect(lossOf(100, 300)).toBe(0);
  });

  it('the bands of each family decide good, inaccuracy, mistake and blunder', () => {
    const b = MARK_BANDS.corner;
    const at = (loss: number) => markOf({ forced: false, best: false, loss, bestScore: 0, secondScore: null }, b);
    expect(at(b.inaccuracy - 1)).toBe('good');
    expect(at(b.inaccuracy)).toBe('inaccuracy');
    expect(at(b.mistake)).toBe('mistake');
    expect(at(b.blunder)).toBe('blunder');
    expect(markOf({ forced: true, best: true, loss: 0, bestScore: 0, secondScore: null }, b)).toBe('forced');
    expect(markOf({ forced: false, best: true, loss: 0, bestScore: 50, secondScore: 50 - b.blunder }, b)).toBe('only');
    expect(markOf({ forced: false, best: true, loss: 0, bestScore: 50, secondScore: 50 - b.blunder + 1 }, b)).toBe('best');
  });
});

describe('reviewGame', () => {
  it('R-13 a missed escape in one is a blunder: the king could reach a1, the defenders moved a soldier', async () => {
    const r = await review(DEFENDERS_TO_MOVE, ['f8-f9']);
    expect(r.plies).toHaveLength(1);
    expect(r.plies[0]).toMatchObject({
      ply: 1,
      side: 'defenders',
      move: 'f8-f9',
      bestMove: 'a3-a1',
      scoreBefore: MATE - 1,
      mark: 'blunder',
    });
    expect(r.plies[0].loss).toBeGreaterThanOrEqual(MARK_BANDS.corner.blunder);
    expect(r.sides.defenders).toMatchObject({ moves: 1, averageLoss: r.plies[0].loss });
    expect(r.sides.defenders.marks.blunder).toBe(1);
  });

  it('the one move that stops an escape is "only"; the king\'s single legal reply is "forced"', async () => {
    const r = await review(ATTACKERS_TO_MOVE, ['d2-a2', 'a3-a4']);
    expect(r.plies.map((p) => [p.move, p.mark])).toEqual([
      ['d2-a2', 'only'],
      ['a3-a4', 'forced'],
    ]);
    expect(r.plies[0].loss).toBe(0);
  });

  it('R-13 missing that one move is a blunder, and the escape that follows wins in one', async () => {
    const r = await review(ATTACKERS_TO_MOVE, ['d2-d1', 'a3-a1']);
    expect(r.plies[0]).toMatchObject({ move: 'd2-d1', bestMove: 'd2-a2', mark: 'blunder' });
    // The defenders win with the next move: the position after it is lost in one.
    expect(r.plies[0].scoreAfter).toBe(-(MATE - 1));
    expect(r.plies[1]).toMatchObject({ move: 'a3-a1', bestMove: 'a3-a1', scoreBefore: MATE - 1, scoreAfter: MATE - 1, loss: 0 });
    expect(['best', 'only']).toContain(r.plies[1].mark);
  });

  it('a seeded review is the same every time', async () => {
    // Four plies from the start: each side's last legal move in the listing's order.
    const s = GameState.start(copenhagen);
    const moves: string[] = [];
    for (let i = 0; i < 4; i++) {
      const checked = s.check(s.legalMoves().at(-1)!.notation);
      if (!checked.ok) throw new Error(checked.error.message);
      moves.push(s.play(checked.value).notation);
    }
    const a = await review(null, moves, 11);
    const b = await review(null, moves, 11);
    expect(b).toEqual({ ...a, searchMs: b.searchMs });
    expect(a.plies.map((p) => p.ply)).toEqual([1, 2, 3, 4]);
  });
});
