/**
 * The one error of the web layer: everything a request can fail with is a ProblemError built by one of
 * the named factories below. The filter renders it as application/problem+json (REST) or as a GraphQL
 * error whose extensions carry the same fields.
 */
import { STATUS_CODES } from 'node:http';
import type { IllegalReason, Problem } from '../engine';
import { IllegalMoveDetail, illegalMoveProblem } from '../engine/operation-problems';
import { ERROR_CATALOGUE, ErrorCode, problemType } from './error-codes';

/** One entry of `errors[]`: a detail code (e.g. BAD_TFEN_ROW_WIDTH, INVALID_FIELD), where it was found. */
export interface ProblemItem {
  code: string;
  message: string;
  field?: string;
  offset?: number;
}

export interface ProblemInit {
  code: ErrorCode;
  detail: string;
  /** Defaults to the catalogue's status of `code`. */
  status?: number;
  errors?: readonly ProblemItem[];
  /** Illegal moves: the api.md reason, the index of the move in the sequence, the move as given. */
  reason?: IllegalReason;
  index?: number;
  move?: unknown;
  /** Seconds after which a retry may succeed (sent as Retry-After). */
  retryAfter?: number;
}

export type IllegalMoveInit = IllegalMoveDetail;

export class ProblemError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string;
  readonly errors: readonly ProblemItem[];
  readonly reason?: IllegalReason;
  readonly index?: number;
  readonly move?: unknown;
  readonly retryAfter?: number;

  constructor(init: ProblemInit) {
    super(init.detail);
    this.name = 'ProblemError';
    this.code = init.code;
    const usual = ERROR_CATALOGUE[init.code];
    this.status = init.status ?? usual.status;
    // Malformed input refused with another status than 400 (a URI or headers too long, a media type
    // not taken) is titled by that status, not "Bad request".
    this.title = init.code === 'BAD_USER_INPUT' && this.status !== usual.status ? (STATUS_CODES[this.status] ?? usual.title) : usual.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.reason = init.reason;
    this.index = init.index;
    this.move = init.move;
    this.retryAfter = init.retryAfter;
  }

  static badInput(detail: string, errors: readonly (Problem | ProblemItem)[] = []): ProblemError {
    return new ProblemError({ code: 'BAD_USER_INPUT', detail, errors });
  }

  /** A bad value of one named field (a query parameter, a body field). */
  static invalidField(field: string, message: string, code = 'INVALID_FIELD'): ProblemError {
    return new ProblemError({ code: 'BAD_USER_INPUT', detail: `${field}: ${message}`, errors: [{ code, field, message }] });
  }

  static variantNotFound(id: string, where: 'body' | 'path' = 'body', field = 'variant'): ProblemError {
    return new ProblemError({
      code: 'VARIANT_NOT_FOUND',
      status: where === 'path' ? 404 : 400,
      detail: `there is no variant "${id}"`,
      errors: [{ code: 'VARIANT_NOT_FOUND', field, message: `unknown variant "${id}"` }],
    });
  }

  static illegalMove(i: IllegalMoveInit): ProblemError {
    return new ProblemError(illegalMoveProblem(i));
  }

  static tooManyMoves(max: number, got: number, field = 'moves'): ProblemError {
    return new ProblemError({
      code: 'TOO_MANY_MOVES',
      detail: `at most ${max} moves are accepted in one request, got ${got}`,
      errors: [{ code: 'TOO_MANY_MOVES', field, message: `at most ${max} moves` }],
    });
  }

  static notFound(detail: string): ProblemError {
    return new ProblemError({ code: 'NOT_FOUND', detail });
  }

  static gameNotFound(id: string): ProblemError {
    return new ProblemError({ code: 'GAME_NOT_FOUND', detail: `there is no game "${id}"` });
  }

  static unauthorized(detail: string): ProblemError {
    return new ProblemError({ code: 'UNAUTHORIZED', detail });
  }

  /** Browsers enforce CORS on fetches, not on WebSockets: the server refuses other origins itself. */
  static originNotAllowed(origin: string): ProblemError {
    return new ProblemError({ code: 'ORIGIN_NOT_ALLOWED', detail: `origin ${origin} is not among CORS_ORIGINS` });
  }

  static notYourTurn(detail: string): ProblemError {
    return new ProblemError({ code: 'NOT_YOUR_TURN', detail });
  }

  static stalePly(detail: string): ProblemError {
    return new ProblemError({ code: 'STALE_PLY', detail });
  }

  static noDrawOffer(detail: string): ProblemError {
    return new ProblemError({ code: 'NO_DRAW_OFFER', detail });
  }

  static noTakebackOffer(detail: string): ProblemError {
    return new ProblemError({ code: 'NO_TAKEBACK_OFFER', detail });
  }

  /** The game was created without this option (options.takebacks, options.drawOffers). */
  static optionDisabled(option: string, detail: string): ProblemError {
    return new ProblemError({
      code: 'OPTION_DISABLED',
      detail,
      errors: [{ code: 'OPTION_DISABLED', field: `options.${option}`, message: detail }],
    });
  }

  /** The game's open seat was claimed already (or the game never had one to claim with this code). */
  static seatTaken(detail: string): ProblemError {
    return new ProblemError({ code: 'SEAT_TAKEN', detail });
  }

  /** The side to move waits for a claim of its seat: nobody can move for it yet. */
  static seatOpen(detail: string): ProblemError {
    return new ProblemError({ code: 'SEAT_OPEN', detail });
  }

  static badInvite(detail: string): ProblemError {
    return new ProblemError({ code: 'BAD_INVITE', detail, errors: [{ code: 'BAD_INVITE', field: 'code', message: detail }] });
  }

  static payloadTooLarge(detail: string): ProblemError {
    return new ProblemError({ code: 'PAYLOAD_TOO_LARGE', detail });
  }

  static rateLimited(detail: string, retryAfter?: number): ProblemError {
    return new ProblemError({ code: 'RATE_LIMITED', detail, retryAfter });
  }

  /** Open streams are capped per client address, not per time window: closing one makes room. */
  static tooManyStreams(max: number): ProblemError {
    return new ProblemError({
      code: 'TOO_MANY_STREAMS',
      detail: `at most ${max} streams and subscriptions may be open at once from one client address; close one first`,
    });
  }

  /** This instance is stopping: another one (behind the same balancer) answers a retry. */
  static shuttingDown(): ProblemError {
    return new ProblemError({ code: 'SHUTTING_DOWN', detail: 'this instance is shutting down; retry', retryAfter: 1 });
  }

  static queryTooComplex(detail: string): ProblemError {
    return new ProblemError({ code: 'QUERY_TOO_COMPLEX', detail });
  }

  /** The cause is for the logs: the answer must not show where the database lives. */
  static databaseUnavailable(retryAfter = 2): ProblemError {
    return new ProblemError({
      code: 'DATABASE_UNAVAILABLE',
      detail: 'stored games are unavailable for the moment; retry later',
      retryAfter,
    });
  }

  /** Work the service does in a bounded queue (pictures) is refused when the queue is full. */
  static busy(detail: string, retryAfter = 1): ProblemError {
    return new ProblemError({ code: 'SERVICE_BUSY', detail, retryAfter });
  }

  static internal(): ProblemError {
    return new ProblemError({ code: 'INTERNAL_SERVER_ERROR', detail: 'an unexpected error occurred' });
  }

  /** The api.md fields shared by a problem body and GraphQL extensions. */
  fields(): Record<string, unknown> {
    const out: Record<string, unknown> = { code: this.code, errors: this.errors };
    if (this.reason !== undefined) out.reason = this.reason;
    if (this.index !== undefined) out.index = this.index;
    if (this.move !== undefined) out.move = this.move;
    return out;
  }

  /** RFC 9457 problem details, the body of every REST error. */
  toProblem(instance?: string): Record<string, unknown> {
    return {
      type: problemType(this.code),
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(instance ? { instance } : {}),
      ...this.fields(),
    };
  }
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
