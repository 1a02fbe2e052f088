/** Apollo on Fastify, code-first; the printed schema is committed as schema.gql (see scripts). */
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError, ValidationRule } from 'graphql';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import type { GraphqlContext } from '../../http/graphql-context';
import { AnswerCache } from '../../http/answer-cache/answer-cache';
import { CACHE_CONTROL_DIRECTIVE } from '../../http/answer-cache/graphql-cache-hints';
import { graphqlAnswerCache } from '../../http/answer-cache/graphql-answer-cache';
import { ProblemExtensionsView } from '../../http/problem-responses';
import { queryLimits } from './query-limits';
import { replayBudget } from './replay-budget';
import { literalShapes } from './literal-shapes';
import { requestShapeLimits } from '../../http/request-guards';

export const GRAPHQL_MAX_DEPTH = 8;
export const GRAPHQL_MAX_COST = 2000;
/** Enough for any real client (a game's few queries, a codegen introspection); 1,000 aliases are not. */
export const GRAPHQL_MAX_ROOT_FIELDS = 50;
/** Plies one request may replay in all: four games of the longest accepted length. */
export const REPLAY_BUDGET_GAMES = 4;

/**
 * Tokens a document may hold: parsing stops at the first past it, so a megabyte of document costs
 * milliseconds, not seconds. Room for the longest accepted move list written inline (a string and a
 * comma each) and a large introspection query besides.
 */
export function graphqlMaxTokens(config: Pick<AppConfig, 'maxMoves'>): number {
  return 2 * config.maxMoves + 10_000;
}

/** The validation rules of every GraphQL document, whichever transport brings it. */
export function validationRules(config: Pick<AppConfig, 'maxMoves'>): ValidationRule[] {
  return [
    literalShapes(requestShapeLimits(config)),
    queryLimits({ maxDepth: GRAPHQL_MAX_DEPTH, maxCost: GRAPHQL_MAX_COST, maxRootFields: GRAPHQL_MAX_ROOT_FIELDS }),
  ];
}

/** Every GraphQL error as answered, over HTTP (Apollo) and over WebSocket (graphql-ws) alike. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  // Apollo files every validation error under GRAPHQL_VALIDATION_FAILED; ours keep their own code.
  const ext = formatted.extensions ?? {};
  if (ext.maxCost !== undefined || ext.maxDepth !== undefined || ext.maxRootFields !== undefined) {
    return { ...formatted, extensions: { ...ext, code: 'QUERY_TOO_COMPLEX' } };
  }
  if (ext.shapeProblem) return { ...formatted, extensions: { code: 'BAD_USER_INPUT', errors: ext.errors } };
  if (ext.code === 'INTERNAL_SERVER_ERROR') {
    // graphql-js refuses some requests itself (a subscription on a schema without one, say): such an
    // error has no underlying cause, and it is the client's, not ours.
    const original = unwrapResolverError(error);
    if (original instanceof GraphQLError && !original.originalError) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_REQUEST' } };
    }
    // Unexpected errors keep their code but never leak internals.
    return {
      message: 'an unexpected error occurred',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return formatted;
}

/** `cache`: the answer cache whose `graphql` kind holds Apollo's kept results of pure queries. */
export function graphqlOptions(config: Pick<AppConfig, 'maxMoves'>, cache: AnswerCache): ApolloDriverConfig {
  const answers = graphqlAnswerCache(cache);
  return {
    driver: ApolloDriver,
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    // Documents the `extensions` of every error (and so the ErrorCode enum), which no field returns.
    buildSchemaOptions: { orphanedTypes: [ProblemExtensionsView], directives: [CACHE_CONTROL_DIRECTIVE] },
    graphiql: false,
    // Field resolvers (the `board` of an answer) report bad arguments as problems like any resolver.
    fieldResolverEnhancers: ['filters'],
    introspection: true,
    // The API authenticates with bearer tokens and sets no cookies, so a cross-site request carries no
    // credentials: Apollo's CSRF guard would only refuse standard GET queries (urql's default).
    csrfPrevention: false,
    // Automatic persisted queries are not offered: a client asking for them gets a client error.
    persistedQueries: false,
    // Stored-game mutations read the side token from the HTTP Authorization header. The Fastify
    // integration passes the request itself.
    context: (request: FastifyRequest): GraphqlContext => ({ req: request, clientAddress: request.ip }),
    validationRules: validationRules(config),
    parseOptions: { maxTokens: graphqlMaxTokens(config) },
    includeStacktraceInErrorResponses: false,
    // Pure queries are answered from the answer cache, known by the cache hints of their root fields
    // (graphql-cache-hints.ts). Apollo's cache-control plugin would compute a hint for every resolved
    // field (measurable on a hundred moves) and a Cache-Control header no HTTP cache uses for a POST.
    plugins: [ApolloServerPluginCacheControlDisabled(), answers.plugin, replayBudget(REPLAY_BUDGET_GAMES * (config.maxMoves + 1))],
    stringifyResult: answers.stringifyResult,
    formatError: formatGraphqlError,
  };
}
