/** Games from the engine's seeded random playouts (the speed bench's kind of game). */
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { generateMoves } from '../../src/engine/movegen';
import { Position } from '../../src/engine/position';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariant } from '../../src/variants';

/** The game after a seeded random playout of `v` of at most `plies` plies, replayed with its history. */
export function playoutState(v: CompiledVariant, seed: number, plies: number): GameState {
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  const pos = Position.start(v);
  randomPlayout(pos, seededRandom(seed), plies, buf, (p) => void generateMoves(p, buf));
  const codes: number[] = [];
  for (let i = pos.ply; i > 0; i--) {
    codes.unshift(pos.lastMove());
    pos.unmake();
  }
  const state = GameState.start(v);
  for (const m of codes) state.advance(m);
  return state;
}

/** The moves of a seeded random game of at most `plies` plies (fewer if it ends), and whether it is still going. */
export function playoutGame(id: string, seed: number, plies: number): { moves: string[]; ongoing: boolean } {
  const state = playoutState(builtInVariant(id)!, seed, plies);
  return { moves: state.plies.map((m) => m.notation), ongoing: state.outcomeInfo().status === 'ongoing' };
}
