/**
 * Long legal games for the stored-games tests: seeded random moves that never end the game (no king
 * escape or capture, no repetition loss), so that a test can import one and play on. Not a test file.
 */
import { GameState, ONGOING, Position, generateMoves, outcomeAfterMove } from '../../src/engine';
import { seededRandom } from '../../src/engine/random';
import { builtInVariant } from '../../src/variants';

/** `plies` moves (`f4-f7`) of `variant` from its start, the game still going on after them. */
export function longGame(variant: string, plies: number, seed = 1): string[] {
  const v = builtInVariant(variant)!;
  const random = seededRandom(seed);
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  const pos = Position.start(v);
  const played: number[] = [];
  while (played.length < plies) {
    const candidates = Array.from(buf.subarray(0, generateMoves(pos, buf)));
    let chosen = -1;
    while (chosen < 0 && candidates.length > 0) {
      const [move] = candidates.splice(random() % candidates.length, 1);
      pos.make(move);
      if (outcomeAfterMove(pos) === ONGOING) chosen = move;
      else pos.unmake();
    }
    if (chosen < 0) return longGame(variant, plies, seed + 1);
    played.push(chosen);
  }
  const state = GameState.start(v);
  return played.map((m) => state.play(m)).map((info) => `${info.from}-${info.to}`);
}

/** An OpenTafl record of `moves` for POST /v1/games/import (with the variant named in the request). */
export function recordOf(moves: string[]): string {
  const turns: string[] = [];
  for (let i = 0; i < moves.length; i += 2) turns.push(`${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}`);
  return `${turns.join('\n')}\n`;
}
