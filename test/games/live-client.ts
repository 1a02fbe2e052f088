/**
 * Clients of live games for the tests and the benchmark: a game stream read over a real HTTP
 * connection (NDJSON or SSE, parsed as it arrives) and a `gameUpdated` subscription over a real
 * graphql-ws WebSocket. Not a test file itself.
 */
import { IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

export interface StreamOptions {
  sse?: boolean;
  sinceSeq?: number | string;
  lastEventId?: string;
  headers?: Record<string, string>;
}

export type StreamEnd = 'end' | 'closed';

export interface OpenedStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Events in arrival order (NDJSON lines, SSE data), keep-alives left out. */
  events: any[];
  /** SSE: the `id:` of each event, in arrival order. */
  ids: string[];
  keepAlives: number;
  /** The whole text of an answer that is not a 200 (a problem). */
  body: string;
  /** How the answer finished: the server ended it ('end'), or the connection went without an end. */
  ended: Promise<StreamEnd>;
  /** Resolves with the events once `n` have arrived; rejects if the stream ends first or `ms` pass. */
  waitFor(n: number, ms?: number): Promise<any[]>;
  /** Drops the connection, as a client that goes away does. */
  close(): void;
}

/** Opens GET /v1/games/{id}/stream on its own connection; resolves once the status is known. */
export function openStream(base: string, id: string, o: StreamOptions = {}): Promise<OpenedStream> {
  const url = new URL(`${base}/v1/games/${id}/stream`);
  if (o.sinceSeq !== undefined) url.searchParams.set('sinceSeq', String(o.sinceSeq));
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.sse) headers.accept = 'text/event-stream';
  if (o.lastEventId !== undefined) headers['last-event-id'] = o.lastEventId;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false });
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      let finished: StreamEnd | null = null;
      const waiters = new Set<() => void>();
      const notify = () => waiters.forEach((w) => w());
      const stream: OpenedStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        ids: [],
        keepAlives: 0,
        body: '',
        ended: new Promise<StreamEnd>((done) => {
          res.once('end', () => done((finished ??= 'end')));
          res.once('close', () => done((finished ??= 'closed')));
          req.once('error', () => done((finished ??= 'closed')));
        }),
        waitFor(n, ms = 15_000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`${stream.events.length} of ${n} events after ${ms} ms: ${JSON.stringify(stream.events.map((e) => e.seq))}`));
            }, ms);
            const check = () => {
              if (stream.events.length >= n) {
                clearTimeout(timer);
                waiters.delete(check);
                ok(stream.events);
              } else if (finished) {
                clearTimeout(timer);
                waiters.delete(check);
                fail(new Error(`the stream ended (${finished}) after ${stream.events.length} of ${n} events`));
              }
            };
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      void stream.ended.then(notify);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (stream.status !== 200) {
          stream.body += chunk;
          return;
        }
        text += chunk;
        const separator = o.sse ? '\n\n' : '\n';
        let at: number;
        while ((at = text.indexOf(separator)) >= 0) {
          const unit = text.slice(0, at);
          text = text.slice(at + separator.length);
          if (o.sse) readSseEvent(unit, stream);
          else if (unit === '') stream.keepAlives++;
          else stream.events.push(JSON.parse(unit));
        }
        notify();
      });
      resolve(stream);
    });
    req.end();
  });
}

function readSseEvent(block: string, stream: OpenedStream): void {
  const lines = block.split('\n');
  if (lines.every((l) => l.startsWith(':'))) {
    stream.keepAlives++;
    return;
  }
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith('id: ')) stream.ids.push(line.slice(4));
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  stream.events.push(JSON.parse(data.join('\n')));
}

export const GAME_UPDATE_FIELDS = `type seq event ply position sideToMove drawOfferedBy clocks { attackersMs }
  move { from to notation captures } outcome { status winner reason } game { id ply moves }`;

export interface Subscribed {
  /** The `gameUpdated` values in arrival order. */
  updates: any[];
  /** GraphQL errors answered instead of values (a `next` with errors, or an `error` message). */
  errors: any[];
  /** How it finished: completed by the server, refused, or the socket closed (with its close code). */
  done: Promise<{ how: 'complete' | 'error' | 'closed'; code?: number }>;
  waitFor(n: number, ms?: number): Promise<any[]>;
  /** Ends the client and its socket. */
  dispose(): Promise<void>;
}

/** `subscription { gameUpdated(id, sinceSeq) }` on its own graphql-ws connection to `base` (http://…). */
export function subscribeGame(base: string, id: string, o: { sinceSeq?: number; query?: string } = {}): Subscribed {
  let closeCode: number | undefined;
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    on: { closed: (e) => (closeCode = (e as { code?: number }).code) },
  });
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  let finished = false;
  const s: Subscribed = {
    updates: [],
    errors: [],
    done: new Promise((resolve) => {
      const query =
        o.query ?? `subscription($id: ID!, $sinceSeq: Int) { gameUpdated(id: $id, sinceSeq: $sinceSeq) { ${GAME_UPDATE_FIELDS} } }`;
      client.subscribe(
        { query, variables: { id, sinceSeq: o.sinceSeq ?? null } },
        {
          next: (v) => {
            if (v.errors) s.errors.push(...v.errors);
            if (v.data) s.updates.push((v.data as { gameUpdated: unknown }).gameUpdated);
            notify();
          },
          error: (e) => {
            finished = true;
            if (Array.isArray(e)) {
              s.errors.push(...e);
              resolve({ how: 'error' });
            } else resolve({ how: 'closed', code: closeCode ?? (e as { code?: number }).code });
            notify();
          },
          complete: () => {
            finished = true;
            resolve({ how: 'complete' });
            notify();
          },
        },
      );
    }),
    waitFor(n, ms = 15_000) {
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`${s.updates.length} of ${n} updates after ${ms} ms; errors ${JSON.stringify(s.errors)}`));
        }, ms);
        const check = () => {
          if (s.updates.length >= n) {
            clearTimeout(timer);
            waiters.delete(check);
            ok(s.updates);
          } else if (finished) {
            clearTimeout(timer);
            waiters.delete(check);
            fail(new Error(`the subscription finished after ${s.updates.length} of ${n} updates; errors ${JSON.stringify(s.errors)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    dispose: () => client.dispose() as Promise<void>,
  };
  return s;
}

/** The seqs of gameState events, in order. */
export const seqsOf = (events: any[]): number[] => events.filter((e) => e.type === 'gameState').map((e) => e.seq);

/** Polls `check` until it holds (a correctness bound, not a speed one). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} still false after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
