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
import { VariantCatalog } from '../../variants/variant-catalog';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { recordReplay } from '../../http/rate-limit/request-work';
import { outcomeView } from '../../http/views/move-outcome.views';
import { ApplyMoveView, EvaluateView, LegalMovesView, OutcomeView, ValidateGameView } from './views';

export interface StateArgs {
  variant: string;
  position?: string | null;
  moves?: readonly unknown[] | null;
}

@Injectable()
export class RulesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly variants: VariantCatalog,
  ) {}

  /** A built-in variant; unknown ids are a 400 in bodies and a 404 in paths. */
  variant(id: string, where: 'body' | 'path' = 'body'): CompiledVariant {
    const v = this.variants.get(id);
    if (!v) throw ProblemError.variantNotFound(String(id), where);
    return v;
  }

  private prepare(args: StateArgs, where: 'body' | 'path'): { v: CompiledVariant; state: EngineState } {
    const v = this.variant(args.variant, where);
    const moves = args.moves ?? [];
    if (Array.isArray(moves) && moves.length > this.config.maxMoves) {
      throw ProblemError.tooManyMoves(this.config.maxMoves, moves.length);
    }
    recordReplay(1 + (Array.isArray(moves) ? moves.length : 0));
    return { v, state: { position: args.position, moves } };
  }

  legalMoves(args: StateArgs & { from?: string | null }, where: 'body' | 'path' = 'body'): LegalMovesView {
    const { v, state } = this.prepare(args, where);
    const r = legalMoves(v, state, args.from);
    if (r.ok) return r.value;
    throw operationError(r.error);
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
function withDetail<T extends { outcome?: Outcome }>(value: T): Omit<T, 'outcome'> & { outcome: OutcomeView } {
  return { ...value, outcome: outcomeView(value.outcome!) };
}

function unwrap<T extends { outcome?: Outcome }>(r: OperationResult<T>): Omit<T, 'outcome'> & { outcome: OutcomeView } {
  if (r.ok) return withDetail(r.value);
  throw operationError(r.error);
}

/** `movesGiven`: how many moves the request listed, so an extra move's error names the `move` field. */
export function operationError(e: OperationError, movesGiven = Number.MAX_SAFE_INTEGER): ProblemError {
  if (e.kind === 'bad-input') return ProblemError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
  const i = e.illegal;
  return ProblemError.illegalMove({ ...i, field: i.index < movesGiven ? `moves[${i.index}]` : 'move' });
}
