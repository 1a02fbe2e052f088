/** Plays OpenTafl rules strings in tests: their variant, and the stateless operations after some moves. */
import { CompiledVariant, applyMove, compileVariant, evaluateOutcome, legalMoves } from '../../src/engine';
import type { ApplyMoveResult, EvaluateResult } from '../../src/engine';
import { parseOtn } from '../../src/records/otn-parse';

export function otnVariant(otn: string): CompiledVariant {
  const parsed = parseOtn(otn);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return compileVariant('t', parsed.value.rules);
}

/** The legal moves after `history` (of the piece on `from` only, when given), by notation, sorted. */
export function notationsAfter(v: CompiledVariant, history: string[], from?: string): string[] {
  const r = legalMoves(v, { moves: history }, from);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.moves.map((m) => m.notation).sort();
}

export function playAfter(v: CompiledVariant, move: string, history: string[] = []): ApplyMoveResult {
  const r = applyMove(v, { moves: history }, move);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

export function evaluateAfter(v: CompiledVariant, history: string[]): EvaluateResult {
  const r = evaluateOutcome(v, { moves: history });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
