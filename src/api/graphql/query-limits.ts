/**
 * Depth and cost limits for GraphQL operations, as a validation rule (so an over-limit query is refused
 * before anything runs). Cost: 1 per field, children of list fields counted LIST_FACTOR times; aliases
 * count separately. Introspection fields (__schema, __type) are not limited.
 */
import {
  FragmentDefinitionNode,
  GraphQLError,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLInterfaceType,
  Kind,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  getNamedType,
  isListType,
  isNonNullType,
} from 'graphql';

export const LIST_FACTOR = 5;

function isList(t: GraphQLOutputType): boolean {
  return isListType(isNonNullType(t) ? t.ofType : t);
}

export function queryLimits(maxDepth: number, maxCost: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    const schema = context.getSchema();

    const walk = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, depth: number, seen: Set<string>): { cost: number; depth: number } => {
      let cost = 0;
      let deepest = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          const fields = parent instanceof GraphQLObjectType || parent instanceof GraphQLInterfaceType ? parent.getFields() : {};
          const def = fields[sel.name.value];
          let childCost = 0;
          if (sel.selectionSet) {
            const child = walk(sel.selectionSet, def ? getNamedType(def.type) : undefined, depth + 1, seen);
            childCost = child.cost * (def && isList(def.type) ? LIST_FACTOR : 1);
            deepest = Math.max(deepest, child.depth);
          }
          cost += 1 + childCost;
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) ?? parent : parent;
          const child = walk(sel.selectionSet, type, depth, seen);
          cost += child.cost;
          deepest = Math.max(deepest, child.depth);
        } else {
          const frag = fragments[sel.name.value];
          if (!frag || seen.has(frag.name.value)) continue; // cycles are reported by the standard rules
          const child = walk(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, depth, new Set([...seen, frag.name.value]));
          cost += child.cost;
          deepest = Math.max(deepest, child.depth);
        }
      }
      return { cost, depth: deepest };
    };

    return {
      OperationDefinition(node) {
        const root = node.operation === 'query' ? schema.getQueryType() : node.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
        const { cost, depth } = walk(node.selectionSet, root ?? undefined, 1, new Set());
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`query depth ${depth} exceeds the limit of ${maxDepth}`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX', depth, maxDepth } }));
        }
        if (cost > maxCost) {
          context.reportError(new GraphQLError(`query cost ${cost} exceeds the limit of ${maxCost}`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost } }));
        }
      },
    };
  };
}
