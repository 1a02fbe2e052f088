/**
 * The request id on every answer (the client's X-Request-ID, or one Fastify made), and the one log line
 * every request ends with, written through the request's own logger (pino, with the id bound), in
 * place of Fastify's two lines.
 */
import { randomUUID } from 'node:crypto';
import { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';

/**
 * Fastify's logging options of the service: its logger (pino-logger.ts), the request id the client sent
 * or a new UUID, and no request lines of Fastify's own (installRequestLog writes one instead of two).
 */
export function requestLogOptions(logger: FastifyBaseLogger) {
  return {
    loggerInstance: logger,
    requestIdHeader: 'x-request-id',
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
  };
}

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
