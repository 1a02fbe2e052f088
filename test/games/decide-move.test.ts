/**
 * decideMove, the one decision of a move both play paths make (api.md section 5), on made-up game rows:
 * the order of its refusals, and which stale plays are retries of a move already stored.
 */
import { loadState } from '../../src/engine';
import { decideMove, isRetry } from '../../src/games/acts/decide-move';
import { GameEntity } from '../../src/games/entities/game.entity';
import { builtInVariant } from '../../src/variants';
import { BRANDUBH_GAME, BRANDUBH_GAME_RICH, BRANDUBH_START } from './client';

const v = builtInVariant('brandubh')!;

/** The row of a Brandubh game after the first `n` moves of the recorded game, with its moves and state. */
function gameAfter(n: number, extra: Partial<GameEntity> = {}) {
  const state = loadState(v, { moves: BRANDUBH_GAME.slice(0, n) });
  if (!state.ok) throw new Error('the recorded game replays');
  const outcome = state.value.outcomeInfo();
  const game = Object.assign(new GameEntity(), {
    id: 'g',
    startPosition: BRANDUBH_START,
    position: state.value.tfen(),
    ply: n,
    status: outcome.status,
    winner: outcome.winner,
    reason: outcome.reason,
    computer: null,
    timeControl: null,
    clock: null,
    ...extra,
  });
  return { v, game, notations: BRANDUBH_GAME_RICH.slice(0, n), state: () => state.value };
}

const decide = (n: number, side: 'attackers' | 'defenders', move: string, expectedPly: number, extra: Partial<GameEntity> = {}) => {
  return decideMove(gameAfter(n, extra), { side, move, expectedPly, now: 0, byComputer: false });
};

describe('decideMove', () => {
  it.each([
    ['the next move of the side to move', 2, 'attackers', BRANDUBH_GAME[2], 2, 'play'],
    ['a stale ply', 2, 'attackers', BRANDUBH_GAME[2], 0, 'STALE_PLY'],
    ['a ply ahead', 2, 'attackers', BRANDUBH_GAME[2], 3, 'STALE_PLY'],
    ["the other side's turn", 2, 'defenders', 'c4-c5', 2, 'NOT_YOUR_TURN'],
    ['an illegal move', 2, 'attackers', 'd7-d5', 2, 'ILLEGAL_MOVE'],
    ['a retry of the last move', 2, 'defenders', BRANDUBH_GAME[1], 1, 'replayed'],
    ['a retry of an earlier move', 4, 'attackers', BRANDUBH_GAME[2], 2, 'replayed'],
  ] as const)('%s', (_what, n, side, move, expectedPly, expected) => {
    const d = decide(n, side, move, expectedPly);
    expect(d.kind === 'refused' ? d.problem.code : d.kind).toBe(expected);
  });

  it('a move on a finished game is GAME_OVER; a stale retry of its last move is still answered', () => {
    const d = decide(15, 'defenders', 'c4-c5', 15);
    expect(d.kind === 'refused' && d.problem.reason).toBe('GAME_OVER');
    expect(decide(15, 'attackers', BRANDUBH_GAME[14], 14).kind).toBe('replayed');
  });

  it("the side the service plays is refused to a person's token before anything else", () => {
    const d = decide(2, 'attackers', BRANDUBH_GAME[2], 0, { computer: { side: 'attackers', level: 1, budgetMs: 100 } });
    expect(d.kind === 'refused' && d.problem.code).toBe('NOT_YOUR_TURN');
  });
});

describe('isRetry', () => {
  // Ply 14 (index 14) is f5-e5xd5/e4: it captures a defender on d5 and the king on e4, and ends the game.
  const last = gameAfter(15);
  const retry = (move: string, side: 'attackers' | 'defenders' = 'attackers', expectedPly = 14) =>
    isRetry(last, { side, move, expectedPly });

  it.each([
    ['the move as stored', 'f5-e5xd5/e4', true],
    ['without its captures', 'f5-e5', true],
    ['without the hyphen, in upper case', 'F5E5', true],
    ['the king left out of the claim (R-1)', 'f5-e5xd5', true],
    ['the captures in another order', 'f5-e5xe4/d5', true],
    ['a capture it did not make', 'f5-e5xd5/e4/c5', false],
    ['the king alone, the defender left out', 'f5-e5xe4', false],
    ['another destination', 'f5-f6', false],
    ['not a move', 'f5', false],
  ])('%s: %s', (_what, move, expected) => {
    expect(retry(move)).toBe(expected);
  });

  it('only with the token of the side that made the move, and only for a ply that was played', () => {
    expect(retry('f5-e5', 'defenders')).toBe(false);
    expect(retry('f5-e5', 'attackers', 15)).toBe(false);
    expect(retry('f5-e5', 'attackers', -1)).toBe(false);
  });

  it('only the move that ended the game by capturing the king may leave a capture out', () => {
    // Ply 13 (e7-d7xd6) captured one attacker; the game went on after it.
    expect(isRetry(last, { side: 'defenders', move: 'e7-d7', expectedPly: 13 })).toBe(true);
    expect(isRetry(last, { side: 'defenders', move: 'e7-d7xd6', expectedPly: 13 })).toBe(true);
    expect(isRetry(gameAfter(14), { side: 'defenders', move: 'e7-d7x', expectedPly: 13 })).toBe(false);
  });
});
