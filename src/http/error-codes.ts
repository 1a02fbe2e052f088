/**
 * The one catalogue of top-level error codes of both transports (api.md section 4). The TypeScript
 * type, the OpenAPI enum and the GraphQL enum are derived from this array; details go in `errors[]`.
 */
export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'VARIANT_NOT_FOUND',
  'ILLEGAL_MOVE',
  'TOO_MANY_MOVES',
  'NOT_FOUND',
  'GAME_NOT_FOUND',
  'UNAUTHORIZED',
  'ORIGIN_NOT_ALLOWED',
  'NOT_YOUR_TURN',
  'STALE_PLY',
  'NO_DRAW_OFFER',
  'NO_TAKEBACK_OFFER',
  'OPTION_DISABLED',
  'SEAT_TAKEN',
  'SEAT_OPEN',
  'BAD_INVITE',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'TOO_MANY_SEARCHES',
  'TOO_MANY_STREAMS',
  'QUERY_TOO_COMPLEX',
  'DATABASE_UNAVAILABLE',
  'SERVICE_BUSY',
  'SHUTTING_DOWN',
  'INTERNAL_SERVER_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The usual status and title of each code (a variant id in a path is the one 404 of VARIANT_NOT_FOUND). */
export const ERROR_CATALOGUE: Record<ErrorCode, { status: number; title: string }> = {
  BAD_USER_INPUT: { status: 400, title: 'Bad request' },
  VARIANT_NOT_FOUND: { status: 400, title: 'Variant not found' },
  ILLEGAL_MOVE: { status: 422, title: 'Illegal move' },
  TOO_MANY_MOVES: { status: 400, title: 'Too many moves' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  GAME_NOT_FOUND: { status: 404, title: 'Game not found' },
  UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  ORIGIN_NOT_ALLOWED: { status: 403, title: 'Origin not allowed' },
  NOT_YOUR_TURN: { status: 403, title: 'Not your turn' },
  STALE_PLY: { status: 409, title: 'Stale ply' },
  NO_DRAW_OFFER: { status: 409, title: 'No draw offer' },
  NO_TAKEBACK_OFFER: { status: 409, title: 'No takeback offer' },
  OPTION_DISABLED: { status: 409, title: "Not allowed by the game's options" },
  SEAT_TAKEN: { status: 409, title: 'Seat taken' },
  SEAT_OPEN: { status: 409, title: 'Seat open' },
  BAD_INVITE: { status: 403, title: 'Bad invite' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  TOO_MANY_SEARCHES: { status: 429, title: 'Too many searches' },
  TOO_MANY_STREAMS: { status: 429, title: 'Too many open streams' },
  QUERY_TOO_COMPLEX: { status: 400, title: 'Query too complex' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Database unavailable' },
  SERVICE_BUSY: { status: 503, title: 'Service busy' },
  SHUTTING_DOWN: { status: 503, title: 'Shutting down' },
  INTERNAL_SERVER_ERROR: { status: 500, title: 'Internal server error' },
};

/** The problem `type` of a code: a relative URI, stable and documented, no external host implied. */
export function problemType(code: ErrorCode): string {
  return `/problems/${code.toLowerCase().replace(/_/g, '-')}`;
}
