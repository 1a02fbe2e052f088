/** Turns anything thrown while serving a request into an ApiError (one mapping for both transports). */
import { HttpException } from '@nestjs/common';
import { ApiError, ProblemItem } from './api-error';
import { ErrorCode } from './error-codes';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 413) return ErrorCode.PAYLOAD_TOO_LARGE;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  if (status >= 500) return ErrorCode.INTERNAL;
  return ErrorCode.BAD_USER_INPUT;
}

/** Errors of other rooms (stored games) that carry the same fields as an ApiError. */
function isProblemShaped(e: unknown): e is { status: number; code: ErrorCode; title: string; detail: string; errors?: ProblemItem[]; reason?: never; index?: number; move?: unknown } {
  const x = e as Record<string, unknown>;
  return !!x && typeof x.status === 'number' && typeof x.code === 'string' && typeof x.title === 'string' && typeof x.detail === 'string';
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (isProblemShaped(e)) return new ApiError(e);
  if (e instanceof HttpException) {
    const status = e.getStatus();
    const res = e.getResponse();
    const message = typeof res === 'string' ? res : ((res as { message?: unknown }).message ?? e.message);
    const errors: ProblemItem[] = Array.isArray(message)
      ? message.map((m) => ({ code: codeForStatus(status), message: String(m) }))
      : [];
    return new ApiError({
      status,
      code: codeForStatus(status),
      title: TITLES[status] ?? 'Error',
      detail: Array.isArray(message) ? message.join('; ') : String(message),
      errors,
    });
  }
  // Fastify's own errors (body too large, bad JSON, unsupported media type) carry a statusCode.
  const fe = e as { statusCode?: number; code?: string; message?: string };
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const status = fe.statusCode;
    return new ApiError({
      status,
      code: codeForStatus(status),
      title: TITLES[status] ?? 'Error',
      detail: fe.message ?? 'bad request',
      errors: fe.code ? [{ code: fe.code, message: fe.message ?? '' }] : [],
    });
  }
  return new ApiError({ status: 500, code: ErrorCode.INTERNAL, title: 'Internal server error', detail: 'an unexpected error occurred' });
}
