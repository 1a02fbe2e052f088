/**
 * GraphQL over `POST /graphql` (api.md, "GraphQL") with typed documents: the generated ones
 * (generated/graphql.ts, made from schema.gql) or any `TypedDocument`. An answer with `errors` is thrown as
 * a `TaflGraphqlError` whose entries carry the same `code` as a REST problem in `extensions`.
 */
import type { ErrorCode, IllegalReason, ProblemItem } from './problems.js';
import { TaflError } from './problems.js';
import type { FetchLike } from './retry.js';
import type { TypedDocument } from './typed-document.js';

/** The codes GraphQL itself may answer besides the service's own catalogue. */
export type GraphqlOnlyCode = 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED' | 'BAD_REQUEST';

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  /** The fields of a REST problem: `code`, `errors`, and for illegal moves `reason`, `index`, `move`. */
  extensions?: {
    code?: ErrorCode | GraphqlOnlyCode;
    errors?: ProblemItem[];
    reason?: IllegalReason;
    index?: number;
    move?: string;
    [key: string]: unknown;
  };
}

/** An answer with `errors`: `data` holds whatever part of the result was made (often null). */
export class TaflGraphqlError<TResult = unknown> extends Error {
  readonly errors: GraphqlErrorEntry[];
  readonly data: TResult | null;

  constructor(errors: GraphqlErrorEntry[], data: TResult | null) {
    const first = errors[0];
    super(first ? `${first.extensions?.code ?? 'GRAPHQL_ERROR'}: ${first.message}` : 'the GraphQL answer has errors');
    this.name = 'TaflGraphqlError';
    this.errors = errors;
    this.data = data;
  }

  /** The code of the first error (the one GraphQL clients usually show). */
  get code(): ErrorCode | GraphqlOnlyCode | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

export interface GraphqlCallOptions {
  /** A side's token, for the mutations on stored games (sent as `Authorization: Bearer`). */
  token?: string;
  signal?: AbortSignal;
}

/**
 * The variables argument: optional when the operation has no required variable. (an empty object is assignable to a
 * variables type exactly when none of its fields is required.)
 */
export type VariablesArg<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

/** Sends one operation and answers its `data`; refusals of the HTTP layer (429, 413, …) are TaflErrors. */
export async function executeGraphql<TResult, TVariables>(
  fetchImpl: FetchLike,
  baseUrl: string,
  document: TypedDocument<TResult, TVariables>,
  variables: TVariables | undefined,
  options: GraphqlCallOptions = {},
): Promise<TResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request(`${baseUrl.replace(/\/+$/, '')}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: document.query, operationName: document.operationName, variables: variables ?? {} }),
    signal: options.signal,
  });
  const response = await fetchImpl(request);
  const text = await response.text();
  let body: { data?: TResult | null; errors?: GraphqlErrorEntry[] } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  // A GraphQL answer (errors included) comes with a JSON body that has data or errors; anything else is
  // a refusal of the HTTP layer, a problem like any REST one.
  if (!body || typeof body !== 'object' || (!('data' in body) && !('errors' in body))) {
    throw new TaflError(response.status, body ?? text);
  }
  if (body.errors?.length) throw new TaflGraphqlError<TResult>(body.errors, body.data ?? null);
  if (body.data == null) throw new TaflGraphqlError<TResult>([], null);
  return body.data;
}
