/**
 * Helpers of the search tests: positions from drawn diagrams, moves by name, and brute-force checks
 * with the engine alone (no search), so a test judges the search's answer independently of it.
 */
import { CompiledVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { cellOfName } from '../../src/engine/geometry';
import { generateMoves } from '../../src/engine/movegen';
import { outcomeAfterMove } from '../../src/engine/outcome';
import { ONGOING, outcomeWinner } from '../../src/engine/outcome-codes';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';

export { board19, tfen } from '../helpers/diagram';

export function variant(id: string): CompiledVariant {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

/** A game from a TFEN position, with no history. */
export function gameAt(id: string, position: string): GameState {
  const g = GameState.fromTfen(variant(id), position);
  if (!g.ok) throw new Error(`bad position: ${JSON.stringify(g.error)}`);
  return g.value;
}

export function positionAt(id: string, position: string): Position {
  return gameAt(id, position).pos;
}

/** `from-to` of an engine move. */
export function moveName(v: CompiledVariant, m: number): string {
  return m === 0 ? 'pass' : `${v.names[m >> 10]}-${v.names[m & 1023]}`;
}

export function moveOf(v: CompiledVariant, text: string): number {
  const [from, to] = text.split('-');
  return (cellOfName(v.geo, from) << 10) | cellOfName(v.geo, to);
}

function legal(pos: Position): number[] {
  const buf = new Int32Array(4 * pos.v.geo.size * pos.v.geo.size);
  return Array.from(buf.subarray(0, generateMoves(pos, buf)));
}

/** Does `move` end the game with a win for the side playing it? */
export function winsAtOnce(pos: Position, move: number): boolean {
  const mover = pos.side;
  pos.make(move);
  const o = outcomeAfterMove(pos);
  pos.unmake();
  return o !== ONGOING && outcomeWinner(o) === mover + 1;
}

/** Every move of the side to move that wins at once. */
export function winningMoves(pos: Position): number[] {
  return legal(pos).filter((m) => winsAtOnce(pos, m));
}

/**
 * Is `move` a forced win in 3 plies: it does not end the game, and after every reply the mover has a
 * winning move (checked exhaustively)?
 */
export function forcesWinIn3(pos: Position, move: number): boolean {
  pos.make(move);
  let forced = outcomeAfterMove(pos) === ONGOING;
  const replies = forced ? legal(pos) : [];
  if (replies.length === 0) forced = false;
  for (const r of replies) {
    if (!forced) break;
    pos.make(r);
    if (outcomeAfterMove(pos) !== ONGOING || winningMoves(pos).length === 0) forced = false;
    pos.unmake();
  }
  pos.unmake();
  return forced;
}

/** Moves of the side to move after which the opponent can win at once. */
export function blunders(pos: Position): number[] {
  return legal(pos).filter((m) => {
    pos.make(m);
    const lost = outcomeAfterMove(pos) === ONGOING && winningMoves(pos).length > 0;
    pos.unmake();
    return lost;
  });
}

export function legalMoves(pos: Position): number[] {
  return legal(pos);
}
