/** Runs the engine's operations for both transports and maps their errors to ApiErrors. */
import { Inject, Injectable } from '@nestjs/common';
import {
  CompiledVariant,
  GameStateInput as EngineState,
  OperationError,
  OperationResult,
  Outcome,
  applyMove,
  evaluateOutcome,
  legalMoves,
  validateGame,
} from '../../engine';
import { builtInVariant } from '../../variants';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ApiError } from '../errors/api-error';
import { ErrorCode } from '../errors/error-codes';
import { ApplyMoveView, EvaluateView, LegalMovesView, ValidateGameView } from './views';

export interface StateArgs {
  variant: string;
  position?: string | null;
  moves?: readonly unknown[] | null;
}

@Injectable()
export class RulesService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** A built-in variant; unknown ids are a 400 in bodies and a 404 in paths. */
  variant(id: string, where: 'body' | 'path' = 'body'): CompiledVariant {
    const v = typeof id === 'string' ? builtInVariant(id) : undefined;
    if (!v) throw ApiError.variantNotFound(String(id), where === 'path' ? 404 : 400);
    return v;
  }

  private prepare(args: StateArgs, where: 'body' | 'path'): { v: CompiledVariant; state: EngineState } {
    const v = this.variant(args.variant, where);
    const moves = args.moves ?? [];
    if (Array.isArray(moves) && moves.length > this.config.maxMoves) {
      throw new ApiError({
        status: 400,
        code: ErrorCode.TOO_MANY_MOVES,
        title: 'Too many moves',
        detail: `at most ${this.config.maxMoves} moves are accepted in one request, got ${moves.length}`,
        errors: [{ code: ErrorCode.TOO_MANY_MOVES, field: 'moves', message: `at most ${this.config.maxMoves} moves` }],
      });
    }
    return { v, state: { position: args.position, moves } };
  }

  legalMoves(args: StateArgs & { from?: string | null }, where: 'body' | 'path' = 'body'): LegalMovesView {
    const { v, state } = this.prepare(args, where);
    return unwrap(legalMoves(v, state, args.from));
  }

  applyMove(args: StateArgs & { move: string }): ApplyMoveView {
    const { v, state } = this.prepare(args, 'body');
    const r = applyMove(v, state, args.move);
    if (r.ok) return withDetail(r.value);
    throw operationError(r.error, state.moves?.length ?? 0);
  }

  evaluate(args: StateArgs, where: 'body' | 'path' = 'body'): EvaluateView {
    const { v, state } = this.prepare(args, where);
    return unwrap(evaluateOutcome(v, state));
  }

  validateGame(args: StateArgs): ValidateGameView {
    const { v, state } = this.prepare(args, 'body');
    const r = unwrap(validateGame(v, state));
    return { ...r, error: r.error ? { ...r.error, move: String(r.error.move) } : null };
  }
}

/** `detail` is present on every outcome (null while ongoing), so REST and GraphQL answers are identical. */
function withDetail<T extends { outcome?: Outcome }>(value: T): T {
  return value.outcome ? { ...value, outcome: { ...value.outcome, detail: value.outcome.detail ?? null } } : value;
}

function unwrap<T extends object>(r: OperationResult<T>): T {
  if (r.ok) return withDetail(r.value);
  throw operationError(r.error);
}

/** `movesGiven`: how many moves the request listed, so an extra move's error names the `move` field. */
export function operationError(e: OperationError, movesGiven = Number.MAX_SAFE_INTEGER): ApiError {
  if (e.kind === 'bad-input') {
    return ApiError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
  }
  const i = e.illegal;
  return new ApiError({
    status: 422,
    code: ErrorCode.ILLEGAL_MOVE,
    title: 'Illegal move',
    detail: `move ${i.index} (${String(i.move)}) is illegal: ${i.message}`,
    reason: i.reason,
    index: i.index,
    move: i.move,
    errors: [{ code: i.reason, message: i.message, field: i.index < movesGiven ? `moves[${i.index}]` : 'move' }],
  });
}
