/**
 * The frames of an animation: the start position, then the board after each ply with that ply's
 * move and captures marked. Callers check the frame count (MAX_GIF_FRAMES) before replaying, so a
 * long move list costs nothing here.
 */
import type { CompiledVariant } from '../engine/compiled-variant.js';
import { GameState, IllegalMove } from '../engine/game-state.js';
import { cellOf } from '../engine/geometry.js';
import { Position } from '../engine/position.js';
import { Result, err, ok } from '../engine/result.js';
import type { BoardGrid } from '../engine/tfen.js';
import type { MoveSquares, PictureOptions, ThreatMarks } from './options.js';
import { renderSvg } from './svg.js';
import { threatMarksOf } from './threat-marks.js';

export interface Frame {
  board: BoardGrid;
  /** Null at the start and after a pass. */
  lastMove: MoveSquares | null;
  captures: string[];
  /** The threats of the frame's position, when the animation draws them. */
  threats?: ThreatMarks | null;
}

function snapshot(pos: Position): BoardGrid {
  const g = pos.v.geo;
  const cells = new Uint8Array(g.size * g.size);
  for (let r = 0; r < g.size; r++) for (let f = 0; f < g.size; f++) cells[r * g.size + f] = pos.board[cellOf(g, f, r)];
  return { size: g.size, cells };
}

/**
 * Plays `moves` (any accepted notation) from `start`, which is left as it was. `threats`: each frame
 * carries the threats of its position (found as it is reached: the game's history counts).
 */
export function gameFrames(start: Position, moves: readonly unknown[], threats = false): Result<Frame[], IllegalMove> {
  const game = GameState.fromPosition(new Position(start.v, start.board, start.side));
  const marks = () => (threats ? { threats: threatMarksOf(game) } : {});
  const frames: Frame[] = [{ board: snapshot(game.pos), lastMove: null, captures: [], ...marks() }];
  for (let i = 0; i < moves.length; i++) {
    const checked = game.check(moves[i]);
    if (!checked.ok) return err({ index: i, move: moves[i], ...checked.error });
    const info = game.play(checked.value);
    const lastMove = info.from !== null && info.to !== null ? { from: info.from, to: info.to } : null;
    frames.push({ board: snapshot(game.pos), lastMove, captures: info.captures, ...marks() });
  }
  return ok(frames);
}

/** One SVG per frame, every one drawn with the same options plus its own move marks. */
export function framesToSvg(
  variant: CompiledVariant,
  frames: readonly Frame[],
  options: Omit<PictureOptions, 'lastMove' | 'captures' | 'threats'> = {},
): string[] {
  return frames.map((f) => renderSvg(variant, f.board, { ...options, lastMove: f.lastMove, captures: f.captures, threats: f.threats }));
}
