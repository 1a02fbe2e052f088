/** The routes the api room serves as plain Fastify routes (http/plain-routes.ts), for the app and its OpenAPI document. */
import type { INestApplication } from '@nestjs/common';
import type { PlainRoute } from '../http/plain-routes';
import { rulesRoutes } from './rules/rules.routes';
import { RulesService } from './rules/rules.service';

export function apiPlainRoutes(app: INestApplication): PlainRoute[] {
  return rulesRoutes(app.get(RulesService));
}
