/**
 * @tafl/client's retries, on a fake fetch and fake timers: a 429 or 503 is sent again only once its
 * `Retry-After` has passed, a bounded number of times; a STALE_PLY (or any 409 and 422) never is. No
 * test measures real time.
 */
import { createTaflClient, retryAfterMs, withRetry, TaflError, isProblemError } from '../../packages/client/src/index';

const problem = (status: number, code: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ type: `/problems/${code.toLowerCase()}`, title: code, status, detail: 'a detail', code, errors: [] }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

const created = (): Response =>
  new Response(JSON.stringify({ game: { id: 'g', ply: 1 }, move: { from: 'd2', to: 'e2', notation: 'd2-e2', captures: [] } }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch answering from a list, recording each request's method, URL and body. */
function fakeFetch(answers: (() => Response)[]) {
  const calls: { method: string; url: string; body: string }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push({ method: request.method, url: request.url, body: await request.text() });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { fetch, calls };
}

/** Lets every pending promise callback run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('@tafl/client retries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    [429, 'RATE_LIMITED'],
    [503, 'DATABASE_UNAVAILABLE'],
  ])('sends a %i (%s) again once its Retry-After has passed, with the same body', async (status, code) => {
    const { fetch, calls } = fakeFetch([() => problem(status, code, { 'retry-after': '3' }), created]);
    const client = createTaflClient({ baseUrl: 'http://tafl.test', token: 'tok', fetch });
    const answer = client.playMove('g', { move: 'd2-e2', expectedPly: 0 });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toMatchObject({ move: { notation: 'd2-e2' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(calls[1]).toEqual(calls[0]);
    expect(JSON.parse(calls[1].body)).toEqual({ move: 'd2-e2', expectedPly: 0 });
  });

  it('reads an HTTP-date Retry-After as the time until that date', () => {
    const now = Date.parse('2026-12-03T09:00:00Z');
    expect(retryAfterMs('Thu, 03 Dec 2026 09:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('gives up after `retries` and hands back the last refusal, with its Retry-After', async () => {
    const { fetch } = fakeFetch([1, 2, 3].map(() => () => problem(503, 'SERVICE_BUSY', { 'retry-after': '1' })));
    const client = createTaflClient({ baseUrl: 'http://tafl.test', fetch, retry: { retries: 2 } });
    const answer = client.getGame('g').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const e = await answer;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(isProblemError(e, 'SERVICE_BUSY')).toBe(true);
    expect((e as TaflError).retryAfter).toBe(1);
  });

  it('never sends a STALE_PLY again, whatever its status, and throws it narrowed on its code', async () => {
    for (const status of [409, 429, 503]) {
      const { fetch } = fakeFetch([() => problem(status, 'STALE_PLY', { 'retry-after': '1' }), created]);
      const client = createTaflClient({ baseUrl: 'http://tafl.test', token: 'tok', fetch });
      const e = await client.playMove('g', { move: 'd2-e2', expectedPly: 0 }).catch((x: unknown) => x);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(isProblemError(e, 'STALE_PLY')).toBe(true);
      if (isProblemError(e, 'STALE_PLY')) expect(e.problem.code).toBe('STALE_PLY');
    }
  });

  it.each([
    [409, 'NO_DRAW_OFFER'],
    [422, 'ILLEGAL_MOVE'],
    [400, 'BAD_USER_INPUT'],
    [500, 'INTERNAL_SERVER_ERROR'],
  ])('never retries a %i (%s), Retry-After or not', async (status, code) => {
    const { fetch } = fakeFetch([() => problem(status, code, { 'retry-after': '1' }), created]);
    const retrying = withRetry(fetch);
    const response = await retrying(new Request('http://tafl.test/v1/games/g/draw-accept', { method: 'POST' }));
    expect(response.status).toBe(status);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands back at once an answer asking for a longer wait than maxDelayMs, never retrying early', async () => {
    const { fetch } = fakeFetch([() => problem(429, 'RATE_LIMITED', { 'retry-after': '60' }), created]);
    const retrying = withRetry(fetch, { maxDelayMs: 10_000 });
    const response = await retrying(new Request('http://tafl.test/v1/games'));
    expect(response.status).toBe(429);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('without Retry-After waits the fallback, doubled for each retry', async () => {
    const { fetch } = fakeFetch([() => problem(503, 'SERVICE_BUSY'), () => problem(503, 'SERVICE_BUSY'), created]);
    const retrying = withRetry(fetch, { retries: 2, fallbackDelayMs: 100 });
    const answer = retrying(new Request('http://tafl.test/v1/games'));
    await settle();
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(201);
  });

  it('stops waiting when the request is aborted', async () => {
    const { fetch } = fakeFetch([() => problem(503, 'SERVICE_BUSY', { 'retry-after': '5' }), created]);
    const controller = new AbortController();
    const client = createTaflClient({ baseUrl: 'http://tafl.test', fetch });
    const answer = client.getGame('g', { signal: controller.signal }).catch((e: unknown) => e);
    await settle();
    controller.abort(new Error('left'));
    expect(await answer).toEqual(new Error('left'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retry: false sends once', async () => {
    const { fetch } = fakeFetch([() => problem(429, 'RATE_LIMITED', { 'retry-after': '1' })]);
    const client = createTaflClient({ baseUrl: 'http://tafl.test', fetch, retry: false });
    await expect(client.listVariants()).rejects.toBeInstanceOf(TaflError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
