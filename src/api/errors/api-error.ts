/** A domain error with its HTTP status and stable code; the transports render it (problem+json, GraphQL). */
import { IllegalReason, Problem } from '../../engine';
import { ErrorCode } from './error-codes';

export interface ProblemItem {
  code: string;
  message: string;
  field?: string;
  offset?: number;
}

export interface ApiErrorInit {
  status: number;
  code: ErrorCode;
  title: string;
  detail: string;
  errors?: ProblemItem[];
  /** Illegal moves: the api.md reason and the index of the move in the sequence. */
  reason?: IllegalReason;
  index?: number;
  move?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string;
  readonly errors: ProblemItem[];
  readonly reason?: IllegalReason;
  readonly index?: number;
  readonly move?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.detail);
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.reason = init.reason;
    this.index = init.index;
    this.move = init.move;
  }

  static badInput(detail: string, errors: Problem[] | ProblemItem[]): ApiError {
    return new ApiError({ status: 400, code: ErrorCode.BAD_USER_INPUT, title: 'Bad request', detail, errors });
  }

  static variantNotFound(id: string, status: 400 | 404, field = 'variant'): ApiError {
    return new ApiError({
      status,
      code: ErrorCode.VARIANT_NOT_FOUND,
      title: 'Variant not found',
      detail: `there is no variant "${id}"`,
      errors: [{ code: ErrorCode.VARIANT_NOT_FOUND, field, message: `unknown variant "${id}"` }],
    });
  }

  /** The api.md fields of a problem body or GraphQL extensions. */
  body(): Record<string, unknown> {
    const out: Record<string, unknown> = { code: this.code, errors: this.errors };
    if (this.reason !== undefined) out.reason = this.reason;
    if (this.index !== undefined) out.index = this.index;
    if (this.move !== undefined) out.move = this.move;
    return out;
  }
}
