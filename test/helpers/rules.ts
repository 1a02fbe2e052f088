/**
 * The entry point for rule tests: draw a position (re-exported from diagram.ts), run the engine's
 * operations on a built-in variant, and compare outcomes. A rule test imports from this file only.
 */
import type { Outcome } from '../../src/engine';
import {
  ApplyMoveResult,
  EvaluateResult,
  IllegalMove,
  LegalMovesResult,
  ValidateGameResult,
  applyMove,
  evaluateOutcome,
  legalMoves,
  validateGame,
} from '../../src/engine';
import { builtInVariant } from '../../src/variants';

export { board19, FILES19, pieceAt, tfen } from './diagram';
export type { Placement } from './diagram';

function variant(id: string) {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`unexpected error: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** Plays `move` from `position` (after `moves`); throws if it is not legal. */
export function play(id: string, position: string | undefined, move: string, moves: string[] = []): ApplyMoveResult {
  return unwrap(applyMove(variant(id), { position, moves }, move));
}

/** The illegal-move answer for `move`; throws if the move is legal. */
export function illegal(id: string, position: string | undefined, move: string, moves: string[] = []): IllegalMove {
  const r = applyMove(variant(id), { position, moves }, move);
  if (r.ok) throw new Error(`expected ${move} to be illegal, it played as ${r.value.move.notation}`);
  if (r.error.kind !== 'illegal-move') throw new Error(`expected an illegal move, got ${JSON.stringify(r.error)}`);
  return r.error.illegal;
}

export function moves(id: string, position?: string, from?: string, history: string[] = []): LegalMovesResult {
  return unwrap(legalMoves(variant(id), { position, moves: history }, from));
}

export function evaluate(id: string, position?: string, history: string[] = []): EvaluateResult {
  return unwrap(evaluateOutcome(variant(id), { position, moves: history }));
}

export function validate(id: string, history: string[], position?: string): ValidateGameResult {
  return unwrap(validateGame(variant(id), { position, moves: history }));
}

export type Winner = 'attackers' | 'defenders' | 'draw';
export interface BriefOutcome {
  status: string;
  winner: string | null;
  reason: string | null;
}

/** The three normative fields of an outcome (api.md), for exact comparison. */
export function brief(o: Outcome | BriefOutcome): BriefOutcome {
  return { status: o.status, winner: o.winner, reason: o.reason };
}

export const ONGOING: BriefOutcome = { status: 'ongoing', winner: null, reason: null };
export const won = (winner: Winner, reason: string): BriefOutcome => ({ status: 'finished', winner, reason });

/** The moves of `cycle` played twice: a position that occurs for the third time at the last move. */
export function twice(cycle: string[]): string[] {
  return [...cycle, ...cycle];
}

/** One move of a table-driven rule test: where it is played, and what it must give. */
export interface MoveCase {
  variant: string;
  position: string;
  move: string;
  history?: string[];
  /** The move as the engine writes it: its captures follow `x`, separated by `/`. */
  notation: string;
  /** Left out where the rule under test says nothing about the outcome. */
  outcome?: BriefOutcome;
}

/** Plays a MoveCase and checks its notation, its captures (as the notation lists them) and its outcome. */
export function expectMove(c: MoveCase): ApplyMoveResult {
  const r = play(c.variant, c.position, c.move, c.history);
  expect(r.move.notation).toBe(c.notation);
  const captured = c.notation.split('x')[1];
  expect([...r.move.captures].sort()).toEqual(captured ? captured.split('/').sort() : []);
  if (c.outcome) expect(brief(r.outcome)).toEqual(c.outcome);
  return r;
}
