/**
 * The one way a refusal made outside a resolver or controller (the body parser, a route's schema, the
 * rate limit, the router) is answered: application/problem+json, or, on the GraphQL route, the shape
 * every GraphQL client reads, `{ errors: [{ message, extensions: { code, errors } }] }`, with the same
 * status and Retry-After. Resolvers' own errors go through Apollo (problem.filter.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemError } from './problem-error';

/** The route Apollo serves (api/graphql/graphql.options.ts). */
export const GRAPHQL_PATH = '/graphql';

/** 400 codes GraphQL keeps as they are; every other 400 is malformed input, one code as api.md 4 has it. */
const OWN_400_CODES: ReadonlySet<string> = new Set(['VARIANT_NOT_FOUND', 'QUERY_TOO_COMPLEX']);

/** The extensions of a GraphQL error for a problem. */
export function graphqlExtensions(e: ProblemError): Record<string, unknown> {
  const extensions = e.fields();
  if (e.status === 400 && !OWN_400_CODES.has(e.code)) extensions.code = 'BAD_USER_INPUT';
  return extensions;
}

export function isGraphqlRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url === GRAPHQL_PATH;
}

export function replyProblem(request: FastifyRequest, reply: FastifyReply, e: ProblemError): FastifyReply {
  if (e.retryAfter !== undefined) reply.header('retry-after', String(e.retryAfter));
  reply.status(e.status);
  if (isGraphqlRequest(request)) {
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send({ errors: [{ message: e.detail, extensions: graphqlExtensions(e) }] });
  }
  return reply.header('content-type', PROBLEM_CONTENT_TYPE).send(e.toProblem(request.url));
}
