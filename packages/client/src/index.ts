/**
 * @tafl/client: a typed client for the tafl rules service. Everything public is exported here; the
 * REST types come from the service's OpenAPI document and the GraphQL ones from its schema, both generated
 * (src/generated) by `npm run contracts`.
 */
import type { components } from './generated/openapi.js';

export { createTaflClient, unwrap, bearer } from './client.js';
export type { TaflClient, TaflClientOptions, CallOptions, GraphqlArgs, ListGamesQuery } from './client.js';

export { TaflError, isProblem, isProblemError, isErrorCode, ERROR_CODES } from './problems.js';
export type { TaflProblem, ProblemWithCode, ErrorCode, IllegalReason, ProblemItem } from './problems.js';

export { withRetry, retryAfterMs } from './retry.js';
export type { RetryOptions, FetchLike } from './retry.js';

export { streamGame } from './stream.js';
export type { GameEvent, GameFullEvent, GameStateEvent, StreamGameOptions } from './stream.js';

export { verifyWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER } from './webhooks.js';
export type { VerifiedWebhook, WebhookEvent, WebhookHeaders } from './webhooks.js';

export { positionPictureUrl, gamePictureUrl, positionAnimationUrl, gameAnimationUrl, positionImages, gameImages } from './pictures.js';
export type {
  PictureFormat,
  PictureTheme,
  TextStyle,
  PictureOptions,
  BoardOptions,
  ImageBoardOptions,
  TextBoardOptions,
  AnimationOptions,
  PositionSource,
  LastMove,
  ImageLinks,
} from './pictures.js';

export { executeGraphql, TaflGraphqlError } from './graphql.js';
export type { GraphqlErrorEntry, GraphqlCallOptions, GraphqlOnlyCode } from './graphql.js';
export { typedDocument } from './typed-document.js';
export type { TypedDocument, ResultOf, VariablesOf } from './typed-document.js';
/** The typed GraphQL documents (`PlayMoveDocument`, …) and the types of their results, variables and inputs. */
export * from './generated/graphql.js';

/** The whole OpenAPI document as types: `components['schemas']['GameView']`, `paths`, `operations`. */
export type { paths, components, operations } from './generated/openapi.js';
/** `paths` with every problem answer typed as the `TaflProblem` union (what `client.api` uses). */
export type { TaflPaths } from './typed-paths.js';
/** The document's schemas by name: `Schemas['GameView']`, `Schemas['CreateGameRequest']`. */
export type Schemas = components['schemas'];
