/**
 * Limits on the shape of a GraphQL operation, checked as a validation rule so an over-limit document is
 * refused before anything runs:
 * - depth: nesting of selections (introspection excepted: the standard introspection query nests its
 *   type references about ten deep, and its size is bounded by the schema, not by the client);
 * - cost: 1 per field, children of list fields counted LIST_FACTOR times, aliases counting separately;
 *   introspection fields count too, flat (no list factor), and each `__schema` / `__type` adds
 *   INTROSPECTION_COST, so thousands of aliased introspections are refused;
 * - root fields: at most `maxRootFields` fields (aliases included) at the top of an operation.
 * Each fragment is measured once per parent type and reused wherever it is spread, so the check is
 * linear in the document, however often fragments spread one another.
 */
import {
  ASTNode,
  FragmentDefinitionNode,
  GraphQLError,
  GraphQLNamedType,
  GraphQLOutputType,
  Kind,
  SchemaMetaFieldDef,
  SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  ValidationContext,
  ValidationRule,
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

export const LIST_FACTOR = 5;
export const INTROSPECTION_COST = 100;

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxRootFields: number;
}

interface Measure {
  cost: number;
  /** Deepest nesting below the selection set's own level. */
  depth: number;
}

function isList(t: GraphQLOutputType): boolean {
  return isListType(isNonNullType(t) ? t.ofType : t);
}

function tooComplex(message: string, node: ASTNode, extensions: Record<string, number>): GraphQLError {
  return new GraphQLError(message, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX', ...extensions } });
}

export function queryLimits(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext) => {
    const schema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const memo = new Map<string, Measure>();
    // A fragment being measured: a spread of it inside itself is a cycle, which the standard rules report.
    const open = new Set<string>();

    const fieldType = (parent: GraphQLNamedType | undefined, name: string): GraphQLOutputType | undefined => {
      if (name === '__schema') return SchemaMetaFieldDef.type;
      if (name === '__type') return TypeMetaFieldDef.type;
      if (name === '__typename') return TypeNameMetaFieldDef.type;
      return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name]?.type : undefined;
    };

    const measure = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, introspection: boolean): Measure => {
      let cost = 0;
      let depth = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          const name = sel.name.value;
          const inside = introspection || name === '__schema' || name === '__type';
          const type = fieldType(parent, name);
          cost += 1 + (name === '__schema' || name === '__type' ? INTROSPECTION_COST : 0);
          if (sel.selectionSet) {
            const child = measure(sel.selectionSet, type ? getNamedType(type) : undefined, inside);
            cost += child.cost * (type && isList(type) && !inside ? LIST_FACTOR : 1);
            if (!inside) depth = Math.max(depth, child.depth + 1);
          }
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const type = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
          const child = measure(sel.selectionSet, type, introspection);
          cost += child.cost;
          depth = Math.max(depth, child.depth);
        } else {
          const frag = fragments.get(sel.name.value);
          if (!frag || open.has(frag.name.value)) continue;
          const type = schema.getType(frag.typeCondition.name.value) ?? parent;
          const key = `${frag.name.value}\u0000${type?.name ?? ''}\u0000${introspection ? 1 : 0}`;
          let child = memo.get(key);
          if (!child) {
            open.add(frag.name.value);
            child = measure(frag.selectionSet, type, introspection);
            open.delete(frag.name.value);
            memo.set(key, child);
          }
          cost += child.cost;
          depth = Math.max(depth, child.depth);
        }
        // Costs only grow: once far over the limit, the exact figure no longer matters.
        if (cost > limits.maxCost * 1000) return { cost, depth };
      }
      return { cost, depth };
    };

    /** Fields at the top of the operation, through fragments (each fragment counted once per spread). */
    const rootFields = (set: SelectionSetNode, seen: Set<string>): number => {
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += 1;
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += rootFields(sel.selectionSet, seen);
        else {
          const frag = fragments.get(sel.name.value);
          if (!frag || seen.has(frag.name.value)) continue;
          n += rootFields(frag.selectionSet, new Set([...seen, frag.name.value]));
        }
        if (n > limits.maxRootFields) return n;
      }
      return n;
    };

    return {
      OperationDefinition(node) {
        const root =
          node.operation === 'query'
            ? schema.getQueryType()
            : node.operation === 'mutation'
              ? schema.getMutationType()
              : schema.getSubscriptionType();
        const roots = rootFields(node.selectionSet, new Set());
        if (roots > limits.maxRootFields) {
          context.reportError(
            tooComplex(`an operation may have at most ${limits.maxRootFields} root fields (aliases count)`, node, {
              maxRootFields: limits.maxRootFields,
            }),
          );
          return;
        }
        const { cost, depth } = measure(node.selectionSet, root ?? undefined, false);
        if (depth + 1 > limits.maxDepth) {
          context.reportError(
            tooComplex(`query depth ${depth + 1} exceeds the limit of ${limits.maxDepth}`, node, {
              depth: depth + 1,
              maxDepth: limits.maxDepth,
            }),
          );
        }
        if (cost > limits.maxCost) {
          context.reportError(
            tooComplex(`query cost ${cost} exceeds the limit of ${limits.maxCost}`, node, { cost, maxCost: limits.maxCost }),
          );
        }
      },
    };
  };
}
