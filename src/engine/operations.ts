/**
 * The operations of api.md section 4 over one variant, as plain data in and out. Transports (REST,
 * GraphQL) only map these results; they add no rules.
 */
import { CompiledVariant } from './compiled-variant.js';
import { GameState, IllegalMove, MoveInfo, Outcome, SideName } from './game-state.js';
import { cellOfName } from './geometry.js';
import { Problem, Result, err, ok } from './result.js';

export interface GameStateInput {
  position?: string | null;
  moves?: readonly unknown[] | null;
}

export type InputError = { kind: 'bad-input'; errors: Problem[] };
export type IllegalMoveError = { kind: 'illegal-move'; illegal: IllegalMove };
export type OperationError = InputError | IllegalMoveError;
export type OperationResult<T> = Result<T, OperationError>;

export interface PlyRecord {
  index: number;
  move: MoveInfo;
}

export interface ValidateGameResult {
  valid: boolean;
  plies: PlyRecord[];
  position: string;
  sideToMove: SideName;
  outcome: Outcome;
  error: IllegalMove | null;
}

export interface LegalMovesResult {
  position: string;
  sideToMove: SideName;
  moves: MoveInfo[];
  count: number;
}

export interface ApplyMoveResult {
  position: string;
  sideToMove: SideName;
  move: MoveInfo;
  outcome: Outcome;
}

export interface EvaluateResult {
  position: string;
  sideToMove: SideName;
  outcome: Outcome;
}

const badInput = (errors: Problem[]): Result<never, InputError> => err({ kind: 'bad-input', errors });

/**
 * Plays `input.moves` from the start (or `input.position`), stopping at the first illegal move: the
 * state reached so far comes back with it, since validateGame answers the plies before it.
 */
function replay(v: CompiledVariant, input: GameStateInput): Result<{ state: GameState; illegal: IllegalMove | null }, InputError> {
  let state: GameState;
  if (input.position !== undefined && input.position !== null) {
    if (typeof input.position !== 'string')
      return badInput([{ code: 'BAD_TFEN', field: 'position', message: 'position must be a TFEN string' }]);
    const loaded = GameState.fromTfen(v, input.position);
    if (!loaded.ok) return badInput(loaded.error.map((e) => ({ ...e, field: 'position' })));
    state = loaded.value;
  } else state = GameState.start(v, Array.isArray(input.moves) ? input.moves.length : 0);
  const moves = input.moves ?? [];
  if (!Array.isArray(moves)) return badInput([{ code: 'BAD_MOVES', field: 'moves', message: 'moves must be an array of strings' }]);
  const typeErrors: Problem[] = [];
  moves.forEach((m, i) => {
    if (typeof m !== 'string') typeErrors.push({ code: 'BAD_MOVES', field: `moves[${i}]`, message: 'every move must be a string' });
  });
  if (typeErrors.length) return badInput(typeErrors);
  for (let i = 0; i < moves.length; i++) {
    const checked = state.check(moves[i]);
    if (!checked.ok) return ok({ state, illegal: { index: i, move: moves[i], ...checked.error } });
    state.advance(checked.value);
  }
  return ok({ state, illegal: null });
}

/** The state after `input`, or why it cannot be built (bad input, or the first illegal move). */
export function loadState(v: CompiledVariant, input: GameStateInput): OperationResult<GameState> {
  const r = replay(v, input);
  if (!r.ok) return r;
  if (r.value.illegal) return err({ kind: 'illegal-move', illegal: r.value.illegal });
  return ok(r.value.state);
}

/** A whole game for a tournament site: an illegal move is a normal answer here (valid: false). */
export function validateGame(v: CompiledVariant, input: GameStateInput): OperationResult<ValidateGameResult> {
  const r = replay(v, input);
  if (!r.ok) return r;
  const { state: s, illegal } = r.value;
  return ok({
    valid: illegal === null,
    plies: s.plies.map((move, index) => ({ index, move })),
    position: s.tfen(),
    sideToMove: s.sideToMove(),
    outcome: s.outcomeInfo(),
    error: illegal,
  });
}

/** The state and the square (undefined: every piece) whose moves legalMoves lists, checked as it checks them. */
export function legalMovesQuery(
  v: CompiledVariant,
  input: GameStateInput,
  from?: string | null,
): OperationResult<{ state: GameState; from: number | undefined }> {
  const r = loadState(v, input);
  if (!r.ok) return r;
  if (from === undefined || from === null) return ok({ state: r.value, from: undefined });
  const fromCell = typeof from === 'string' ? cellOfName(v.geo, from.trim().toLowerCase()) : -1;
  if (fromCell < 0) {
    return badInput([
      { code: 'BAD_SQUARE', field: 'from', message: `"${String(from)}" is not a square of a ${v.geo.size}×${v.geo.size} board` },
    ]);
  }
  return ok({ state: r.value, from: fromCell });
}

export function legalMoves(v: CompiledVariant, input: GameStateInput, from?: string | null): OperationResult<LegalMovesResult> {
  const q = legalMovesQuery(v, input, from);
  if (!q.ok) return q;
  const s = q.value.state;
  const moves = s.legalMoves(q.value.from);
  return ok({ position: s.tfen(), sideToMove: s.sideToMove(), moves, count: moves.length });
}

export function applyMove(v: CompiledVariant, input: GameStateInput, move: unknown): OperationResult<ApplyMoveResult> {
  const r = loadState(v, input);
  if (!r.ok) return r;
  const s = r.value;
  const checked = s.check(move);
  if (!checked.ok) {
    const index = (input.moves ?? []).length;
    return err({ kind: 'illegal-move', illegal: { index, move, ...checked.error } });
  }
  const info = s.play(checked.value);
  return ok({ position: s.tfen(), sideToMove: s.sideToMove(), move: info, outcome: s.outcomeInfo() });
}

export function evaluateOutcome(v: CompiledVariant, input: GameStateInput): OperationResult<EvaluateResult> {
  const r = loadState(v, input);
  if (!r.ok) return r;
  const s = r.value;
  return ok({ position: s.tfen(), sideToMove: s.sideToMove(), outcome: s.outcomeInfo() });
}
