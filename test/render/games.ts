/** Reproducible games for the picture tests: seeded random legal moves, in notation. */
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { seededRandom } from '../../src/engine/random';

/** `plies` legal moves from the start; the seed is moved on until a game lasts that long. */
export function randomGame(v: CompiledVariant, plies: number, seed = 1): string[] {
  for (let s = seed; s < seed + 100; s++) {
    const random = seededRandom(s);
    const game = GameState.start(v);
    const moves: string[] = [];
    while (moves.length < plies) {
      const legal = game.legalMoves();
      if (legal.length === 0) break;
      const move = legal[random() % legal.length].notation;
      const checked = game.check(move);
      if (!checked.ok) throw new Error(`generated an illegal move ${move}`);
      game.play(checked.value);
      moves.push(move);
    }
    if (moves.length === plies) return moves;
  }
  throw new Error(`no random ${v.id} game of ${plies} plies`);
}
