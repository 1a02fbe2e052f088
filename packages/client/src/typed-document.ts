/**
 * A GraphQL document that carries its result and variable types. The generated documents
 * (generated/graphql.ts) are made with `typedDocument`; `client.graphql(doc, variables)` reads both types
 * from it. No graphql-js at run time: the document is its text.
 */

export interface TypedDocument<TResult, TVariables> {
  /** The document's text, sent as `query`: the operation and the fragments it spreads. */
  readonly query: string;
  /** The operation's name, sent as `operationName`. */
  readonly operationName: string;
  /**
   * Never set: it only carries the types. Its shape is the one `DocumentTypeDecoration` of
   * @graphql-typed-document-node/core reads, so other typed GraphQL clients infer the same types.
   */
  readonly __apiType?: (variables: TVariables) => TResult;
}

/** The result type of a typed document. */
export type ResultOf<D> = D extends TypedDocument<infer R, infer _V> ? R : never;
/** The variables type of a typed document. */
export type VariablesOf<D> = D extends TypedDocument<infer _R, infer V> ? V : never;

export function typedDocument<TResult, TVariables>(operationName: string, query: string): TypedDocument<TResult, TVariables> {
  return { operationName, query };
}
