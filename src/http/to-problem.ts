/**
 * Turns anything thrown while serving a request into a ProblemError: ours pass through; the framework's
 * own errors (Nest's HttpException for unknown routes, Fastify's body and media-type errors) are mapped
 * by their status; anything else is an internal error that never shows its message.
 */
import { HttpException } from '@nestjs/common';
import { ErrorCode } from './error-codes';
import { ProblemError, ProblemItem } from './problem-error';

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_USER_INPUT';
}

/** One failed check of a route's JSON schema, as Fastify's validator (Ajv) reports it. */
interface SchemaFailure {
  instancePath: string;
  keyword: string;
  params: { missingProperty?: string; additionalProperty?: string };
  message?: string;
}

/**
 * A route's schema refused the request (plain-routes.ts): every failure as an INVALID_FIELD item naming
 * its field as class-validator names the fields of a DTO (`moves`, `players.attackers`: list indexes
 * are in the message, not the field), so that both kinds of route report a wrong body alike.
 */
function schemaProblem(failures: readonly SchemaFailure[], where: string): ProblemError {
  const items: ProblemItem[] = failures.map((f) => {
    const path = f.instancePath.split('/').filter((p) => p !== '');
    if (f.keyword === 'required' && f.params.missingProperty) path.push(f.params.missingProperty);
    if (f.keyword === 'additionalProperties' && f.params.additionalProperty) path.push(f.params.additionalProperty);
    const field = path.filter((p) => !/^\d+$/.test(p)).join('.') || where;
    const at =
      path
        .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
        .join('')
        .replace(/^\./, '') || where;
    if (f.keyword === 'additionalProperties') return { code: 'UNKNOWN_FIELD', field, message: `${at} is not a field of this request` };
    const message = f.keyword === 'required' ? `${at} is required` : `${at} ${f.message ?? 'is not valid'}`;
    return { code: 'INVALID_FIELD', field, message };
  });
  return ProblemError.badInput(items.map((i) => i.message).join('; '), items);
}

/** Fastify's errors (made by @fastify/error) are Errors with an FST_ code and a client status. */
function fastifyClientError(e: unknown): { status: number; code: string; message: string } | null {
  if (!(e instanceof Error)) return null;
  const { statusCode, code } = e as Error & { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null;
  return { status: statusCode, code: typeof code === 'string' ? code : 'BAD_REQUEST', message: e.message };
}

export function toProblem(e: unknown): ProblemError {
  if (e instanceof ProblemError) return e;
  if (e instanceof HttpException) {
    const status = e.getStatus();
    const res = e.getResponse();
    const message = typeof res === 'string' ? res : ((res as { message?: unknown }).message ?? e.message);
    const code = codeForStatus(status);
    const errors: ProblemItem[] = Array.isArray(message) ? message.map((m) => ({ code, message: String(m) })) : [];
    return new ProblemError({ code, status, detail: Array.isArray(message) ? message.join('; ') : String(message), errors });
  }
  const failures = (e as { validation?: unknown })?.validation;
  if (Array.isArray(failures)) {
    const where = (e as { validationContext?: unknown }).validationContext;
    return schemaProblem(failures as SchemaFailure[], where === 'body' || typeof where !== 'string' ? 'body' : where);
  }
  const fe = fastifyClientError(e);
  if (fe) {
    return new ProblemError({
      code: codeForStatus(fe.status),
      status: fe.status,
      detail: fe.message,
      errors: [{ code: fe.code, message: fe.message }],
    });
  }
  return ProblemError.internal();
}
