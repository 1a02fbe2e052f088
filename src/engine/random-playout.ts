/** Random playouts with full rules: a uniformly random legal move each ply, up to a ply cap. */
import { NLM_PASS } from './compiled-variant.js';
import { generateMoves } from './movegen.js';
import { outcomeAfterMove, outcomeAtStart } from './outcome.js';
import { ONGOING } from './outcome-codes.js';
import { PASS, Position } from './position.js';

export { seededRandom } from './random.js';

export interface PlayoutResult {
  plies: number;
  outcome: number;
}

/**
 * Plays random legal moves on `pos` until the game ends or `maxPlies` moves were made. `visit`, when
 * given, sees the position before each move.
 */
export function randomPlayout(
  pos: Position,
  random: () => number,
  maxPlies: number,
  buf: Int32Array,
  visit?: (pos: Position) => void,
): PlayoutResult {
  const passes = pos.v.noLegalMove === NLM_PASS;
  let outcome = outcomeAtStart(pos);
  let plies = 0;
  while (outcome === ONGOING && plies < maxPlies) {
    if (visit) visit(pos);
    const n = generateMoves(pos, buf);
    let move: number;
    if (n === 0) {
      if (!passes) break; // cannot happen: outcome would have said no_legal_moves
      move = PASS;
    } else move = buf[random() % n];
    pos.make(move);
    plies++;
    outcome = outcomeAfterMove(pos);
  }
  return { plies, outcome };
}
