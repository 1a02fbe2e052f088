/**
 * Whose turn it is, where turns may not alternate: under OpenTafl's berserk rule a move that captured
 * may leave the same side to move, its capturing piece (the berserker) bound to move again. The search
 * learns that a turn passed by comparing `pos.side` before and after `make`, never from ply parity;
 * only the few places that must know which piece is bound ask here.
 */
import { Position } from '../engine/position';

/** The cell of the piece that must move next, or -1 when none is pending (OTN-13). */
export function pendingBerserker(pos: Position): number {
  return pos.berserker;
}
