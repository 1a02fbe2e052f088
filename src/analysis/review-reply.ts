/**
 * Sending a review: one JSON answer when it is done, or, for a client that accepts
 * application/x-ndjson, one line per ply as soon as it is judged, so a long review shows progress.
 * The lines start only with the first ply: a review refused before it (bad options, too many
 * searches) is an ordinary problem answer with its status. A failure after is the last line.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abortOnDisconnect } from '../http/abort-on-disconnect';
import { NDJSON_CONTENT_TYPE } from '../http/media-types';
import { ProblemError } from '../http/problem-error';
import type { GameReviews, PlannedReview } from './game-reviews.service';

/** True when the client asked for NDJSON lines (a plain JSON answer otherwise). */
export function wantsNdjson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes(NDJSON_CONTENT_TYPE);
}

export async function sendReview(
  reviews: GameReviews,
  planned: PlannedReview,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const signal = abortOnDisconnect(reply);
  if (!wantsNdjson(request)) {
    const view = await reviews.run(planned, request.ip, signal);
    void reply.header('content-type', 'application/json; charset=utf-8').send(view);
    return;
  }
  let lines: Readable | null = null;
  const line = (value: object): void => {
    if (!lines) {
      lines = new Readable({ read() {} });
      void reply.header('content-type', `${NDJSON_CONTENT_TYPE}; charset=utf-8`).header('cache-control', 'no-store').send(lines);
    }
    lines.push(`${JSON.stringify(value)}\n`);
  };
  try {
    const view = await reviews.run(planned, request.ip, signal, (ply) => line({ type: 'ply', ...ply }));
    const { plies, ...summary } = view;
    line({ type: 'review', plies: plies.length, ...summary });
  } catch (e) {
    if (!lines) throw e;
    if (!(e instanceof ProblemError)) request.log.error({ err: e }, 'a review failed after its first ply');
    const problem = e instanceof ProblemError ? e : ProblemError.internal();
    line({ type: 'error', problem: problem.toProblem(request.url) });
  }
  (lines as Readable | null)?.push(null);
}
