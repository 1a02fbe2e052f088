/**
 * The answer cache as a Fastify plugin: a request to a pure route whose exact question (method, URL,
 * body) was answered 200 before gets the same bytes back before validation, the handler or the engine
 * see it; every hook around a handler still runs (rate limit, CORS, security headers, request id, the
 * log line). A route is pure by its configuration, `config: PURE_ROUTE` on a plain Fastify route or
 * `@Pure()` on a Nest handler: its answer depends on the request alone.
 *
 * GET answers carry a strong ETag (a digest of their bytes), and a matching If-None-Match is a 304, so
 * CDNs and link-preview proxies revalidate for the price of a lookup.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RouteConfig } from '@nestjs/platform-fastify';
import { AnswerCache, CachedAnswer } from './answer-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer depends on the request alone, so it may be kept and given again (answer-cache.plugin.ts). */
    pure?: boolean;
  }
}

/** The route configuration of a pure route. */
export const PURE_ROUTE = { pure: true } as const;

/** The same configuration on a Nest handler. */
export const Pure = (): MethodDecorator => RouteConfig(PURE_ROUTE);

/** What looking a request up found, once per request: the answer to send, or the key to keep its answer under. */
interface Lookup {
  hit?: CachedAnswer;
  key?: string;
}
const NOT_PURE: Lookup = {};
const lookups = new WeakMap<FastifyRequest, Lookup>();

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
  if (!request.routeOptions.config.pure || !cache.enabled) found = NOT_PURE;
  else {
    const key = `${request.method} ${request.url}\n${request.bodyText ?? ''}`;
    const hit = cache.get('rest', key);
    found = hit === undefined ? { key } : { hit };
  }
  lookups.set(request, found);
  return found;
}

/**
 * For the JSON body parser: whether the question whose body text has just been read will be answered
 * from the cache, in which case the body need not be parsed (the very same text was parsed and
 * answered 200 before).
 */
export function answeredFromCache(cache: AnswerCache): (request: FastifyRequest) => boolean {
  return (request) => lookUp(cache, request).hit !== undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer): void {
  if (hit.contentType !== null) reply.header('content-type', hit.contentType);
  if (hit.cacheControl !== null) reply.header('cache-control', hit.cacheControl);
  if (hit.etag !== null) {
    reply.header('etag', hit.etag);
    if (matches(request, hit.etag)) return void reply.removeHeader('content-type').code(304).send();
  }
  void reply.code(200).send(hit.body);
}

const plugin: FastifyPluginCallback<{ cache: AnswerCache }> = (fastify, { cache }, done) => {
  // Callback hooks: no promise per request on the path whose whole point is to cost little. Before
  // validation, so that a body left unparsed (answeredFromCache) never meets a schema.
  fastify.addHook('preValidation', (request, reply, next) => {
    const hit = lookUp(cache, request).hit;
    if (hit === undefined) return next();
    send(request, reply, hit);
  });
  fastify.addHook('onSend', (request, reply, payload, next) => {
    const etag = keep(request, reply, payload);
    if (etag !== null && matches(request, etag)) {
      reply.code(304);
      return next(null, '');
    }
    next(null, payload);
  });

  /** Keeps a 200 answer of a pure route; answers its ETag (GET answers), or null. */
  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    const key = lookups.get(request)?.key;
    if (key === undefined || reply.statusCode !== 200) return null;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (body === null) return null;
    const etag = request.method === 'GET' ? etagOf(body) : null;
    if (etag !== null) reply.header('etag', etag);
    if (!cache.admits(key)) return etag;
    const header = (name: string): string | null => {
      const v = reply.getHeader(name);
      return v === undefined ? null : String(v);
    };
    cache.set('rest', key, {
      body: typeof body === 'string' ? Buffer.from(body) : body,
      contentType: header('content-type'),
      cacheControl: header('cache-control'),
      etag,
    });
    return etag;
  }
  done();
};

/** Registered on the root instance (fastify-plugin), so its hooks see every route. */
export const answerCachePlugin = fp(plugin, { name: 'answer-cache' });
