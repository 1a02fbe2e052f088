/** Games from the engine's seeded random playouts (the speed bench's kind of game), in notation. */
import { GameState } from '../../src/engine/game-state';
import { generateMoves } from '../../src/engine/movegen';
import { Position } from '../../src/engine/position';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariant } from '../../src/variants';

/** The moves of a seeded random game of at most `plies` plies (fewer if it ends), and whether it is still going. */
export function playoutGame(id: string, seed: number, plies: number): { moves: string[]; ongoing: boolean } {
  const v = builtInVariant(id)!;
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  const pos = Position.start(v);
  randomPlayout(pos, seededRandom(seed), plies, buf, (p) => void generateMoves(p, buf));
  const codes: number[] = [];
  for (let i = pos.ply; i > 0; i--) {
    codes.unshift(pos.lastMove());
    pos.unmake();
  }
  const state = GameState.start(v);
  const moves = codes.map((m) => state.play(m).notation);
  return { moves, ongoing: state.outcomeInfo().status === 'ongoing' };
}
