/**
 * @tafl/client's problems: a union discriminated on `code` (checked by the type checker here, with
 * expectTypeOf) and `isProblem` / `isProblemError` at run time, on bodies as the service writes them.
 */
import { ERROR_CATALOGUE, problemType } from '../../src/http/error-codes';
import {
  ERROR_CODES,
  type ErrorCode,
  type IllegalReason,
  type ProblemWithCode,
  type TaflProblem,
  TaflError,
  isProblem,
  isProblemError,
} from '../../packages/client/src/index';

/** A body as the service renders it (src/http/problem-reply.ts): type, title, status, detail, instance, code, errors. */
const body = (code: ErrorCode, extra: Record<string, unknown> = {}) => ({
  type: problemType(code),
  title: ERROR_CATALOGUE[code].title,
  status: ERROR_CATALOGUE[code].status,
  detail: 'what happened',
  instance: '/v1/games/g/moves',
  code,
  errors: [],
  ...extra,
});

/** Says what a caller does with each code; the switch must name every one (a missing case fails to compile). */
function advice(p: TaflProblem): string {
  switch (p.code) {
    case 'ILLEGAL_MOVE':
      // Narrowed: reason and index are there, typed.
      expectTypeOf(p.reason).toEqualTypeOf<IllegalReason>();
      expectTypeOf(p.index).toEqualTypeOf<number>();
      return `illegal (${p.reason} at ${p.index})`;
    case 'STALE_PLY':
      expectTypeOf(p).toEqualTypeOf<ProblemWithCode<'STALE_PLY'>>();
      return 'read the game again';
    case 'RATE_LIMITED':
    case 'TOO_MANY_SEARCHES':
    case 'TOO_MANY_STREAMS':
    case 'DATABASE_UNAVAILABLE':
    case 'SERVICE_BUSY':
    case 'SHUTTING_DOWN':
      return 'later';
    case 'BAD_USER_INPUT':
    case 'VARIANT_NOT_FOUND':
    case 'TOO_MANY_MOVES':
    case 'NOT_FOUND':
    case 'GAME_NOT_FOUND':
    case 'UNAUTHORIZED':
    case 'ORIGIN_NOT_ALLOWED':
    case 'NOT_YOUR_TURN':
    case 'NO_DRAW_OFFER':
    case 'NO_TAKEBACK_OFFER':
    case 'OPTION_DISABLED':
    case 'SEAT_TAKEN':
    case 'SEAT_OPEN':
    case 'BAD_INVITE':
    case 'PAYLOAD_TOO_LARGE':
    case 'REQUEST_TIMEOUT':
    case 'QUERY_TOO_COMPLEX':
    case 'INTERNAL_SERVER_ERROR':
      return 'fix the request';
  }
}

describe('@tafl/client problems', () => {
  it('is a union on code: each member narrows, and a code outside the catalogue is not one', () => {
    expectTypeOf<TaflProblem['code']>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<ProblemWithCode<'STALE_PLY'>['code']>().toEqualTypeOf<'STALE_PLY'>();
    // Outside ILLEGAL_MOVE the illegal-move fields stay optional, as the document has them.
    expectTypeOf<ProblemWithCode<'STALE_PLY'>['reason']>().toEqualTypeOf<IllegalReason | undefined>();
    expectTypeOf<ProblemWithCode<'ILLEGAL_MOVE'>['reason']>().toEqualTypeOf<IllegalReason>();
    // @ts-expect-error: not a code of the service
    expectTypeOf<ProblemWithCode<'NO_SUCH_CODE'>>().toBeNever();
  });

  it('recognises every code the service renders, and narrows with isProblem', () => {
    for (const code of ERROR_CODES) {
      const b: unknown = body(code);
      expect(isProblem(b), code).toBe(true);
      expect(isProblem(b, code)).toBe(true);
      if (isProblem(b)) expect(advice(b)).toBeTypeOf('string');
    }
    const illegal: unknown = body('ILLEGAL_MOVE', { reason: 'PATH_BLOCKED', index: 1, move: 'f4-f1' });
    expect(isProblem(illegal, 'ILLEGAL_MOVE') && advice(illegal)).toBe('illegal (PATH_BLOCKED at 1)');
    expect(isProblem(illegal, 'STALE_PLY')).toBe(false);
  });

  it('refuses what is not a problem of the service', () => {
    for (const b of [null, 'text', 42, {}, { ...body('STALE_PLY'), code: 'NO_SUCH_CODE' }, { ...body('STALE_PLY'), errors: undefined }]) {
      expect(isProblem(b)).toBe(false);
    }
  });

  it('TaflError carries the problem when the body was one, and only then', () => {
    const withProblem = new TaflError(409, body('STALE_PLY'));
    expect(withProblem.code).toBe('STALE_PLY');
    expect(withProblem.message).toBe('STALE_PLY: what happened');
    expect(isProblemError(withProblem, 'STALE_PLY')).toBe(true);
    expect(isProblemError(withProblem, 'ILLEGAL_MOVE')).toBe(false);
    const proxy = new TaflError(502, '<html>Bad gateway</html>');
    expect(proxy.problem).toBeUndefined();
    expect(proxy.body).toBe('<html>Bad gateway</html>');
    expect(isProblemError(proxy)).toBe(false);
    const e: unknown = withProblem;
    if (isProblemError(e, 'STALE_PLY')) expectTypeOf(e.problem.code).toEqualTypeOf<'STALE_PLY'>();
  });
});
