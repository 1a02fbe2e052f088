/**
 * The operations of api.md section 4 answered in the caller's process, with the service's shapes: a
 * front-end can show legal destinations while a piece is dragged without a round trip, and a bot can
 * check a move before it sends it. Transports add nothing to these answers but picture links.
 */
import * as ops from '../engine/operations.js';
import { GameState } from '../engine/game-state.js';
import type { MoveInfo } from '../engine/game-state.js';
import { operationProblem } from '../engine/operation-problems.js';
import { outcomeWithDetail } from '../engine/outcome-details.js';
import type { OutcomeAnswer } from '../engine/outcome-details.js';
import { perft as countPerft } from '../engine/perft.js';
import { err, ok } from '../engine/result.js';
import type { Result } from '../engine/result.js';
import type { IllegalReason, SideName } from '../engine/values.js';
import type { CompiledVariant } from '../engine/compiled-variant.js';
import { RulesError } from './problems.js';
import type { RulesProblem } from './problems.js';
import { variantOf } from './variant-choice.js';
import type { VariantChoice } from './variant-choice.js';

/** A game state (api.md section 3): a variant, then `position` (or its start), then `moves` in order. */
export interface GameStateInput extends VariantChoice {
  position?: string | null;
  moves?: readonly string[] | null;
}

export type Answer<T> = Result<T, RulesProblem>;

export interface LegalMoves {
  position: string;
  sideToMove: SideName;
  moves: MoveInfo[];
  count: number;
}

export interface AppliedMove {
  position: string;
  sideToMove: SideName;
  move: MoveInfo;
  outcome: OutcomeAnswer;
}

export interface Evaluation {
  position: string;
  sideToMove: SideName;
  outcome: OutcomeAnswer;
}

export interface GameValidation {
  valid: boolean;
  plies: { index: number; move: MoveInfo }[];
  position: string;
  sideToMove: SideName;
  outcome: OutcomeAnswer;
  error: { index: number; move: string; reason: IllegalReason; message: string } | null;
}

function run<T>(state: GameStateInput, op: (v: CompiledVariant, s: ops.GameStateInput) => ops.OperationResult<T>): Answer<T> {
  const v = variantOf(state);
  if (!v.ok) return v;
  const r = op(v.value, { position: state.position, moves: state.moves });
  return r.ok ? r : err(operationProblem(r.error, state.moves?.length ?? 0));
}

/** Every legal move of the side to move (of the piece on `from` only, when given). */
export function legalMoves(state: GameStateInput, from?: string | null): Answer<LegalMoves> {
  return run(state, (v, s) => ops.legalMoves(v, s, from));
}

/** The position after `move`, what it captured and the outcome (nothing is stored anywhere). */
export function applyMove(state: GameStateInput, move: string): Answer<AppliedMove> {
  const r = run(state, (v, s) => ops.applyMove(v, s, move));
  return r.ok ? ok({ ...r.value, outcome: outcomeWithDetail(r.value.outcome) }) : r;
}

/** Whether the game of `state` is over, who won and why. */
export function evaluateOutcome(state: GameStateInput): Answer<Evaluation> {
  const r = run(state, ops.evaluateOutcome);
  return r.ok ? ok({ ...r.value, outcome: outcomeWithDetail(r.value.outcome) }) : r;
}

/** A whole game checked: an illegal move is a normal answer here (`valid: false`, the plies before it). */
export function validateGame(state: GameStateInput): Answer<GameValidation> {
  const r = run(state, ops.validateGame);
  if (!r.ok) return r;
  const e = r.value.error;
  return ok({
    ...r.value,
    outcome: outcomeWithDetail(r.value.outcome),
    error: e ? { index: e.index, move: String(e.move), reason: e.reason, message: e.message } : null,
  });
}

/**
 * The state of `state` as an object to play on move by move (`check`, `play`, `legalMoves`), for
 * callers that keep a game in memory instead of replaying it on every question.
 */
export function loadGame(state: GameStateInput): Answer<GameState> {
  return run(state, ops.loadState);
}

/**
 * The number of move sequences of `depth` plies from `position` (the variant's start when null);
 * positions that end the game are not expanded. Throws a RulesError on a bad variant or position.
 */
export function perft(variant: string | VariantChoice, position: string | null, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError('depth must be a whole number from 0');
  const game = loadGame({ ...(typeof variant === 'string' ? { variant } : variant), position });
  if (!game.ok) throw new RulesError(game.error);
  return countPerft(game.value.pos, depth);
}
