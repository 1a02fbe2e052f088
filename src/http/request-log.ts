/**
 * The request id on every answer (the client's X-Request-ID, or one Fastify made), and the one log line
 * every request ends with, written through the request's own logger (pino, with the id bound), in
 * place of Fastify's two lines.
 */
import type { FastifyInstance } from 'fastify';

export function installRequestLog(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 100) / 100, ip: request.ip },
      'request',
    );
    done();
  });
}
