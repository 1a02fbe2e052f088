/** Builds the Nest application on Fastify with everything a request meets before a controller. */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyReply, LogController } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { DtoValidationPipe } from './http/dto-validation.pipe';
import { createPino, PinoNestLogger } from './http/pino-logger';
import { PROBLEM_CONTENT_TYPE } from './http/problem-error';
import { proxyTrust } from './http/client-address';
import { capConnectionsPerClient, clientErrorHandler } from './http/client-connections';
import { installCors } from './http/cors';
import { installAnswersAsBytes } from './http/answers-as-bytes';
import { AnswerCache } from './http/answer-cache/answer-cache';
import { answerBeforeParsing, installAnswerCache } from './http/answer-cache/install-answer-cache';
import { installEarlyAnswers } from './http/answer-cache/early-answers';
import { logRequest } from './http/request-log';
import { installRateLimit } from './http/rate-limit/install-rate-limit';
import { RateLimiter } from './http/rate-limit/rate-limiter';
import { installWorkMeter } from './http/rate-limit/request-work';
import { installRequestGuards } from './http/request-guards';
import { installSecurityHeaders } from './http/security-headers';
import { toProblem } from './http/to-problem';
import { buildOpenApiDocument } from './api/openapi';
import { installGraphqlWs } from './api/graphql/graphql-ws';
import { earlyLegalMoves } from './api/rules/early-legal-moves';
import { earlyGraphqlLegalMoves } from './api/rules/early-graphql-legal-moves';
import { VariantCatalog } from './variants/variant-catalog';

import { version as VERSION } from '../package.json';

export { VERSION };

export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const pino = createPino(config.logLevel);
  const trust = proxyTrust(config.trustProxy);
  const adapter = new FastifyAdapter({
    loggerInstance: pino,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    // One line per request (below, when it ends) instead of Fastify's two: half the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    trustProxy: trust,
    // A client sending its request slowly (a byte every few seconds) is cut off, not waited for. Node only
    // enforces the request timeout when it is given to the server's constructor with a headers timeout no
    // longer than it; Fastify's own option alone is set too late and leaves slow bodies open for ever.
    // Expired connections are looked for every second, so none outlives the timeout by more than that.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    clientErrorHandler: clientErrorHandler(config.requestTimeoutMs),
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Errors the router raises before any handler (a malformed URL) answer as problems too.
    frameworkErrors: (error: Error, _request: unknown, reply: FastifyReply) => {
      const e = toProblem(error);
      void reply.status(e.status).header('content-type', PROBLEM_CONTENT_TYPE).send(e.toProblem());
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(pino),
    bufferLogs: false,
    // Bodies are parsed by our own JSON parser (src/http/request-guards.ts), installed below.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.server.maxConnections = config.maxConnections;
  capConnectionsPerClient(fastify.server, config.maxConnectionsPerClient);
  installRequestGuards(fastify, answerBeforeParsing(app.get(AnswerCache)));
  installSecurityHeaders(fastify);
  await installCors(app, config.corsOrigins);

  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    logRequest(pino, request.id, request.method, request.url, reply.statusCode, reply.elapsedTime, request.ip);
    done();
  });

  installRateLimit(fastify, app.get(RateLimiter));
  installAnswersAsBytes(fastify);
  installAnswerCache(fastify, app.get(AnswerCache));
  installEarlyAnswers(fastify, {
    cache: app.get(AnswerCache),
    limiter: app.get(RateLimiter),
    trust,
    log: pino,
    bodyLimit: config.bodyLimitBytes,
    operations: new Map([
      ['/v1/legal-moves', earlyLegalMoves(app.get(VariantCatalog), config)],
      ['/graphql', earlyGraphqlLegalMoves(app.get(VariantCatalog), config)],
    ]),
  });
  installWorkMeter(fastify);
  installGraphqlWs(app, config, app.get(RateLimiter));

  app.useGlobalPipes(new DtoValidationPipe());

  const document = buildOpenApiDocument(app, VERSION);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
  await app.init();
  await fastify.ready();
  return app;
}
