/**
 * The attackers against king escapes: a king that reaches a square with two open routes (a fork) wins,
 * since one move blocks one route. The attackers to move must stop him reaching it, even when a capture
 * tempts them elsewhere; the evaluation counts such squares against them, so a search whose horizon
 * ends with the attackers to move still sees the danger. Each answer is judged with the engine alone
 * (helpers.ts): after a safe move the defenders have no win in one and no forced win in three.
 */
import { Position } from '../../src/engine/position';
import { suggest } from '../../src/search';
import { kingRoutesTerm } from '../../src/search/eval-king-routes';
import { tablesOf } from '../../src/search/eval-tables';
import { forcesWinIn3, legalMoves, moveName, positionAt, tfen, variant, winningMoves } from './helpers';

/** A seeded search stops at its node limit, never on this clock (see search.test.ts). */
const STILL_CLOCK = { now: () => 0 };

/** Does the attackers' move leave the defenders a win in one or a forced win in three? */
function allowsEscape(pos: Position, move: number): boolean {
  pos.make(move);
  const lost = legalMoves(pos).some((d) => winningMoves(pos).includes(d) || forcesWinIn3(pos, d));
  pos.unmake();
  return lost;
}

describe('the attackers stop a king fork', () => {
  // The king on c3 threatens c3-c1, from where a1 (past b1) and g1 (past d1-f1) are both open. The one
  // saving move is f2-c2, across his path; e7-e5 (capturing f5 against g5) and the blocks of one route
  // on rank 1 lose.
  const position = tfen(
    `
    7 + . . . t . +
    6 . . . . . . .
    5 . . . . . T t
    4 . . T + . . .
    3 . T K . t . .
    2 . . . . . t .
    1 + . . . . . +
      a b c d e f g
    `,
    'a',
  );

  it('only f2-c2 saves the game (checked with the engine alone)', () => {
    const pos = positionAt('brandubh', position);
    const v = pos.v;
    const safe = legalMoves(pos).filter((m) => !allowsEscape(pos, m));
    expect(safe.map((m) => moveName(v, m))).toEqual(['f2-c2']);
  });

  it.each([1, 5, 10])('level %i blocks the path to the fork instead of capturing on e5', (level) => {
    const v = variant('brandubh');
    const pos = positionAt('brandubh', position);
    for (const seed of [1, 2, 3]) {
      const r = suggest(v, pos, { level, budgetMs: 300, seed }, STILL_CLOCK);
      expect(moveName(v, r.bestMove!), `seed ${seed}`).toBe('f2-c2');
    }
  });

  it('the evaluation counts the fork square against the attackers, on top of its threat', () => {
    const v = variant('brandubh');
    const t = tablesOf(v);
    const routes = (p: Position) => kingRoutesTerm(v, t, p.board, p.kingSq);
    // The same board with an attacker on f1: c1 keeps one route (to a1), a threat but no fork. The
    // king's moves are the same, so the king-routes term differs by the fork alone.
    const fork = positionAt('brandubh', position);
    const single = positionAt('brandubh', position.replace('/7 a', '/5t1 a'));
    expect(routes(single) - routes(fork)).toBe(t.w.fork);
    expect(t.w.fork).toBeGreaterThan(t.w.threat);
  });
});
