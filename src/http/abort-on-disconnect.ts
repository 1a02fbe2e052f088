import type { FastifyReply } from 'fastify';

/**
 * A signal that fires when the client goes away before its answer was written: the response closes
 * without having finished. A finished response closes too, and then nothing is aborted.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
