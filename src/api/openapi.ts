/** The OpenAPI 3.1 document, generated from the controllers and DTOs; committed as openapi/openapi.json. */
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ENUM_DESCRIPTIONS } from '../http/enums';
import { ProblemItemView, ProblemView, problemResponse } from '../http/problem-responses';
import { RATE_LIMIT_EXEMPT } from '../http/rate-limit/rate-limit-exempt';
import { PlainRoute, plainRouteModels, plainRoutePaths } from '../http/plain-routes';

/** The name operations with a side's token refer to (`@ApiBearerAuth()` defaults to it). */
const BEARER_SCHEME = 'bearer';

const TAGS: [name: string, description: string][] = [
  ['rules', 'Stateless rules operations on a game state (variant, optional TFEN position, moves): nothing is stored.'],
  ['variants', 'The built-in variants and how each is played, as the engine runs them.'],
  ['games', 'Stored games: create, read, list, play with a side token, resign, draws, export and import.'],
  ['health', 'Liveness and readiness probes for orchestrators; not rate limited.'],
];

/** Methods whose requests Fastify reads a body of, so its body limit can refuse them. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** @nestjs/swagger writes 3.0 `nullable: true`; 3.1 spells it as a "null" member of `type`. */
function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = toOpenApi31(v);
  // A lone `allOf: [{ $ref }]` is how Swagger attaches siblings to a reference; 3.1 allows them beside $ref.
  if (Array.isArray(out.allOf) && out.allOf.length === 1 && out.$ref === undefined) {
    const [only] = out.allOf as Record<string, unknown>[];
    if (typeof only?.$ref === 'string' && Object.keys(only).length === 1) {
      delete out.allOf;
      out.$ref = only.$ref;
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.$ref || out.allOf) {
      const ref = out.$ref ? { $ref: out.$ref } : { allOf: out.allOf };
      delete out.$ref;
      delete out.allOf;
      out.oneOf = [ref, { type: 'null' }];
    }
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

type Operation = { responses?: Record<string, unknown>; parameters?: { in?: string; name?: string }[] };

/**
 * The body limit and the rate limit act before any controller, on every route they cover, so their
 * problems are added here from the route's method and path rather than repeated on each handler.
 */
function completeOperations(doc: OpenAPIObject): void {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      // Nest lists the `Authorization` header a handler reads; OpenAPI ignores a header parameter of that
      // name (the bearer scheme describes it), and Swagger UI would show a second, dead input.
      if (op.parameters) op.parameters = op.parameters.filter((p) => !(p.in === 'header' && p.name?.toLowerCase() === 'authorization'));
      const responses = (op.responses ??= {});
      if (BODY_METHODS.has(method)) responses['413'] ??= problemResponse(413);
      if (!RATE_LIMIT_EXEMPT.has(path)) responses['429'] ??= problemResponse(429);
    }
  }
}

/** `plainRoutes`: the routes Fastify serves beside Nest's controllers (api-routes.ts). */
export function buildOpenApiDocument(app: INestApplication, version: string, plainRoutes: readonly PlainRoute[]): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Tafl rules as a service')
    .setDescription(
      'Legal moves, captures and outcomes for the hnefatafl family of board games. Positions are TFEN strings, ' +
        'moves are "f4-f7" (rich form with captures "f4-f7xf8/e7"). Errors are application/problem+json with a stable `code`.',
    )
    .setVersion(version)
    .addServer('/', 'Relative to the host that serves this document')
    .addBearerAuth(
      // The tokens are random strings, not the JWTs addBearerAuth assumes.
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: undefined,
        description: 'The token of a side, answered once by createGame or importGame (`tokens.attackers`, `tokens.defenders`).',
      },
      BEARER_SCHEME,
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const doc = SwaggerModule.createDocument(app, builder.build(), {
    extraModels: [ProblemView, ProblemItemView, ...plainRouteModels(plainRoutes)],
  });
  Object.assign(doc.paths, plainRoutePaths(plainRoutes));
  for (const [name, description] of Object.entries(ENUM_DESCRIPTIONS)) {
    const schema = doc.components?.schemas?.[name] as { description?: string } | undefined;
    if (schema) schema.description = description;
  }
  // Public unless an operation names the bearer scheme: only a side's own actions take a token.
  doc.security = [];
  completeOperations(doc);
  return toOpenApi31(doc) as OpenAPIObject;
}
