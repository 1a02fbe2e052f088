/**
 * Which database errors answer 503 (the database cannot serve now) rather than 500 (a bug). The fault
 * suite meets these by timing; here each is named.
 */
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isConnectionError } from '../../src/games/database/database.service';

describe('isConnectionError', () => {
  it.each([
    ['an entity method on a connection the server dropped', new QueryRunnerAlreadyReleasedError(), true],
    ['a raw query on a connection the server dropped (the event append)', new QueryRunnerProviderAlreadyReleasedError(), true],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    ['the server shutting down (57P01)', { code: '57P01', message: 'terminating connection due to administrator command' }, true],
    ['a statement timeout (57014)', { driverError: { code: '57014' } }, true],
    ['a unique violation', { code: '23505', message: 'duplicate key value' }, false],
    ['a plain bug', new TypeError('x is undefined'), false],
  ])('%s: %s', (_what, error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });
});
