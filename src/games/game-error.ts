/**
 * Errors of stored games. They have the same fields as the API's errors, and the API's one exception
 * filter renders anything of this shape, so games need not import the api room.
 */
export type GameErrorCode =
  | 'GAME_NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'NOT_YOUR_TURN'
  | 'STALE_PLY'
  | 'NO_DRAW_OFFER'
  | 'ILLEGAL_MOVE'
  | 'DATABASE_UNAVAILABLE'
  | 'BAD_USER_INPUT'
  | 'VARIANT_NOT_FOUND';

export interface GameErrorItem {
  code: string;
  message: string;
  field?: string;
  offset?: number;
}

export class GameError extends Error {
  readonly errors: GameErrorItem[];
  constructor(
    readonly status: number,
    readonly code: GameErrorCode,
    readonly title: string,
    readonly detail: string,
    extra: { errors?: GameErrorItem[]; reason?: string; index?: number; move?: unknown } = {},
  ) {
    super(detail);
    this.errors = extra.errors ?? [];
    Object.assign(this, { reason: extra.reason, index: extra.index, move: extra.move });
  }

  static notFound(id: string): GameError {
    return new GameError(404, 'GAME_NOT_FOUND', 'Game not found', `there is no game "${id}"`);
  }

  static unavailable(cause: string): GameError {
    return new GameError(503, 'DATABASE_UNAVAILABLE', 'Database unavailable', `stored games are unavailable: ${cause}`);
  }
}
