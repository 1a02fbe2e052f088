/**
 * What every request meets before a handler: a JSON body parser that refuses bodies outside the shape
 * limits (well-formed.ts: nesting, keys, items, string length, text PostgreSQL cannot store, reserved
 * keys), in one linear pass before any validation library sees them, and a query-string check that
 * refuses a parameter given twice (`?moves=a&moves=b` would otherwise reach handlers as an array) or
 * ill-formed text. Each refusal is a 400 problem naming the field.
 */
import { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { ProblemError } from './problem-error';
import { ShapeLimits, ShapeProblem, findShapeProblem, isWellFormedText, jsonTextIsPlain, scanJsonShape, shapeMessage } from './well-formed';

/** Deeper than any request body of this API needs (a custom variant definition nests about five). */
export const MAX_JSON_DEPTH = 32;
/** Keys of one object: a definition has about forty; a game's metadata is the client's. */
export const MAX_JSON_KEYS = 256;
/** Characters of one string: an imported record of thousands of moves is some tens of kilobytes. */
export const MAX_JSON_CHARS = 1 << 20;

/** The shape every request's input must fit: lists as long as the longest move list accepted. */
export function requestShapeLimits(config: Pick<AppConfig, 'maxMoves'>): ShapeLimits {
  return { depth: MAX_JSON_DEPTH, keys: MAX_JSON_KEYS, items: Math.max(1000, config.maxMoves), chars: MAX_JSON_CHARS };
}

function refuse(where: string, found: ShapeProblem, limits: ShapeLimits): ProblemError {
  const field = found.path || where;
  const message = shapeMessage(found.reason, limits);
  return new ProblemError({ code: 'BAD_USER_INPUT', detail: `${field}: ${message}`, errors: [{ code: 'INVALID_FIELD', field, message }] });
}

function parseJsonBody(text: string, limits: ShapeLimits): unknown {
  if (text.trim() === '')
    throw ProblemError.badInput('the request body is empty; send a JSON object', [{ code: 'BAD_JSON', message: 'empty body' }]);
  const plain = jsonTextIsPlain(text, limits);
  // Counted in the text first: parsing an object of a hundred thousand keys costs more than refusing it.
  const counted = plain ? null : scanJsonShape(text, limits);
  if (counted) throw refuse('body', counted, limits);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : 'not JSON';
    throw ProblemError.badInput(`the request body is not valid JSON: ${message}`, [{ code: 'BAD_JSON', message }]);
  }
  const found = plain ? null : findShapeProblem(value, limits);
  if (found) throw refuse('body', found, limits);
  return value;
}

function checkQuery(request: FastifyRequest, limits: ShapeLimits): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      throw new ProblemError({
        code: 'BAD_USER_INPUT',
        detail: `query parameter "${name}" is given ${value.length} times; give it once (lists are comma-separated)`,
        errors: [{ code: 'REPEATED_PARAMETER', field: name, message: 'given more than once' }],
      });
    }
    if (typeof value === 'string' && (!isWellFormedText(value) || !isWellFormedText(name)))
      throw refuse(name, { path: name, reason: 'ill-formed-text' }, limits);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it arrived (null without one): the answer cache keys on it. */
    bodyText: string | null;
  }
}

/**
 * `answeredBefore`: whether the request, its body text now known, will be answered from memory (the
 * answer cache); its body is then not parsed, and reaches no handler.
 */
export function installRequestGuards(
  fastify: FastifyInstance,
  limits: ShapeLimits,
  answeredBefore: (request: FastifyRequest) => boolean = () => false,
): void {
  fastify.decorateRequest('bodyText', null);
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      request.bodyText = body as string;
      if (answeredBefore(request)) return done(null, null);
      const value = parseJsonBody(body as string, limits);
      done(null, value);
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  // A callback hook: no promise per request.
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      checkQuery(request, limits);
    } catch (e) {
      return done(e as Error);
    }
    done();
  });
}
