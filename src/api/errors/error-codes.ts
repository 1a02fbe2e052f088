/** The stable top-level error codes of both transports (api.md section 4); details go in `errors[]`. */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  VARIANT_NOT_FOUND: 'VARIANT_NOT_FOUND',
  ILLEGAL_MOVE: 'ILLEGAL_MOVE',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_MOVES: 'TOO_MANY_MOVES',
  RATE_LIMITED: 'RATE_LIMITED',
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  // Stored games (src/games/game-error.ts).
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  STALE_PLY: 'STALE_PLY',
  NO_DRAW_OFFER: 'NO_DRAW_OFFER',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
