/** Builds the Nest application on Fastify with everything a request meets before a controller. */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyReply, FastifyRequest } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { DtoValidationPipe } from './http/dto-validation.pipe';
import { createPino, PinoNestLogger } from './http/pino-logger';
import { replyProblem } from './http/problem-reply';
import { proxyTrust } from './http/client-address';
import { capConnectionsPerClient, clientErrorHandler } from './http/client-connections';
import { installCors } from './http/cors';
import { installAnswersAsBytes } from './http/answers-as-bytes';
import { AnswerCache } from './http/answer-cache/answer-cache';
import { answerCachePlugin, answeredFromCache } from './http/answer-cache/answer-cache.plugin';
import { installRateLimit } from './http/rate-limit/install-rate-limit';
import { RateLimiter } from './http/rate-limit/rate-limiter';
import { installWorkMeter } from './http/rate-limit/request-work';
import { installRequestGuards, requestShapeLimits } from './http/request-guards';
import { installRequestLog, requestLogOptions } from './http/request-log';
import { RequestCounts, installRequestCounting } from './http/request-counts';
import { installSecurityHeaders } from './http/security-headers';
import { registerPlainRoutes } from './http/plain-routes';
import { toProblem } from './http/to-problem';
import { buildOpenApiDocument } from './api/openapi';
import { apiPlainRoutes } from './api/api-routes';
import { installGraphqlWs } from './api/graphql/graphql-ws';
import { installDocumentSize } from './api/graphql/document-size';
import { installGraphqlExplorer } from './api/graphql/explorer';
import { installBoardPages } from './board-pages/board-pages';

import { version as VERSION } from '../package.json';

export { VERSION };

export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const pino = createPino(config.logLevel);
  const trust = proxyTrust(config.trustProxy);
  const adapter = new FastifyAdapter({
    ...requestLogOptions(pino),
    // No Nest middleware here (hooks do that work), so no @fastify/middie run on every request.
    skipMiddie: true,
    bodyLimit: config.bodyLimitBytes,
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
    // Route schemas (plain-routes.ts) check, they do not convert: a number where a string belongs is a
    // 400, not the string "7"; and every failure is listed, as for Nest's DTOs.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true, keywords: ['example'] } },
    // Errors the router raises before any handler (a malformed URL) answer as problems too.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => void replyProblem(request, reply, toProblem(error)),
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
  const cache = app.get(AnswerCache);
  installRequestGuards(fastify, requestShapeLimits(config), answeredFromCache(cache));
  installSecurityHeaders(fastify);
  await installCors(app, config.corsOrigins);
  installRequestLog(fastify);
  installRequestCounting(fastify, app.get(RequestCounts));
  installRateLimit(fastify, app.get(RateLimiter));
  installAnswersAsBytes(fastify);
  await app.register(answerCachePlugin, { cache });
  installWorkMeter(fastify);
  installDocumentSize(fastify, config);
  installGraphqlWs(app, config, app.get(RateLimiter));
  await installGraphqlExplorer(fastify);
  await installBoardPages(fastify, config);

  app.useGlobalPipes(new DtoValidationPipe());

  const routes = apiPlainRoutes(app);
  const document = buildOpenApiDocument(app, VERSION, routes);
  registerPlainRoutes(fastify, routes, (document.components?.schemas ?? {}) as Record<string, unknown>);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
  await app.init();
  await fastify.ready();
  return app;
}
