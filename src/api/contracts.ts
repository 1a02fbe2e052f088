/** The two generated contracts, rendered the same way by the export script and the staleness test. */
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { apiPlainRoutes } from './api-routes';
import { buildOpenApiDocument } from './openapi';

export function renderSchema(app: NestFastifyApplication): string {
  return `${printSchema(app.get(GraphQLSchemaHost).schema)}\n`;
}

export function renderOpenApi(app: NestFastifyApplication, version: string): string {
  return `${JSON.stringify(buildOpenApiDocument(app, version, apiPlainRoutes(app)), null, 2)}\n`;
}
