/**
 * The threats of a game as the pictures draw them: the engine finds them (engine/threats.ts), this
 * only turns them into squares. A king the side to move captures gets the king's mark alone, not the
 * hanging mark as well: one mark a square reads better.
 */
import type { GameState } from '../engine/game-state.js';
import { Threats, threatsOf } from '../engine/threats.js';
import type { ThreatMarks } from './options.js';

/** The marks of `t`. */
export function threatMarks(t: Threats): ThreatMarks {
  const kings = new Set(t.kingCapturable.length ? t.hanging.filter((h) => h.piece === 'K').map((h) => h.square) : []);
  return {
    kingRoutes: t.kingRoutes.map((r) => ({ from: r.from, route: r.route })),
    kingCapturable: [...kings],
    hanging: t.hanging.filter((h) => !kings.has(h.square)).map((h) => h.square),
  };
}

/** The marks of `state`'s position; `over` (a result decided off the board, e.g. a resignation): none. */
export function threatMarksOf(state: GameState, over = false): ThreatMarks {
  return over ? {} : threatMarks(threatsOf(state));
}
