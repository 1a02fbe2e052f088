/**
 * The service's errors: an `application/problem+json` body (RFC 9457) whose `code` names what went wrong.
 * `TaflProblem` is a union discriminated on `code`, made from the OpenAPI document's `ErrorCode` enum, so
 * `switch (problem.code)` is checked for exhaustiveness and narrows the illegal-move fields.
 */
import type { components } from './generated/openapi.js';

type ProblemView = components['schemas']['ProblemView'];

/** Every top-level error code the service answers (api.md, "Errors"). */
export type ErrorCode = components['schemas']['ErrorCode'];
/** Why a move was refused: the `reason` of an ILLEGAL_MOVE problem. */
export type IllegalReason = components['schemas']['IllegalReason'];
/** One entry of a problem's `errors[]`: a finer detail code and where it was found. */
export type ProblemItem = components['schemas']['ProblemItemView'];

/**
 * An illegal move always names its reason and the index of the move in the sequence (the service sets both
 * for every ILLEGAL_MOVE; the document marks them optional only because other codes leave them out).
 */
type IllegalMoveFields = { reason: IllegalReason; index: number };

type ProblemOf<C extends ErrorCode> = Omit<ProblemView, 'code' | 'reason' | 'index'> & { code: C } & (C extends 'ILLEGAL_MOVE'
    ? IllegalMoveFields
    : Pick<ProblemView, 'reason' | 'index'>);

/** A problem answer of the service, discriminated on `code`. */
export type TaflProblem = { [C in ErrorCode]: ProblemOf<C> }[ErrorCode];

/** The problem of one code: `ProblemWithCode<'STALE_PLY'>`. */
export type ProblemWithCode<C extends ErrorCode> = Extract<TaflProblem, { code: C }>;

/**
 * Every code, to check a body at run time. Typed as a record over the generated enum, so a code added to
 * (or removed from) the document fails to compile here until this list follows.
 */
const CODES: { readonly [C in ErrorCode]: true } = {
  BAD_USER_INPUT: true,
  VARIANT_NOT_FOUND: true,
  ILLEGAL_MOVE: true,
  TOO_MANY_MOVES: true,
  NOT_FOUND: true,
  GAME_NOT_FOUND: true,
  UNAUTHORIZED: true,
  ORIGIN_NOT_ALLOWED: true,
  NOT_YOUR_TURN: true,
  STALE_PLY: true,
  NO_DRAW_OFFER: true,
  NO_TAKEBACK_OFFER: true,
  OPTION_DISABLED: true,
  SEAT_TAKEN: true,
  SEAT_OPEN: true,
  BAD_INVITE: true,
  PAYLOAD_TOO_LARGE: true,
  REQUEST_TIMEOUT: true,
  RATE_LIMITED: true,
  TOO_MANY_SEARCHES: true,
  TOO_MANY_STREAMS: true,
  QUERY_TOO_COMPLEX: true,
  DATABASE_UNAVAILABLE: true,
  SERVICE_BUSY: true,
  SHUTTING_DOWN: true,
  INTERNAL_SERVER_ERROR: true,
};

/** The error codes the client knows, in the document's order. */
export const ERROR_CODES = Object.keys(CODES) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CODES, value);
}

/** Whether a parsed body is a problem of the service (optionally: of this code). */
export function isProblem<C extends ErrorCode = ErrorCode>(value: unknown, code?: C): value is ProblemWithCode<C> {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const shaped =
    typeof p.type === 'string' &&
    typeof p.title === 'string' &&
    typeof p.status === 'number' &&
    typeof p.detail === 'string' &&
    Array.isArray(p.errors) &&
    isErrorCode(p.code);
  return shaped && (code === undefined || p.code === code);
}

/**
 * A refused request. `problem` is the service's problem body when the answer was one, else undefined
 * (a proxy's error page, say); `status` is the HTTP status.
 */
export class TaflError extends Error {
  readonly status: number;
  readonly problem: TaflProblem | undefined;
  /** The body as it came (parsed JSON, or text). */
  readonly body: unknown;
  /** Seconds the service asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, retryAfter?: number) {
    const problem = isProblem(body) ? body : undefined;
    super(problem ? `${problem.code}: ${problem.detail}` : `the service answered ${status}`);
    this.name = 'TaflError';
    this.status = status;
    this.problem = problem;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** The problem's code, when the answer was a problem. */
  get code(): ErrorCode | undefined {
    return this.problem?.code;
  }
}

/** Whether `e` is a refusal carrying a problem (optionally: of this code), narrowing `e.problem`. */
export function isProblemError<C extends ErrorCode = ErrorCode>(e: unknown, code?: C): e is TaflError & { problem: ProblemWithCode<C> } {
  return e instanceof TaflError && e.problem !== undefined && (code === undefined || e.problem.code === code);
}
