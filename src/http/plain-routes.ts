/**
 * Routes Fastify serves itself, beside Nest's controllers: the hot pure operations, where going through
 * Nest (its router, pipes and interceptor chain) cost more than the answer (measured: 104–178 µs of
 * CPU a request through Nest, 35–49 µs as a Fastify route with the same hooks). They pass every Fastify
 * hook like any route. One declaration per route gives both its Fastify registration and its OpenAPI
 * operation, and the body's JSON schema is the OpenAPI schema of the same DTO class Nest and GraphQL use
 * (derived, never written twice), compiled once by Fastify's validator.
 */
import type { Type } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { PURE_ROUTE } from './answer-cache/answer-cache.plugin';
import { problemResponse } from './problem-responses';

export interface RouteParameter {
  name: string;
  in: 'path' | 'query';
  description: string;
  example?: string;
}

export interface PlainRoute {
  method: 'GET' | 'POST';
  /** In Fastify's syntax: `/v1/variants/:id/legal-moves`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The DTO class of the JSON body, whose OpenAPI component schema validates it. */
  body?: Type<unknown>;
  parameters?: RouteParameter[];
  ok: { type: Type<unknown>; description: string };
  /** Problem statuses the route's own work can answer (413 and 429 are added to every route). */
  problems: number[];
  /** Whether the answer depends on the request alone (the answer cache may keep it). */
  pure: boolean;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

type Schema = Record<string, unknown>;

/** A component schema with its references replaced by the schemas they name (bodies are small trees). */
function inlined(schema: unknown, components: Record<string, unknown>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, components, seen));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    if (seen.includes(name)) throw new Error(`schema ${name} refers to itself; a body schema must be a tree`);
    return inlined(components[name], components, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inlined(v, components, seen)]));
}

function parametersSchema(route: PlainRoute, where: 'path' | 'query'): Schema | undefined {
  const list = (route.parameters ?? []).filter((p) => p.in === where);
  if (list.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, { type: 'string' }])),
    ...(where === 'path' ? { required: list.map((p) => p.name) } : {}),
  };
}

/** The Fastify schema of a route: its body's component schema, its path and query parameters. */
function fastifySchema(route: PlainRoute, components: Record<string, unknown>): RouteShorthandOptions['schema'] {
  const schema: Record<string, unknown> = {};
  if (route.body) {
    const component = components[route.body.name];
    if (!component) throw new Error(`no OpenAPI schema for ${route.body.name}: list it among the document's models`);
    // A field the DTO does not declare is refused (UNKNOWN_FIELD), as on every other route.
    schema.body = { ...(inlined(component, components) as Schema), additionalProperties: false };
  }
  const params = parametersSchema(route, 'path');
  if (params) schema.params = params;
  const querystring = parametersSchema(route, 'query');
  if (querystring) schema.querystring = querystring;
  return schema;
}

/** `components`: the OpenAPI document's component schemas (the DTO classes among them). */
export function registerPlainRoutes(fastify: FastifyInstance, routes: readonly PlainRoute[], components: Record<string, unknown>): void {
  for (const route of routes) {
    fastify.route({
      method: route.method,
      url: route.url,
      config: route.pure ? PURE_ROUTE : {},
      schema: fastifySchema(route, components),
      handler: route.handler,
    });
  }
}

const componentRef = (type: Type<unknown>) => ({ $ref: `#/components/schemas/${type.name}` });

/** The OpenAPI paths of the routes, as @nestjs/swagger writes those of controllers. */
export function plainRoutePaths(routes: readonly PlainRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      200: { description: r.ok.description, content: { 'application/json': { schema: componentRef(r.ok.type) } } },
    };
    for (const status of r.problems) responses[status] = problemResponse(status);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      parameters: (r.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === 'path',
        description: p.description,
        schema: { type: 'string', ...(p.example !== undefined ? { example: p.example } : {}) },
      })),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: componentRef(r.body) } } } } : {}),
      responses,
    };
  }
  return paths;
}

/** The classes the routes name, for the document's components. */
export function plainRouteModels(routes: readonly PlainRoute[]): Type<unknown>[] {
  return [...new Set(routes.flatMap((r) => (r.body ? [r.body, r.ok.type] : [r.ok.type])))];
}
