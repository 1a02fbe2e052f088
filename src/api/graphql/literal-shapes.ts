/**
 * Literals written inside a GraphQL document must fit the same shape as bodies and variables
 * (src/http/well-formed.ts, checked by the JSON body parser): text the database can store, no longer
 * than a string may be, lists and objects (a JSON scalar written inline) no bigger than the limits,
 * no reserved key. Refused before anything runs, instead of failing deep inside a write. Nesting is
 * bounded by the document's token limit.
 */
import { GraphQLError, ValidationContext, ValidationRule, ASTNode } from 'graphql';
import { RESERVED_KEYS, ShapeLimits, ShapeProblemReason, isWellFormedText, shapeMessage } from '../../http/well-formed';

export function literalShapes(limits: ShapeLimits): ValidationRule {
  return (context: ValidationContext) => {
    const refuse = (node: ASTNode, reason: ShapeProblemReason) =>
      context.reportError(
        new GraphQLError(`a literal ${shapeMessage(reason, limits)}`, {
          nodes: [node],
          extensions: {
            code: 'BAD_USER_INPUT',
            shapeProblem: true,
            errors: [{ code: 'INVALID_FIELD', message: shapeMessage(reason, limits) }],
          },
        }),
      );
    return {
      StringValue(node) {
        if (node.value.length > limits.chars) refuse(node, 'string-too-long');
        else if (!isWellFormedText(node.value)) refuse(node, 'ill-formed-text');
      },
      ListValue(node) {
        if (node.values.length > limits.items) refuse(node, 'too-many-items');
      },
      ObjectValue(node) {
        if (node.fields.length > limits.keys) refuse(node, 'too-many-keys');
        else if (node.fields.some((f) => RESERVED_KEYS.has(f.name.value))) refuse(node, 'reserved-key');
      },
    };
  };
}
