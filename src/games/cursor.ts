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

/**
 * Exactly what encodeCursor writes: a full ISO instant in UTC that reads back to itself, from 1970 on.
 * Looser strings ("1", "0000-01-01") pass Date.parse but PostgreSQL refuses them.
 */
function isIssuedTime(at: string): boolean {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at)) return false;
  const t = Date.parse(at);
  return !Number.isNaN(t) && t >= 0 && new Date(t).toISOString() === at;
}

/** The key a cursor carries; anything this service did not issue is a 400. */
export function decodeCursor(cursor: string): CursorKey {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof c.at === 'string' && typeof c.id === 'string' && isUuid(c.id) && isIssuedTime(c.at)) return { at: c.at, id: c.id };
  } catch {
    // Not base64url JSON: the same answer as a well-formed cursor with bad fields.
  }
  throw ProblemError.badInput('cursor is not one this service issued', [{ code: 'INVALID_FIELD', field: 'cursor', message: 'bad cursor' }]);
}
