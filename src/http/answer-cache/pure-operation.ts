/**
 * Whether a GraphQL operation asks only for pure answers: a query whose root fields all carry a cache
 * hint in the schema (`@cacheControl(maxAge)`, graphql-cache-hints.ts), fragments on the root
 * included. Everything below a pure root field is the answer of that field, so the hints of the root
 * decide; nothing is computed per resolved field (Apollo's cache-control plugin does that for every
 * field of every answer, a hundred moves' worth on a legal-moves answer). Decided once per parsed
 * document: Apollo's document store hands the same document to every request with the same text.
 */
import { DocumentNode, GraphQLSchema, Kind, OperationDefinitionNode, SelectionSetNode } from 'graphql';

/** The root query fields whose definition carries `@cacheControl` with a positive maxAge. */
export function pureRootFields(schema: GraphQLSchema): ReadonlySet<string> {
  const fields = schema.getQueryType()?.getFields() ?? {};
  const pure = new Set<string>(['__typename']);
  for (const [name, field] of Object.entries(fields)) {
    const hint = field.astNode?.directives?.find((d) => d.name.value === 'cacheControl');
    const maxAge = hint?.arguments?.find((a) => a.name.value === 'maxAge')?.value;
    if (maxAge?.kind === Kind.INT && Number(maxAge.value) > 0) pure.add(name);
  }
  return pure;
}

export function isPureOperation(document: DocumentNode, operation: OperationDefinitionNode, pure: ReadonlySet<string>): boolean {
  if (operation.operation !== 'query') return false;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])),
  );
  const seen = new Set<string>();
  const rootIsPure = (set: SelectionSetNode): boolean =>
    set.selections.every((sel) => {
      if (sel.kind === Kind.FIELD) return pure.has(sel.name.value);
      if (sel.kind === Kind.INLINE_FRAGMENT) return rootIsPure(sel.selectionSet);
      const name = sel.name.value;
      if (seen.has(name)) return true;
      seen.add(name);
      const fragment = fragments.get(name);
      return fragment !== undefined && rootIsPure(fragment);
    });
  return rootIsPure(operation.selectionSet);
}
