/**
 * The REST answer to a play as bytes: the text JSON.stringify gives of the PlayedMoveView, except that
 * a game played on a hot copy (hot-games.ts) has its move list taken from the copy's MovesJson instead
 * of serialised again: the one part of the answer that grows with the game.
 */
import type { GameView, PlayedMoveView } from './game.views';

const MOVES_ITEMS = Symbol('the move list as JSON items');
const EMPTY_MOVES = '"moves":[]';

type WithItems = GameView & { [MOVES_ITEMS]?: Buffer };

/** `items`: the game's moves as MovesJson.items() wrote them, standing for `view.moves` in the answer. */
export function withMovesItems<T extends GameView>(view: T, items: Buffer): T {
  Object.defineProperty(view, MOVES_ITEMS, { value: items, enumerable: false });
  return view;
}

/**
 * The answer's bytes in the order they are sent: one buffer, or (a hot game's) the text before the
 * moves, the moves as kept, and the rest, so that the longest part is sent from where it is kept
 * instead of being copied into a new buffer per answer (83 KiB at ply 10,000).
 */
export function playedMoveJson(played: PlayedMoveView): Buffer[] {
  const items = (played.game as WithItems)[MOVES_ITEMS];
  if (items !== undefined) {
    const text = JSON.stringify({ ...played, game: { ...played.game, moves: [] } });
    // The first `"moves":[]` is the game's: only its id, variant and start position come before, and a
    // quote inside a JSON string is escaped, so no string can hold that text.
    const at = text.indexOf(EMPTY_MOVES);
    if (at >= 0) {
      const open = at + EMPTY_MOVES.length - 1;
      return [Buffer.from(text.slice(0, open)), items, Buffer.from(text.slice(open))];
    }
  }
  return [Buffer.from(JSON.stringify(played))];
}
