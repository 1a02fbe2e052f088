/**
 * The work a GraphQL request asks for, counted before it runs: every field that takes a game state
 * replays its moves, so the plies of all such fields (aliases and fragment spreads included) must fit
 * one per-request budget. Without it, a thousand aliases of one long game each stay under the per-field
 * move cap while together holding the event loop for tens of seconds. Variables are known here (after
 * the operation is resolved), which a validation rule cannot see.
 */
import { ApolloServerPlugin } from '@apollo/server';
import { FragmentDefinitionNode, GraphQLError, Kind, OperationDefinitionNode, SelectionSetNode, ValueNode } from 'graphql';

type Variables = Record<string, unknown> | undefined;

/** Moves listed by a `state` argument, whether written inline or passed as variables. */
function movesOf(value: ValueNode, variables: Variables): number {
  const fromVariable = (name: string): unknown => variables?.[name];
  if (value.kind === Kind.VARIABLE) {
    const state = fromVariable(value.name.value) as { moves?: unknown } | null | undefined;
    return Array.isArray(state?.moves) ? state.moves.length : 0;
  }
  if (value.kind !== Kind.OBJECT) return 0;
  const moves = value.fields.find((f) => f.name.value === 'moves')?.value;
  if (!moves) return 0;
  if (moves.kind === Kind.LIST) return moves.values.length;
  if (moves.kind === Kind.VARIABLE) {
    const list = fromVariable(moves.name.value);
    return Array.isArray(list) ? list.length : 0;
  }
  return 0;
}

export function countReplayedPlies(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Variables,
): number {
  const memo = new Map<string, number>();
  const walk = (set: SelectionSetNode, open: Set<string>): number => {
    let plies = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const state = sel.arguments?.find((a) => a.name.value === 'state');
        // Every replay costs at least its start position, so an empty game still counts.
        if (state) plies += 1 + movesOf(state.value, variables);
        if (sel.selectionSet) plies += walk(sel.selectionSet, open);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        plies += walk(sel.selectionSet, open);
      } else {
        const name = sel.name.value;
        const frag = fragments[name];
        if (!frag || open.has(name)) continue;
        let n = memo.get(name);
        if (n === undefined) {
          n = walk(frag.selectionSet, new Set([...open, name]));
          memo.set(name, n);
        }
        plies += n;
      }
    }
    return plies;
  };
  return walk(operation.selectionSet, new Set());
}

export function replayBudget(maxPlies: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request }) {
          if (!operation) return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
          const plies = countReplayedPlies(operation, fragments, request.variables);
          if (plies > maxPlies) {
            throw new GraphQLError(`this request replays ${plies} plies in all, over the budget of ${maxPlies} per request; split it`, {
              extensions: { code: 'QUERY_TOO_COMPLEX', plies, maxPlies, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
