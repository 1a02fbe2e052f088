/**
 * A sentence for each outcome reason, as every answer's `outcome.detail` gives it. It lives beside the
 * reasons so the service and @tafl/rules (which answers the same shapes locally) share one copy.
 */
import type { Outcome } from './game-state.js';
import type { OutcomeReason } from './values.js';

export const OUTCOME_DETAILS: Record<OutcomeReason, string> = {
  king_escaped: 'the king reached an escape square',
  exit_fort: 'the king stands on the edge inside an unbreakable fort (exit fort)',
  king_captured: 'the king was captured',
  encircled: 'the attackers surround every defender',
  repetition: 'the last move repeated a position',
  no_legal_moves: 'the side to move has no legal move',
  both_immobile: 'neither side can move',
  resigned: 'a side resigned',
  draw_agreed: 'the players agreed a draw',
  timeout: 'a side ran out of time',
  engine_failure: 'the external engine playing a side crashed, answered an illegal move or overran its time',
};

/** An outcome as answered: `detail` is always present (null while ongoing). */
export interface OutcomeAnswer extends Outcome {
  detail: string | null;
}

export function outcomeWithDetail(o: Outcome): OutcomeAnswer {
  return { status: o.status, winner: o.winner, reason: o.reason, detail: o.reason ? OUTCOME_DETAILS[o.reason] : null };
}
