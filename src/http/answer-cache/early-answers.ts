/**
 * Answers given before Fastify and Nest see the request. Everything the framework does for a request
 * costs more than a cached answer itself: measured, a hit answered in a preHandler cost 38–42 µs of
 * CPU where a bare Fastify route sending the same bytes cost 19.5 µs. Here Node's HTTP server reads,
 * answers and sends directly:
 *
 * - an answer-cache hit, with the headers the same question was answered with last time (kept with
 *   the answer: content type, caching, CORS for the same Origin, security headers, the ETag);
 * - a miss on a route with an early operation (early-operation.ts) whose input it takes as plain, with
 *   the headers the framework's answers of that route carry for the same Origin (route-headers.ts);
 * - and per request, as the framework makes them: the request id, the rate limit's admission and
 *   headers (a miss is admitted before its work; the plies it replayed are charged after), the one log line.
 *
 * Answers made here are written at the end of the event loop's turn, together (send-queue.ts).
 *
 * Anything else is handed to Fastify untouched, or, when its body was read here, with the bytes put
 * back into the paused request before its end, so Fastify reads the request as it arrived: a miss
 * without an early answer, a request the rate limit refuses (Fastify answers the 429), a conditional
 * GET, HEAD, bodies that are not plain JSON with a Content-Length, and everything once the server is
 * closing (Fastify answers 503). A request admitted here and then handed on is not admitted twice.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ProxyTrust, clientAddress } from '../client-address';
import { logRequest } from '../request-log';
import { Admission, RateLimiter } from '../rate-limit/rate-limiter';
import { admissionHeaders } from '../rate-limit/admission-headers';
import { markAdmitted } from '../rate-limit/early-admission';
import { unitsOfPlies } from '../rate-limit/request-work';
import { AnswerCache, CachedAnswer, answerKey, headersAsked } from './answer-cache';
import { EarlyOperation } from './early-operation';
import { PURE_POST_URLS } from './install-answer-cache';
import { SendQueue } from './send-queue';

/** Bodies longer than this go to Fastify unread (no question worth keeping is that long). */
const EARLY_BODY_MAX_BYTES = 64 * 1024;

/** The Content-Type values Fastify certainly gives to the JSON parser the cache keys its answers by. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

export interface EarlyAnswerOptions {
  cache: AnswerCache;
  limiter: RateLimiter;
  trust: ProxyTrust | false;
  log: Logger;
  bodyLimit: number;
  /** Pure POST routes (by URL) that answer a miss here for plain input. */
  operations?: ReadonlyMap<string, EarlyOperation>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function installEarlyAnswers(fastify: FastifyInstance, options: EarlyAnswerOptions): void {
  const { cache, limiter, trust, log } = options;
  const operations = options.operations ?? new Map<string, EarlyOperation>();
  if (!cache.enabled) return;
  const server: Server = fastify.server;
  const listeners = server.listeners('request') as Handler[];
  if (listeners.length !== 1) throw new Error(`expected Fastify's one request listener, found ${listeners.length}`);
  const toFastify = listeners[0];
  const bodyMax = Math.min(EARLY_BODY_MAX_BYTES, options.bodyLimit);
  let closing = false;
  const sends = new SendQueue((e) => log.error({ err: e }, 'early answer failed'));
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  server.removeListener('request', toFastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    try {
      early(req, res);
    } catch (e) {
      // Nothing here may end the process: an answer not yet begun is left to Fastify.
      log.error({ err: e }, 'early answer failed');
      if (!res.headersSent) toFastify(req, res);
      else res.destroy();
    }
  });

  function early(req: IncomingMessage, res: ServerResponse): void {
    if (closing) return toFastify(req, res);
    const started = performance.now();
    if (req.method === 'GET') {
      if (req.headers['if-none-match'] !== undefined) return toFastify(req, res);
      const hit = cache.getEarly('rest', answerKey('GET', req.url!, headersAsked(req.headers.origin, req.headers.accept), null));
      if (hit === undefined) return toFastify(req, res);
      return admitThenAnswer(req, res, hit, started);
    }
    if (req.method !== 'POST') return toFastify(req, res);
    const kind = PURE_POST_URLS.get(req.url!);
    const length = Number(req.headers['content-length']);
    const plain =
      kind !== undefined &&
      length > 0 &&
      length <= bodyMax &&
      req.headers['content-encoding'] === undefined &&
      req.headers['transfer-encoding'] === undefined &&
      JSON_TYPES.has(req.headers['content-type'] ?? '');
    if (!plain) return toFastify(req, res);
    readBody(req, length, (body) => {
      try {
        const url = req.url!;
        const asked = headersAsked(req.headers.origin, req.headers.accept);
        const text = body.toString('utf8');
        const key = answerKey('POST', url, asked, text);
        const hit = cache.getEarly(kind, key);
        if (hit !== undefined) return admitThenAnswer(req, res, hit, started, body);
        const operation = operations.get(url);
        const headers = operation && cache.routeHeaders.get(url, asked);
        if (operation && headers) return admitThenMake(req, res, body, started, { kind, key, text, operation, headers });
      } catch (e) {
        log.error({ err: e }, 'early answer failed');
        if (res.headersSent) return void res.destroy();
      }
      handBack(req, res, body, toFastify);
    });
  }

  /**
   * Admits `req` (hit or miss alike), then goes on with `then`; a refused request goes to Fastify, which
   * refuses it again and answers the 429 problem.
   */
  function admit(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer | undefined,
    then: (ip: string, a: Admission | null) => void,
  ): void {
    const ip = clientAddress(req, trust);
    if (!limiter.enabled) return then(ip, null);
    const toFastifyAfterAll = (): void => (body === undefined ? toFastify(req, res) : handBack(req, res, body, toFastify));
    const onAdmission = (a: Admission): void => (a.allowed ? then(ip, a) : toFastifyAfterAll());
    const now = limiter.admitNow(ip);
    if (now) return onAdmission(now);
    limiter
      .admit(ip)
      .then(onAdmission, toFastifyAfterAll)
      .catch((e: unknown) => {
        log.error({ err: e }, 'early answer failed');
        if (res.headersSent) res.destroy();
        else toFastifyAfterAll();
      });
  }

  function admitThenAnswer(req: IncomingMessage, res: ServerResponse, hit: CachedAnswer, started: number, body?: Buffer): void {
    admit(req, res, body, (ip, a) => send(req, res, hit, started, ip, a));
  }

  /** A miss: admitted first, so that a refused request costs no work; made; sent, kept, charged. */
  function admitThenMake(req: IncomingMessage, res: ServerResponse, body: Buffer, started: number, miss: EarlyMiss): void {
    admit(req, res, body, (ip, a) => {
      let made: { body: Buffer; plies: number } | null;
      try {
        made = miss.operation.answer(miss.text);
      } catch (e) {
        log.error({ err: e }, 'early answer failed');
        made = null;
      }
      if (made === null) {
        if (a !== null) markAdmitted(req, a);
        return handBack(req, res, body, toFastify);
      }
      cache.missEarly(miss.kind);
      const answer: CachedAnswer = { body: made.body, etag: null, headers: miss.headers };
      send(req, res, answer, started, ip, a);
      if (cache.admits(miss.key)) cache.set(miss.kind, miss.key, answer);
      const units = unitsOfPlies(made.plies);
      if (a !== null && units > 0) limiter.charge(ip, units).catch((e: unknown) => log.error({ err: e }, 'rate-limit charge failed'));
    });
  }

  /** Sends `hit` with the turn's other early answers (send-queue.ts). */
  function send(req: IncomingMessage, res: ServerResponse, hit: CachedAnswer, started: number, ip: string, a: Admission | null): void {
    const id = requestIdOf(req);
    const headers = a === null ? hit.headers.concat('x-request-id', id) : hit.headers.concat(admissionHeaders(a), 'x-request-id', id);
    headers.push('content-length', String(hit.body.length));
    sends.add(() => {
      try {
        res.writeHead(200, headers);
        res.end(hit.body);
      } catch (e) {
        log.error({ err: e }, 'early answer failed');
        return void res.destroy();
      }
      // A body read early was paused before its end: let it end.
      if (req.isPaused()) req.resume();
      logRequest(log, id, req.method!, req.url!, 200, performance.now() - started, ip);
    });
  }
}

/** A miss on a route with an early operation, and what answering it needs. */
interface EarlyMiss {
  kind: string;
  key: string;
  text: string;
  operation: EarlyOperation;
  headers: readonly string[];
}

/** The request id as Fastify takes it (requestIdHeader in app.factory.ts): the client's, or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && given !== '' ? given : randomUUID();
}

/**
 * Reads a body of `length` bytes (Node's parser has enforced Content-Length) and pauses the request
 * before its end, so that the bytes can still be put back for Fastify (handBack). Nothing if the client
 * goes away first.
 */
function readBody(req: IncomingMessage, length: number, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk);
    received += chunk.length;
    if (received < length) return;
    req.removeListener('data', onData);
    req.pause();
    then(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
  };
  req.on('data', onData);
  // An aborted upload: Node closes the socket; there is nobody left to answer.
  req.on('error', () => undefined);
}

/**
 * Gives a request whose body was read here to Fastify, the bytes put back at the front of the paused
 * stream (its end not yet emitted), so that Fastify reads the very request the client sent.
 */
function handBack(req: IncomingMessage, res: ServerResponse, body: Buffer, toFastify: Handler): void {
  req.unshift(body);
  toFastify(req, res);
}
