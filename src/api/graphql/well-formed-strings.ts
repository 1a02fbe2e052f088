/**
 * String literals written inside a GraphQL document must be text the database can store, as bodies and
 * variables must (src/http/request-guards.ts checks those): a NUL or a lone surrogate is refused before
 * anything runs, instead of failing deep inside a write.
 */
import { GraphQLError, ValidationContext, ValidationRule } from 'graphql';
import { isWellFormedText } from '../../http/well-formed';

export const wellFormedStrings: ValidationRule = (context: ValidationContext) => ({
  StringValue(node) {
    if (isWellFormedText(node.value)) return;
    context.reportError(
      new GraphQLError('a string holds a NUL character or a lone UTF-16 surrogate, which cannot be stored', {
        nodes: [node],
        extensions: { code: 'BAD_USER_INPUT', illFormedText: true, errors: [{ code: 'INVALID_FIELD', message: 'ill-formed text' }] },
      }),
    );
  },
});
