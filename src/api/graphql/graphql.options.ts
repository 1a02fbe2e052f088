/** Apollo on Fastify, code-first; the printed schema is committed as schema.gql (see scripts). */
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLFormattedError } from 'graphql';
import { ProblemExtensionsView } from '../../http/problem-responses';
import { queryLimits } from './query-limits';

export const GRAPHQL_MAX_DEPTH = 8;
export const GRAPHQL_MAX_COST = 2000;

export function graphqlOptions(): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    // Documents the `extensions` of every error (and so the ErrorCode enum), which no field returns.
    buildSchemaOptions: { orphanedTypes: [ProblemExtensionsView] },
    graphiql: false,
    introspection: true,
    // Stored-game mutations read the side token from the HTTP Authorization header.
    context: ({ request }: { request: unknown }) => ({ req: request }),
    validationRules: [queryLimits(GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COST)],
    includeStacktraceInErrorResponses: false,
    // The cache-control plugin computes a cache hint per resolved field: measurable on 100+ moves, and
    // unused here (answers are POSTed).
    plugins: [ApolloServerPluginCacheControlDisabled()],
    formatError: (formatted: GraphQLFormattedError): GraphQLFormattedError => {
      // Apollo files every validation error under GRAPHQL_VALIDATION_FAILED; ours keep their own code.
      const ext = formatted.extensions ?? {};
      if (ext.maxCost !== undefined || ext.maxDepth !== undefined) return { ...formatted, extensions: { ...ext, code: 'QUERY_TOO_COMPLEX' } };
      // Unexpected errors keep their code but never leak internals.
      if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') {
        return { message: 'an unexpected error occurred', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      return formatted;
    },
  };
}
