/**
 * Answers whose bytes are a pure function of something the ETag names: a matching If-None-Match gets
 * a 304 before the body is made (a PNG or GIF then costs nothing), anything else the body with its
 * validators. Used by the picture routes of both the stateless API and stored games.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from './problem-error';

/** Pure URLs: the same URL gives the same bytes for ever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** URLs that follow a changing thing (a game's current position): revalidate every time. */
export const REVALIDATE = 'no-cache';

export interface Cacheable {
  etag: string;
  cacheControl: string;
  contentType: string;
  headers?: Record<string, string>;
  /** Made only when the client does not hold it already; failures are problems. */
  body: () => Promise<Buffer | string>;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export async function sendCacheable(request: FastifyRequest, reply: FastifyReply, answer: Cacheable): Promise<void> {
  reply.header('etag', answer.etag).header('cache-control', answer.cacheControl).header('vary', 'accept-encoding');
  for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
  if (matches(request.headers['if-none-match'], answer.etag)) {
    await reply.code(304).send();
    return;
  }
  const body = await answer.body();
  await reply.code(200).header('content-type', answer.contentType).send(body);
}

/** A refusal of bounded background work: overload is a 503 to retry, anything else a fault of ours. */
export function backgroundRefusal(refusal: { code: string; message: string }): ProblemError {
  if (refusal.code.endsWith('QUEUE_FULL') || refusal.code.endsWith('POOL_CLOSED')) return ProblemError.busy(refusal.message);
  return ProblemError.internal();
}
