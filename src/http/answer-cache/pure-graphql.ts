/**
 * Whether a GraphQL request asks only for pure answers (rules operations on the state it sends), so
 * that its answer may be kept: a query (never a mutation or subscription) whose root fields are all in
 * PURE_ROOT_FIELDS. Decided once per document text; only misses of the answer cache ask.
 */
import { DocumentNode, Kind, OperationDefinitionNode, SelectionSetNode, parse } from 'graphql';

/** Root fields whose answer depends on their arguments alone (not on stored games or the registry). */
const PURE_ROOT_FIELDS = new Set(['legalMoves', 'applyMove', 'evaluateOutcome', 'validateGame', 'parseVariant', '__typename']);

const DECIDED_MAX = 1000;
const decided = new Map<string, boolean>();

function rootIsPure(set: SelectionSetNode, doc: DocumentNode, seen: Set<string>): boolean {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (!PURE_ROOT_FIELDS.has(sel.name.value)) return false;
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      if (!rootIsPure(sel.selectionSet, doc, seen)) return false;
    } else {
      const name = sel.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const frag = doc.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name);
      if (!frag || frag.kind !== Kind.FRAGMENT_DEFINITION || !rootIsPure(frag.selectionSet, doc, seen)) return false;
    }
  }
  return true;
}

function decide(query: string, operationName: string | null): boolean {
  let doc: DocumentNode;
  try {
    doc = parse(query, { noLocation: true });
  } catch {
    return false;
  }
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName === null ? (ops.length === 1 ? ops[0] : undefined) : ops.find((o) => o.name?.value === operationName);
  return op !== undefined && op.operation === 'query' && rootIsPure(op.selectionSet, doc, new Set());
}

/** `body`: the parsed JSON of a POST /graphql (a single request, not a batch). */
export function isPureGraphqlRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return false;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return false;
  const name = operationName ?? null;
  const key = `${name ?? ''}\n${query}`;
  let pure = decided.get(key);
  if (pure === undefined) {
    pure = decide(query, name);
    if (decided.size >= DECIDED_MAX) decided.delete(decided.keys().next().value!);
    decided.set(key, pure);
  }
  return pure;
}
