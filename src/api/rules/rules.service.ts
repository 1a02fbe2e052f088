/** Runs the engine's operations for both transports and maps their errors to ApiErrors. */
import { Inject, Injectable } from '@nestjs/common';
import {
  CompiledVariant,
  GameStateInput as EngineState,
  OperationResult,
  Outcome,
  GameState,
  MoveInfo,
  Position,
  applyMove,
  evaluateOutcome,
  loadState,
  legalMoves,
  legalMovesQuery,
  parseMoveText,
  squareName,
  validateGame,
  ok,
} from '../../engine';
import { withBoardSource } from '../../pictures/board-field';
import { ImageLinksView, positionImages } from '../../http/views/image-links.view';
import { VariantChoice, VariantSources } from '../variants/variant-source';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { operationError } from '../../http/operation-problems';
import { recordReplay } from '../../http/rate-limit/request-work';
import { outcomeView } from '../../http/views/move-outcome.views';
import { legalMovesJson } from './legal-moves.json';
import { ApplyMoveView, EvaluateView, LegalMovesView, OutcomeView, ValidateGameView } from './views';

export interface StateArgs extends VariantChoice {
  position?: string | null;
  moves?: readonly unknown[] | null;
}

@Injectable()
export class RulesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: VariantSources,
  ) {}

  /**
   * The variant and the state input of a request, checked as every operation checks them (variant
   * source, move cap) but not replayed: for callers that replay elsewhere (the search workers).
   */
  async prepare(args: StateArgs, where: 'body' | 'path'): Promise<{ v: CompiledVariant; state: EngineState }> {
    const v = (await this.sources.ofState(args, where)).compiled;
    const moves = args.moves ?? [];
    if (Array.isArray(moves) && moves.length > this.config.maxMoves) {
      throw ProblemError.tooManyMoves(this.config.maxMoves, moves.length);
    }
    recordReplay(pliesReplayed(moves));
    return { v, state: { position: args.position, moves } };
  }

  /** Picture URLs (REST and GraphQL) and the source of the GraphQL `board` field, on a position answer. */
  private drawable<T extends { position: string; image?: ImageLinksView }>(v: CompiledVariant, view: T, last: Squares | null): T {
    const lastMove = movedSquares(last);
    const image = positionImages(this.config.publicBaseUrl, v.id, view.position, lastMove);
    if (image) view.image = image;
    return withBoardSource(view, { v, position: view.position, lastMove, image });
  }

  /** The game a picture shows: the state after `moves`, and the move that led to it (null at the start). */
  async stateOf(
    args: StateArgs,
    where: 'body' | 'path' = 'body',
  ): Promise<{ v: CompiledVariant; state: GameState; last: MoveInfo | null }> {
    const { v, state } = await this.prepare(args, where);
    const r = loadState(v, state);
    if (!r.ok) throw operationError(r.error);
    return { v, state: r.value, last: r.value.plies.at(-1) ?? null };
  }

  /** The start of an animation: the variant's layout, or `position`. */
  async startOf(args: Omit<StateArgs, 'moves'>, where: 'body' | 'path' = 'body'): Promise<{ v: CompiledVariant; start: Position }> {
    const { v, state } = await this.prepare({ ...args, moves: [] }, where);
    const r = loadState(v, state);
    if (!r.ok) throw operationError(r.error);
    return { v, start: r.value.pos };
  }

  async legalMoves(args: StateArgs & { from?: string | null }, where: 'body' | 'path' = 'body'): Promise<LegalMovesView> {
    const { v, state } = await this.prepare(args, where);
    const r = legalMoves(v, state, args.from);
    if (r.ok) return this.drawable(v, r.value, lastSquares(v, state.moves));
    throw operationError(r.error);
  }

  /** legalMoves() as the JSON REST answers (the same bytes as the view serialized), written directly. */
  async legalMovesText(args: StateArgs & { from?: string | null }, where: 'body' | 'path' = 'body'): Promise<Buffer> {
    const { v, state } = await this.prepare(args, where);
    const r = legalMovesText(v, state, args.from, this.config.publicBaseUrl);
    if (!r.ok) throw operationError(r.error);
    return r.value;
  }

  async applyMove(args: StateArgs & { move: string }): Promise<ApplyMoveView> {
    const { v, state } = await this.prepare(args, 'body');
    const r = applyMove(v, state, args.move);
    if (r.ok) return this.drawable(v, withDetail(r.value), r.value.move);
    throw operationError(r.error, state.moves?.length ?? 0);
  }

  async evaluate(args: StateArgs, where: 'body' | 'path' = 'body'): Promise<EvaluateView> {
    const { v, state } = await this.prepare(args, where);
    return this.drawable(v, unwrap(evaluateOutcome(v, state)), lastSquares(v, state.moves));
  }

  async validateGame(args: StateArgs): Promise<ValidateGameView> {
    const { v, state } = await this.prepare(args, 'body');
    const r = unwrap(validateGame(v, state));
    const view = { ...r, error: r.error ? { ...r.error, move: String(r.error.move) } : null };
    return this.drawable(v, view, r.plies.at(-1)?.move ?? null);
  }
}

/** Positions a replay of `moves` visits, as the rate limit charges them: the start and one per move. */
export function pliesReplayed(moves: unknown): number {
  return 1 + (Array.isArray(moves) ? moves.length : 0);
}

/**
 * The REST legal-moves answer of a state as JSON, UTF-8 encoded (picture links included when the
 * service has a public base URL).
 */
export function legalMovesText(
  v: CompiledVariant,
  state: EngineState,
  from: string | null | undefined,
  publicBaseUrl: string | null,
): OperationResult<Buffer> {
  const r = legalMovesQuery(v, state, from);
  if (!r.ok) return r;
  const position = r.value.state.tfen();
  const image = positionImages(publicBaseUrl, v.id, position, movedSquares(lastSquares(v, state.moves)));
  return ok(legalMovesJson(r.value.state, r.value.from, position, image));
}

type Squares = { from: string | null; to: string | null };

/** The last-move mark of a picture: both squares, or none (the start, or a pass). */
function movedSquares(last: Squares | null): { from: string; to: string } | null {
  return last?.from && last.to ? { from: last.from, to: last.to } : null;
}

/** The squares of the last of `moves` (already validated by the replay), for the last-move mark. */
function lastSquares(v: CompiledVariant, moves: readonly unknown[] | null | undefined): Squares | null {
  const last = moves?.at(-1);
  if (last === undefined) return null;
  const m = parseMoveText(v.geo, last);
  return m.kind === 'move' ? { from: squareName(v.geo, m.from), to: squareName(v.geo, m.to) } : null;
}

/** `detail` is present on every outcome (null while ongoing), so REST and GraphQL answers are identical. */
function withDetail<T extends { outcome?: Outcome }>(value: T): Omit<T, 'outcome'> & { outcome: OutcomeView } {
  return { ...value, outcome: outcomeView(value.outcome!) };
}

function unwrap<T extends { outcome?: Outcome }>(r: OperationResult<T>): Omit<T, 'outcome'> & { outcome: OutcomeView } {
  if (r.ok) return withDetail(r.value);
  throw operationError(r.error);
}
