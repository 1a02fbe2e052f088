/**
 * `createTaflClient`: every REST operation of the committed OpenAPI document, typed by openapi-fetch from
 * the generated `paths` (`client.api.GET(...)`), plus methods for the usual flow of a game that answer the
 * body or throw a `TaflError` carrying the problem. Retries 429/503 after `Retry-After` (retry.ts), follows
 * games live with resume (stream.ts), runs typed GraphQL documents (graphql.ts) and builds picture URLs
 * (pictures.ts). `fetch` only: Node 20+ and browsers.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations } from './generated/openapi.js';
import { type GraphqlCallOptions, executeGraphql } from './graphql.js';
import {
  type AnimationOptions,
  type BoardOptions,
  type PictureFormat,
  type PositionSource,
  gameAnimationUrl,
  gamePictureUrl,
  positionAnimationUrl,
  positionPictureUrl,
} from './pictures.js';
import { TaflError } from './problems.js';
import { type FetchLike, type RetryOptions, retryAfterMs, withRetry } from './retry.js';
import { type GameEvent, type StreamGameOptions, streamGame } from './stream.js';
import type { TypedDocument } from './typed-document.js';
import type { TaflPaths } from './typed-paths.js';

type Schemas = components['schemas'];

export interface TaflClientOptions {
  /** Where the service answers, e.g. `https://tafl.example` (no `/v1`). */
  baseUrl: string;
  /** A side's token (from the creation's `tokens`), sent on the acts of stored games unless a call gives its own. */
  token?: string;
  /** The fetch to use (default: the global one). */
  fetch?: FetchLike;
  /** How 429 and 503 answers are retried (retry.ts); `false`: never. */
  retry?: RetryOptions | false;
}

export interface CallOptions {
  /** A side's token for this call (instead of the client's). */
  token?: string;
  signal?: AbortSignal;
}

/** The arguments after the document: variables (optional when none is required), then call options. */
export type GraphqlArgs<V> =
  Record<string, never> extends V ? [variables?: V, options?: GraphqlCallOptions] : [variables: V, options?: GraphqlCallOptions];

/** The query of `GET /v1/games`; `metadata` is sent as `metadata.<key>=<value>`, as the service reads it. */
export type ListGamesQuery = NonNullable<operations['listGames']['parameters']['query']>;

/** `Authorization: Bearer <token>`, for the acts called through `client.api`. */
export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

/**
 * The body of a successful answer, or a TaflError with the problem. (openapi-fetch answers `{ data }` or
 * `{ error }`; the flow reads better with one value and exceptions.)
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  throw new TaflError(response.status, error, retryAfter === undefined ? undefined : retryAfter / 1000);
}

/** `metadata.<key>=<value>` for the metadata filter, the other parameters as they are. */
function listGamesQuery(query: ListGamesQuery): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (name === 'metadata' && typeof value === 'object') {
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) q.append(`metadata.${key}`, String(v));
    } else q.append(name, String(value));
  }
  return q.toString();
}

export function createTaflClient(options: TaflClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const plainFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const fetchImpl = options.retry === false ? plainFetch : withRetry(plainFetch, options.retry);
  const api: Client<TaflPaths> = createClient<TaflPaths>({ baseUrl, fetch: fetchImpl });

  /** The headers and signal of an act: the call's token, else the client's. */
  const act = (o: CallOptions = {}) => {
    const token = o.token ?? options.token;
    return { headers: token ? bearer(token) : {}, signal: o.signal };
  };
  const read = (o: CallOptions = {}) => ({ signal: o.signal });
  const byId = (id: string) => ({ path: { id } });

  return {
    /**
     * Every REST operation, typed from the OpenAPI document: `api.GET('/v1/games/{id}', { params: { path: { id } } })`
     * answers `{ data }` or `{ error }`, the error a `TaflProblem` (narrow it on `error.code`).
     */
    api,
    baseUrl,

    // The stateless rules (api.md, "Stateless operations").
    legalMoves: (body: Schemas['LegalMovesRequest'], o?: CallOptions): Promise<Schemas['LegalMovesView']> =>
      unwrap(api.POST('/v1/legal-moves', { body, ...read(o) })),
    applyMove: (body: Schemas['ApplyMoveRequest'], o?: CallOptions): Promise<Schemas['ApplyMoveView']> =>
      unwrap(api.POST('/v1/apply-move', { body, ...read(o) })),
    evaluateOutcome: (body: Schemas['GameStateInput'], o?: CallOptions): Promise<Schemas['EvaluateView']> =>
      unwrap(api.POST('/v1/evaluate', { body, ...read(o) })),
    validateGame: (body: Schemas['GameStateInput'], o?: CallOptions): Promise<Schemas['ValidateGameView']> =>
      unwrap(api.POST('/v1/validate-game', { body, ...read(o) })),
    suggestMove: (body: Schemas['SuggestMoveRequest'], o?: CallOptions): Promise<Schemas['SuggestionView']> =>
      unwrap(api.POST('/v1/suggest-move', { body, ...read(o) })),
    listVariants: (o?: CallOptions): Promise<Schemas['VariantView'][]> => unwrap(api.GET('/v1/variants', read(o))),
    getVariant: (id: string, o?: CallOptions): Promise<Schemas['VariantView']> =>
      unwrap(api.GET('/v1/variants/{id}', { params: byId(id), ...read(o) })),

    // Stored games (api.md, "Stored games").
    createGame: (body: Schemas['CreateGameRequest'], o?: CallOptions): Promise<Schemas['CreatedGameView']> =>
      unwrap(api.POST('/v1/games', { body, ...read(o) })),
    importGame: (body: Schemas['ImportGameRequest'], o?: CallOptions): Promise<Schemas['CreatedGameView']> =>
      unwrap(api.POST('/v1/games/import', { body, ...read(o) })),
    /** The game with its moves. */
    getGame: (id: string, o?: CallOptions): Promise<Schemas['GameView']> =>
      unwrap(api.GET('/v1/games/{id}', { params: byId(id), ...read(o) })),
    listGames: (query: ListGamesQuery = {}, o?: CallOptions): Promise<Schemas['GamePageView']> =>
      unwrap(api.GET('/v1/games', { params: { query }, querySerializer: listGamesQuery, ...read(o) })),
    /**
     * Plays `move` if the game is still at `expectedPly`; else 409 STALE_PLY and nothing is stored (never
     * retried: read the game, then decide). Sending the same play again after a broken connection is safe:
     * the service answers the move it stored.
     */
    playMove: (id: string, body: Schemas['PlayMoveRequest'], o?: CallOptions): Promise<Schemas['PlayedMoveView']> =>
      unwrap(api.POST('/v1/games/{id}/moves', { params: byId(id), body, ...act(o) })),
    resign: (id: string, o?: CallOptions): Promise<Schemas['GameResultView']> =>
      unwrap(api.POST('/v1/games/{id}/resign', { params: byId(id), ...act(o) })),
    offerDraw: (id: string, o?: CallOptions): Promise<Schemas['GameResultView']> =>
      unwrap(api.POST('/v1/games/{id}/draw-offer', { params: byId(id), ...act(o) })),
    acceptDraw: (id: string, o?: CallOptions): Promise<Schemas['GameResultView']> =>
      unwrap(api.POST('/v1/games/{id}/draw-accept', { params: byId(id), ...act(o) })),
    offerTakeback: (id: string, o?: CallOptions): Promise<Schemas['GameResultView']> =>
      unwrap(api.POST('/v1/games/{id}/takeback-offer', { params: byId(id), ...act(o) })),
    acceptTakeback: (id: string, o?: CallOptions): Promise<Schemas['GameResultView']> =>
      unwrap(api.POST('/v1/games/{id}/takeback-accept', { params: byId(id), ...act(o) })),
    /** Takes an open seat with its invite code: the answer holds that side's token, shown only here. */
    claimSeat: (id: string, body: Schemas['ClaimSeatRequest'], o?: CallOptions): Promise<Schemas['ClaimedSeatView']> =>
      unwrap(api.POST('/v1/games/{id}/claim', { params: byId(id), body, ...read(o) })),

    /** The game live, every event exactly once across reconnects (stream.ts). Not retried by `retry`: it has its own. */
    streamGame: (id: string, o?: StreamGameOptions): AsyncGenerator<GameEvent, void, undefined> => streamGame(plainFetch, baseUrl, id, o),

    /** Runs a typed GraphQL document: `graphql(PlayMoveDocument, { id, move, expectedPly }, { token })`. */
    graphql: <TResult, TVariables>(
      document: TypedDocument<TResult, TVariables>,
      ...[variables, o]: GraphqlArgs<TVariables>
    ): Promise<TResult> => executeGraphql(fetchImpl, baseUrl, document, variables, { ...o, token: o?.token ?? options.token }),

    /** Picture URLs on this client's base URL (pictures.ts). */
    pictures: {
      position: <F extends PictureFormat>(format: F, source: PositionSource, o?: BoardOptions<F>): string =>
        positionPictureUrl(baseUrl, format, source, o),
      game: <F extends PictureFormat>(format: F, id: string, o?: BoardOptions<F> & { ply?: number }): string =>
        gamePictureUrl(baseUrl, format, id, o),
      positionAnimation: (source: PositionSource, o?: AnimationOptions): string => positionAnimationUrl(baseUrl, source, o),
      gameAnimation: (id: string, o?: AnimationOptions): string => gameAnimationUrl(baseUrl, id, o),
    },
  };
}

/** The client `createTaflClient` makes. */
export type TaflClient = ReturnType<typeof createTaflClient>;
