/** The OpenAPI 3.1 document, generated from the controllers and DTOs; committed as openapi/openapi.json. */
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ProblemItemView, ProblemView } from '../http/problem-responses';

/** @nestjs/swagger writes 3.0 `nullable: true`; 3.1 spells it as a "null" member of `type`. */
function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = toOpenApi31(v);
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

export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Tafl rules as a service')
    .setDescription(
      'Legal moves, captures and outcomes for the hnefatafl family of board games. Positions are TFEN strings, ' +
        'moves are "f4-f7" (rich form with captures "f4-f7xf8/e7"). Errors are application/problem+json with a stable `code`.',
    )
    .setVersion(version)
    .build();
  const doc = SwaggerModule.createDocument(app, config, { extraModels: [ProblemView, ProblemItemView] });
  return toOpenApi31(doc) as OpenAPIObject;
}
