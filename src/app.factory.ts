/** Builds the Nest application on Fastify with everything a request meets before a controller. */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import rateLimit from '@fastify/rate-limit';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { DtoValidationPipe } from './http/dto-validation.pipe';
import { createPino, PinoNestLogger } from './http/pino-logger';
import { ProblemError } from './http/problem-error';
import { buildOpenApiDocument } from './api/openapi';

import { version as VERSION } from '../package.json';

export { VERSION };

export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const pino = createPino(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: pino,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(pino),
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();

  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: config.rateLimitWindowMs,
      enableDraftSpec: true,
      allowList: (req) => req.url === '/health' || req.url === '/ready',
      errorResponseBuilder: (_req, ctx) => {
        const e = ProblemError.rateLimited(
          `rate limit of ${ctx.max} requests per ${Math.round(config.rateLimitWindowMs / 1000)} s exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} s`,
        );
        return Object.assign(e, { statusCode: 429 });
      },
    });
  }

  app.useGlobalPipes(new DtoValidationPipe());

  const document = buildOpenApiDocument(app, VERSION);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
  await app.init();
  await fastify.ready();
  return app;
}
