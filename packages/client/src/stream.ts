/**
 * A stored game live (live.md): `GET /v1/games/{id}/stream` as NDJSON, read as an async iterable that
 * outlives broken connections. On any break (a network error, an instance stopping or killed, a silent
 * connection) it waits a little and reconnects with `sinceSeq` = the last seq it yielded; the service then
 * sends every event after it, and any event seen already is skipped, so each is yielded exactly once, in
 * seq order. The iteration ends after the event that finishes the game, when the signal aborts, or when the
 * caller stops iterating; it throws only for answers that retrying cannot change (an unknown game, a bad
 * resume point).
 */
import type { components, paths } from './generated/openapi.js';
import { TaflError } from './problems.js';
import { type FetchLike, retryAfterMs, sleep } from './retry.js';

export type GameFullEvent = components['schemas']['GameFullEventView'];
export type GameStateEvent = components['schemas']['GameStateEventView'];
/** One line of the stream: the whole game first (`gameFull`), then one `gameState` per change. */
export type GameEvent = GameFullEvent | GameStateEvent;

export interface StreamGameOptions {
  /** Resume after this seq (the last event the caller has): the events after it come instead of a gameFull. */
  sinceSeq?: number;
  /** Aborting ends the iteration (it returns; it does not throw). */
  signal?: AbortSignal;
  /** Waits between reconnects: from `initialMs` (250), doubling up to `maxMs` (10 s), each with jitter. */
  backoff?: { initialMs?: number; maxMs?: number };
  /**
   * A connection silent for this long, not even a keep-alive, is dropped and resumed (default 45 s:
   * three of the service's 15 s keep-alives), so a half-open connection cannot stall the iteration.
   */
  idleTimeoutMs?: number;
  /** Told of every break before the client reconnects: for logs and tests. */
  onReconnect?: (info: { attempt: number; sinceSeq: number | undefined; error: unknown }) => void;
}

/** The stream's route, checked against the document. */
const STREAM_PATH = '/v1/games/{id}/stream' satisfies keyof paths;

/** A connection that cannot go on (a gap in seq, a silent peer): reconnect from the last seq yielded. */
class BrokenStream extends Error {
  override name = 'BrokenStream';
}

const isFinished = (e: GameEvent): boolean => (e.type === 'gameFull' ? e.game.outcome.status : e.outcome.status) === 'finished';

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The complete lines of an NDJSON body, keep-alives (empty lines) left out. `touch` is called on every
 * chunk, keep-alives included, to hold off the idle timer. A line cut off by a broken connection is
 * dropped: the reconnect sends its event again.
 */
async function* lines(body: ReadableStream<Uint8Array>, touch: () => void): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      touch();
      buffered += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (line !== '') yield line;
      }
    }
  } finally {
    // Stopping early (the game finished, the caller left): let go of the connection.
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * The events of game `id`, every one exactly once, across reconnects. `fetchImpl` is called for each
 * connection with a GET carrying `Accept: application/x-ndjson`.
 */
export async function* streamGame(
  fetchImpl: FetchLike,
  baseUrl: string,
  id: string,
  options: StreamGameOptions = {},
): AsyncGenerator<GameEvent, void, undefined> {
  const { signal } = options;
  const initialMs = options.backoff?.initialMs ?? 250;
  const maxMs = options.backoff?.maxMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const path = `${baseUrl.replace(/\/+$/, '')}${STREAM_PATH.replace('{id}', encodeURIComponent(id))}`;
  /** The seq of the last event yielded (or the caller's resume point): the only state a reconnect needs. */
  let last = options.sinceSeq;
  /** Breaks in a row without an event: the exponent of the backoff. */
  let failures = 0;

  while (!signal?.aborted) {
    const connection = new AbortController();
    const abort = (): void => connection.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new BrokenStream(`no data for ${idleTimeoutMs} ms`)), idleTimeoutMs);
    };
    /** What to wait before reconnecting, when the service said (Retry-After). */
    let asked: number | undefined;
    let error: unknown;
    try {
      const url = last === undefined ? path : `${path}?sinceSeq=${last}`;
      touch();
      const response = await fetchImpl(new Request(url, { headers: { accept: 'application/x-ndjson' }, signal: connection.signal }));
      // A finished game resumed at its last event: nothing more will come.
      if (response.status === 204) return;
      if (!response.ok) {
        const retryAfter = retryAfterMs(response.headers.get('retry-after'));
        const refusal = new TaflError(response.status, await bodyOf(response), retryAfter === undefined ? undefined : retryAfter / 1000);
        // 429 (too many streams, rate limit) and 5xx (an instance stopping, a proxy without a backend) pass;
        // any other refusal (404 GAME_NOT_FOUND, 400 SEQ_AHEAD) would be answered the same again.
        if (response.status !== 429 && response.status < 500) throw refusal;
        asked = retryAfter;
        throw new BrokenStream(refusal.message);
      }
      if (!response.body) throw new BrokenStream('an answer without a body');
      for await (const line of lines(response.body, touch)) {
        const event = JSON.parse(line) as GameEvent;
        if (event.type === 'gameState' && last !== undefined) {
          // Seen already: a resumed stream may repeat what the broken one had sent.
          if (event.seq <= last) continue;
          // Never expected from the service; resuming from the last seq fills the hole.
          if (event.seq !== last + 1) throw new BrokenStream(`event ${event.seq} came after ${last}`);
        }
        last = event.seq;
        failures = 0;
        yield event;
        if (isFinished(event)) return;
      }
      error = new BrokenStream('the stream ended before the game did');
    } catch (e) {
      if (signal?.aborted) return;
      if (e instanceof TaflError || e instanceof SyntaxError) throw e;
      error = e;
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener('abort', abort);
      connection.abort();
    }
    options.onReconnect?.({ attempt: failures + 1, sinceSeq: last, error });
    const backoff = Math.min(maxMs, initialMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures++;
    try {
      await sleep(Math.max(asked ?? 0, backoff), signal);
    } catch {
      return; // aborted while waiting
    }
  }
}
