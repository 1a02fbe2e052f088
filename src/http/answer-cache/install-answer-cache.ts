/**
 * The answer cache at the edge: a request to a pure route whose exact text (method, URL, body) was
 * answered before gets the same bytes back before Nest, validation or the engine see it. Everything
 * Fastify runs around a handler still runs (rate limit, CORS, security headers, the log line). Only
 * 200 answers are kept, from the second time a question is asked (see AnswerCache); a GraphQL answer
 * only when its operation is pure and it carries no errors.
 * GET answers carry a strong ETag (a digest of their bytes), and a matching If-None-Match is a 304, so
 * CDNs and link-preview proxies revalidate for the price of a lookup.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AnswerCache, CachedAnswer, answerKey, headersAsked } from './answer-cache';
import { ADMISSION_HEADER_NAMES } from '../rate-limit/admission-headers';
import { isPureGraphqlRequest } from './pure-graphql';

/** The REST routes answering from the request alone (the stateless operations, api.md section 4). */
const PURE_ROUTES = new Set([
  'POST /v1/legal-moves',
  'POST /v1/apply-move',
  'POST /v1/evaluate',
  'POST /v1/validate-game',
  'GET /v1/variants/:id/legal-moves',
  'GET /v1/variants/:id/evaluate',
]);
const GRAPHQL_ROUTE = 'POST /graphql';

/** The URLs of the pure POST routes (none has a parameter), and the kind of answer each gives. */
export const PURE_POST_URLS: ReadonlyMap<string, string> = new Map([
  ...[...PURE_ROUTES].filter((r) => r.startsWith('POST ')).map((r): [string, string] => [r.slice(5), 'rest']),
  [GRAPHQL_ROUTE.slice(5), 'graphql'],
]);

/**
 * Headers made anew for every request, never kept with an answer: the request id, the rate limit's
 * (the budget left changes), and those Node or Fastify derive from the body sent.
 */
const PER_REQUEST_HEADERS = new Set<string>([
  'x-request-id',
  ...ADMISSION_HEADER_NAMES,
  'retry-after',
  'content-length',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
]);

/** The headers of an answer that any request asking the same question gets too (flat name, value list). */
function lastingHeaders(reply: FastifyReply): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) out.push(name, v);
    else out.push(name, String(value));
  }
  return out;
}

/**
 * What looking a request up found, once per request (when its body was read, or in the preHandler): the
 * answer to send, or the key to keep its answer under (a miss on a cacheable route), or neither.
 */
interface Lookup {
  hit?: CachedAnswer;
  miss?: { kind: string; key: string };
}
const NOT_CACHEABLE: Lookup = {};
const lookups = new WeakMap<FastifyRequest, Lookup>();

function cacheKind(request: FastifyRequest): string | null {
  const route = `${request.method} ${request.routeOptions.url}`;
  if (PURE_ROUTES.has(route)) return 'rest';
  // Only JSON bodies: other encodings reach Apollo's own checks, which a hit would skip.
  if (route === GRAPHQL_ROUTE && request.bodyText !== null) return 'graphql';
  return null;
}

function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Looks the question up once; a miss is remembered so that its answer can be kept when sent. */
function lookUp(cache: AnswerCache, request: FastifyRequest): Lookup {
  let found = lookups.get(request);
  if (found !== undefined) return found;
  const kind = cacheKind(request);
  if (kind === null) found = NOT_CACHEABLE;
  else {
    const key = answerKey(request.method, request.url, headersAsked(request.headers.origin, request.headers.accept), request.bodyText);
    const hit = cache.get(kind, key);
    found = hit === undefined ? { miss: { kind, key } } : { hit };
  }
  lookups.set(request, found);
  return found;
}

/**
 * For the JSON body parser: whether the question whose body text has just been read was answered
 * before, in which case its answer is held for the preHandler and the body need not be parsed (the
 * very same text was parsed and answered 200 before).
 */
export function answerBeforeParsing(cache: AnswerCache): (request: FastifyRequest) => boolean {
  return (request) => lookUp(cache, request).hit !== undefined;
}

export function installAnswerCache(fastify: FastifyInstance, cache: AnswerCache): void {
  // Callback hooks: no promise per request on the path whose whole point is to cost little.
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Looked up already when the body was read, or now (GET forms, bodies not read as JSON).
    const hit = lookUp(cache, request).hit;
    if (hit === undefined) return done();
    // The headers it went out with (content type, caching, ETag; the CORS and security ones again).
    for (let i = 0; i < hit.headers.length; i += 2) reply.header(hit.headers[i], hit.headers[i + 1]);
    if (hit.etag !== null && matches(request, hit.etag)) return void reply.removeHeader('content-type').code(304).send();
    void reply.code(200).send(hit.body);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) => {
    const etag = keep(request, reply, payload);
    if (etag !== null && matches(request, etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });

  /** Keeps a cacheable answer; answers its ETag (GET answers), or null. */
  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    const pending = lookups.get(request)?.miss;
    if (pending === undefined || reply.statusCode !== 200) return null;
    // Long answers arrive as bytes already (answers-as-bytes.ts, an earlier onSend hook), short ones as
    // text; a text is encoded only if it is kept.
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (body === null) return null;
    const graphqlRefused =
      pending.kind === 'graphql' && (body.indexOf('{"data":') !== 0 || body.includes('"errors":[') || !isPureGraphqlRequest(request.body));
    if (graphqlRefused) return null;
    const etag = request.method === 'GET' ? etagOf(body) : null;
    if (etag !== null) reply.header('etag', etag);
    // A POST answer's headers, for answers made early to the same route and request headers.
    const asked = headersAsked(request.headers.origin, request.headers.accept);
    if (etag === null && !cache.routeHeaders.has(request.url, asked)) cache.routeHeaders.learn(request.url, asked, lastingHeaders(reply));
    if (!cache.admits(pending.key)) return etag;
    cache.set(pending.kind, pending.key, {
      body: typeof body === 'string' ? Buffer.from(body) : body,
      etag,
      headers: lastingHeaders(reply),
    });
    return etag;
  }
}
