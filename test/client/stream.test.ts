/**
 * `streamGame` on a fake fetch whose connections break where a test says: every event is yielded once, in
 * seq order, across reconnects that repeat events, cut a line in half or refuse for a while; the iteration
 * ends on the finishing event, a 204, an abort, or the caller leaving. (The real service, killed and
 * restarted, is in stream-resume.e2e.test.ts.) Reconnect waits are 1 ms; no test measures time.
 */
import { type GameEvent, TaflError, streamGame } from '../../packages/client/src/index';

const outcome = (finished = false) =>
  finished
    ? { status: 'finished', winner: 'attackers', reason: 'resigned', detail: 'a side resigned' }
    : { status: 'ongoing', winner: null, reason: null, detail: null };

const full = (seq: number) => JSON.stringify({ type: 'gameFull', seq, game: { id: 'g', ply: seq, outcome: outcome() } });
const state = (seq: number, finished = false) =>
  JSON.stringify({ type: 'gameState', seq, event: finished ? 'resign' : 'move', ply: seq, outcome: outcome(finished) });

/** One connection's answer: NDJSON chunks, then an end or an error (a broken connection). */
interface Connection {
  status?: number;
  headers?: Record<string, string>;
  chunks?: string[];
  /** After the chunks: 'end' closes cleanly, 'error' breaks, 'hang' waits until the request is aborted. */
  then?: 'end' | 'error' | 'hang';
  body?: string;
}

function fakeService(connections: Connection[]) {
  const urls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    urls.push(request.url);
    expect(request.headers.get('accept')).toBe('application/x-ndjson');
    const c = connections.shift();
    if (!c) throw new TypeError('connection refused');
    if (c.status && c.status !== 200)
      return new Response(c.status === 204 ? null : (c.body ?? ''), { status: c.status, headers: c.headers });
    const encoder = new TextEncoder();
    const chunks = [...(c.chunks ?? [])];
    // One chunk per read, so the reader has every chunk before the break (an error drops what is queued).
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk !== undefined) return controller.enqueue(encoder.encode(chunk));
        if (c.then === 'error') controller.error(new TypeError('terminated'));
        else if (c.then === 'hang') {
          return new Promise<void>((resolve) =>
            request.signal.addEventListener('abort', () => {
              controller.error(request.signal.reason);
              resolve();
            }),
          );
        } else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  };
  return { fetch, urls };
}

const fast = { backoff: { initialMs: 1, maxMs: 2 } };

async function collect(it: AsyncIterable<GameEvent>): Promise<number[]> {
  const seqs: number[] = [];
  for await (const e of it) seqs.push(e.seq);
  return seqs;
}

describe('streamGame', () => {
  it('yields each event once across breaks that repeat events and cut lines, resuming from the last seq', async () => {
    const { fetch, urls } = fakeService([
      { chunks: [`${full(2)}\n${state(3)}\n`, '\n', `${state(4)}\n{"type":"gameSt`], then: 'error' },
      { status: 503, headers: { 'retry-after': '0' }, body: '{"code":"SHUTTING_DOWN"}' },
      { chunks: [`${state(4)}\n${state(5)}\n`], then: 'end' },
      { chunks: [`${state(5)}\n${state(6)}\n${state(7, true)}\n`], then: 'hang' },
    ]);
    const reconnects: (number | undefined)[] = [];
    const seqs = await collect(streamGame(fetch, 'http://tafl.test/', 'g', { ...fast, onReconnect: (r) => reconnects.push(r.sinceSeq) }));
    expect(seqs).toEqual([2, 3, 4, 5, 6, 7]);
    expect(urls).toEqual([
      'http://tafl.test/v1/games/g/stream',
      'http://tafl.test/v1/games/g/stream?sinceSeq=4',
      'http://tafl.test/v1/games/g/stream?sinceSeq=4',
      'http://tafl.test/v1/games/g/stream?sinceSeq=5',
    ]);
    expect(reconnects).toEqual([4, 4, 5]);
  });

  it('starts after sinceSeq, and a gap in seq makes it resume to fill the hole', async () => {
    const { fetch, urls } = fakeService([
      { chunks: [`${state(11)}\n${state(13)}\n`], then: 'hang' },
      { chunks: [`${state(12)}\n${state(13, true)}\n`], then: 'hang' },
    ]);
    expect(await collect(streamGame(fetch, 'http://tafl.test', 'g', { ...fast, sinceSeq: 10 }))).toEqual([11, 12, 13]);
    expect(urls.map((u) => new URL(u).search)).toEqual(['?sinceSeq=10', '?sinceSeq=11']);
  });

  it('ends at once on a 204 (a finished game resumed at its last event)', async () => {
    const { fetch } = fakeService([{ status: 204 }]);
    expect(await collect(streamGame(fetch, 'http://tafl.test', 'g', { ...fast, sinceSeq: 9 }))).toEqual([]);
  });

  it('throws the problem of a refusal that retrying cannot change (404, 400 SEQ_AHEAD)', async () => {
    const problem = {
      type: '/problems/game-not-found',
      title: 'Game not found',
      status: 404,
      detail: 'no game',
      code: 'GAME_NOT_FOUND',
      errors: [],
    };
    const { fetch } = fakeService([{ status: 404, body: JSON.stringify(problem) }]);
    const e = await collect(streamGame(fetch, 'http://tafl.test', 'g', fast)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TaflError);
    expect((e as TaflError).code).toBe('GAME_NOT_FOUND');
  });

  it('ends, without throwing, when the signal aborts while waiting for an event or for a reconnect', async () => {
    const { fetch } = fakeService([{ chunks: [`${full(0)}\n`], then: 'hang' }]);
    const controller = new AbortController();
    const seqs: number[] = [];
    for await (const e of streamGame(fetch, 'http://tafl.test', 'g', { ...fast, signal: controller.signal })) {
      seqs.push(e.seq);
      controller.abort();
    }
    expect(seqs).toEqual([0]);

    // No service at all: every connection is refused, and the abort comes during the waits between them.
    const down = new AbortController();
    const refused = fakeService([]);
    let breaks = 0;
    const ended = collect(
      streamGame(refused.fetch, 'http://tafl.test', 'g', {
        ...fast,
        signal: down.signal,
        onReconnect: () => ++breaks === 3 && down.abort(),
      }),
    );
    expect(await ended).toEqual([]);
    expect(breaks).toBe(3);
  });

  it('lets go of the connection when the caller stops iterating', async () => {
    let aborted = false;
    const { fetch } = fakeService([{ chunks: [`${full(0)}\n${state(1)}\n`], then: 'hang' }]);
    const watching = async (request: Request) => {
      request.signal.addEventListener('abort', () => (aborted = true));
      return fetch(request);
    };
    for await (const e of streamGame(watching, 'http://tafl.test', 'g', fast)) if (e.seq === 1) break;
    expect(aborted).toBe(true);
  });

  it('drops a silent connection after idleTimeoutMs and resumes', async () => {
    const { fetch, urls } = fakeService([
      { chunks: [`${full(0)}\n`], then: 'hang' },
      { chunks: [`${state(1, true)}\n`], then: 'hang' },
    ]);
    expect(await collect(streamGame(fetch, 'http://tafl.test', 'g', { ...fast, idleTimeoutMs: 20 }))).toEqual([0, 1]);
    expect(urls[1]).toMatch(/sinceSeq=0$/);
  });
});
