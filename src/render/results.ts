/** A finished game's result as the boards say it, in words their glyphs can draw (letters a–y). */
import type { Outcome, OutcomeReason } from '../engine/game-state.js';

const HOW: Record<OutcomeReason, string> = {
  king_escaped: 'escape',
  exit_fort: 'exit fort',
  king_captured: 'capture of the king',
  encircled: 'encirclement',
  repetition: 'repetition',
  no_legal_moves: 'leaving no legal move',
  both_immobile: 'both sides immobile',
  resigned: 'resignation',
  draw_agreed: 'agreement',
  timeout: 'time',
  engine_failure: 'engine failure',
};

/** "attackers win by capture of the king", "draw by agreement"; null while the game goes on. */
export function resultWords(outcome: Outcome): string | null {
  if (outcome.status !== 'finished' || outcome.reason === null) return null;
  const who = outcome.winner === 'draw' ? 'draw' : `${outcome.winner} win`;
  return `${who} by ${HOW[outcome.reason]}`;
}
