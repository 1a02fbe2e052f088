/**
 * Apollo's cache hints for the pure GraphQL operations: a root query whose answer depends on its
 * arguments alone says so with `@PureQuery()`, so that its results are kept (graphql-answer-cache.ts,
 * which reads the hints of the root fields: everything below one is its answer). Every other root
 * field has no hint, which reads as "not cacheable": a document that also asks for a stored game, or a
 * mutation, is never kept.
 */
import { Directive } from '@nestjs/graphql';
import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLEnumType, GraphQLInt } from 'graphql';

/** Pure answers never change while the engine does not; an hour is what the REST GET forms say too. */
const PURE_MAX_AGE_SECONDS = 3600;

/** The directive Apollo's cache-control plugin reads, declared in the schema as Apollo documents it. */
export const CACHE_CONTROL_DIRECTIVE = new GraphQLDirective({
  name: 'cacheControl',
  description: 'How long an answer may be kept (Apollo cache hints); only pure operations carry one.',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: {
    maxAge: { type: GraphQLInt },
    scope: { type: new GraphQLEnumType({ name: 'CacheControlScope', values: { PUBLIC: {}, PRIVATE: {} } }) },
    inheritMaxAge: { type: GraphQLBoolean },
  },
});

export const PureQuery = (): MethodDecorator & PropertyDecorator => Directive(`@cacheControl(maxAge: ${PURE_MAX_AGE_SECONDS})`);
