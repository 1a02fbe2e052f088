/**
 * The list cursor: the (created_at, id) key of the last game of a page, opaque to clients. The id breaks
 * ties between games created in the same millisecond, so a page boundary never skips or repeats one.
 */
import { ProblemError } from '../http/problem-error';
import { isUuid } from './game-id';

export interface CursorKey {
  /** ISO timestamp of the game's creation. */
  at: string;
  id: string;
}

export function encodeCursor(game: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ at: game.createdAt.toISOString(), id: game.id })).toString('base64url');
}

/** The key a cursor carries; anything this service did not issue is a 400. */
export function decodeCursor(cursor: string): CursorKey {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof c.at === 'string' && typeof c.id === 'string' && isUuid(c.id) && !Number.isNaN(Date.parse(c.at))) return c;
  } catch {
    // Not base64url JSON: the same answer as a well-formed cursor with bad fields.
  }
  throw ProblemError.badInput('cursor is not one this service issued', [{ code: 'INVALID_FIELD', field: 'cursor', message: 'bad cursor' }]);
}
