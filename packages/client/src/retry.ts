/**
 * Retrying the answers the service says may be retried: 429 (a rate limit or a queue full) and 503 (the
 * database, the picture or search queue, an instance stopping), each after the `Retry-After` it sent, a
 * bounded number of times. Nothing else is retried: a 409 (STALE_PLY above all: the game moved on, and the
 * caller must look before playing again) or a 422 is an answer about the request, not about the moment.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 2); 0 turns retrying off. */
  retries?: number;
  /**
   * The longest wait the client accepts (default 30 s). An answer asking for longer is handed back at
   * once rather than retried early: `Retry-After` is never cut short.
   */
  maxDelayMs?: number;
  /** The wait when a 429 or 503 carries no `Retry-After` (default 1 s), doubled for each retry. */
  fallbackDelayMs?: number;
}

/** The fetch the client calls: a Request in, a Response out (openapi-fetch's shape). */
export type FetchLike = (input: Request) => Promise<Response>;

const RETRYABLE = new Set([429, 503]);

/**
 * Milliseconds a `Retry-After` header asks to wait: delay-seconds or an HTTP date (RFC 9110 10.2.3);
 * undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = (): void => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Whether a refused answer's body names STALE_PLY (read from a copy: the caller still gets the body). */
async function isStalePly(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'STALE_PLY';
  } catch {
    return false;
  }
}

/**
 * A fetch that retries 429 and 503 answers as `options` allow. Each attempt sends a copy of the request,
 * so a body can be sent again; the request's own signal cancels the wait as well as the attempt.
 */
export function withRetry(fetchImpl: FetchLike, options: RetryOptions = {}): FetchLike {
  const retries = options.retries ?? 2;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const fallbackDelayMs = options.fallbackDelayMs ?? 1000;
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(attempt < retries ? request.clone() : request);
      if (!RETRYABLE.has(response.status) || attempt >= retries) return response;
      // The service never answers STALE_PLY with these statuses; a proxy in between might, and a stale
      // play must reach the caller whatever its status.
      if (await isStalePly(response)) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? fallbackDelayMs * 2 ** attempt;
      if (wait > maxDelayMs) return response;
      // The answer is dropped: free its connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, request.signal);
    }
  };
}
