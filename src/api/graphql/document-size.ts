/**
 * A bound on the fields and fragment spreads of a GraphQL document, checked before graphql-js validates
 * it. graphql-js's OverlappingFieldsCanBeMerged rule (one of the rules every server must run) compares
 * every pair of fields that share a response name and every pair of fragments spread in one selection
 * set: 2,700 copies of `variants { id }` held the event loop 95 ms, and 500 fragments spread in ten
 * selection sets 72 ms. The rules of this service (query-limits.ts) refuse such documents, but
 * graphql-js runs its own rules first on each node, so the count must come before validation: for
 * HTTP in a Fastify hook, over WebSocket right after the parse.
 */
import { BREAK, DocumentNode, GraphQLError, Kind, parse, visit } from 'graphql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { isGraphqlRequest, replyProblem } from '../../http/problem-reply';
import { graphqlMaxTokens } from './graphql.options';

/**
 * Field selections one document may hold: the standard introspection query has 72, the largest useful
 * query of this schema a few hundred. At the limit, the worst arrangement validates in about 13 ms.
 */
export const MAX_DOCUMENT_FIELDS = 500;
/** Fragment spreads and inline fragments one document may hold; at the limit, about 25 ms. */
export const MAX_DOCUMENT_SPREADS = 200;

/** `a ` is the shortest field and `...F ` the shortest spread: a shorter document is within both limits. */
const SHORTEST_OVER_LIMIT = Math.min(2 * MAX_DOCUMENT_FIELDS, 5 * MAX_DOCUMENT_SPREADS);

/** What the document holds too much of, or null; one linear walk that stops at the first limit passed. */
export function documentTooBig(document: DocumentNode): string | null {
  let fields = 0;
  let spreads = 0;
  let found: string | null = null;
  const spread = () => {
    if (++spreads <= MAX_DOCUMENT_SPREADS) return undefined;
    found = `the document holds more than ${MAX_DOCUMENT_SPREADS} fragment spreads and inline fragments`;
    return BREAK;
  };
  visit(document, {
    [Kind.FIELD]() {
      if (++fields <= MAX_DOCUMENT_FIELDS) return undefined;
      found = `the document selects more than ${MAX_DOCUMENT_FIELDS} fields`;
      return BREAK;
    },
    [Kind.FRAGMENT_SPREAD]: spread,
    [Kind.INLINE_FRAGMENT]: spread,
  });
  return found;
}

export function documentTooBigError(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'QUERY_TOO_COMPLEX', maxFields: MAX_DOCUMENT_FIELDS, maxSpreads: MAX_DOCUMENT_SPREADS },
  });
}

function queryText(request: FastifyRequest): string | null {
  const from = request.method === 'GET' ? request.query : request.body;
  const query = from && typeof from === 'object' ? (from as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query : null;
}

/**
 * Refuses, before Apollo validates, an HTTP GraphQL document over the limits (a GraphQL-shaped 400).
 * Only a long document is parsed here (Apollo parses it again); one that does not parse is left to
 * Apollo, which says why.
 */
export function installDocumentSize(fastify: FastifyInstance, config: Pick<AppConfig, 'maxMoves'>): void {
  const maxTokens = graphqlMaxTokens(config);
  fastify.addHook('preValidation', (request, reply, done) => {
    const text = isGraphqlRequest(request) ? queryText(request) : null;
    if (text === null || text.length <= SHORTEST_OVER_LIMIT) return done();
    let document: DocumentNode;
    try {
      document = parse(text, { maxTokens });
    } catch {
      return done();
    }
    const tooBig = documentTooBig(document);
    if (tooBig === null) return done();
    // Answered here: done() is not called.
    void replyProblem(request, reply, new ProblemError({ code: 'QUERY_TOO_COMPLEX', detail: tooBig }));
  });
}
