import type { Socket } from 'node:net';
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

/**
 * For a handler without the reply (a GraphQL resolver): a signal that fires when the request's
 * connection closes before `release()` is called, which the handler calls once it has its answer. A
 * kept-alive socket outlives the request, so the listener is removed then.
 */
export function abortOnSocketClose(request: { raw: { socket: Socket | null } }): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  // An injected request (light-my-request) has a socket without events.
  const socket = typeof request.raw.socket?.once === 'function' ? request.raw.socket : null;
  const closed = () => controller.abort();
  socket?.once('close', closed);
  return { signal: controller.signal, release: () => socket?.off('close', closed) };
}
