/**
 * Issue 8 item 6 against a real process and real sockets: clients that send their request a byte at a
 * time are cut off with a 408 problem once REQUEST_TIMEOUT_MS has passed, whether they dawdle in the
 * headers or in the body; one address cannot hold more than MAX_CONNECTIONS_PER_CLIENT sockets; and
 * meanwhile another client is served. The slow clients come from 127.0.0.1, the served one from
 * 127.0.0.2 (all of 127/8 is loopback on Linux).
 */
import { request as httpRequest } from 'node:http';
import { connect, Socket } from 'node:net';
import { SpawnedService, spawnService } from './harness';

const REQUEST_TIMEOUT_MS = 1000;
const PER_CLIENT = 40;

let service: SpawnedService;
let port: number;

beforeAll(async () => {
  service = await spawnService({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT) });
  port = Number(new URL(service.base).port);
});
afterAll(async () => service?.close());

interface SlowClient {
  socket: Socket;
  /** Everything the server sent, and when the socket closed (ms after opening). */
  done: Promise<{ answer: string; closedAfterMs: number }>;
}

/** Opens a connection that sends `head` at once, then one byte of `drip` per 200 ms until closed. */
function slowClient(head: string, drip: string): SlowClient {
  const started = Date.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
  let answer = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(drip), 200);
  });
  socket.on('data', (d) => (answer += d.toString()));
  socket.on('error', () => undefined);
  const done = new Promise<{ answer: string; closedAfterMs: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    }),
  );
  return { socket, done };
}

const slowBody = () =>
  slowClient('POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n', ' ');
const slowHeaders = () => slowClient('GET /health HTTP/1.1\r\nHost: x\r\n', 'x');

/** GET from another loopback address, so the per-address cap of the slow clients does not apply. */
function getFrom(localAddress: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function statusLine(answer: string): string {
  return answer.split('\r\n')[0];
}

describe('slow senders (issue 8 item 6)', () => {
  it('a body sent a byte at a time is answered 408 problem+json and closed; another client is served meanwhile', async () => {
    const clients = Array.from({ length: 20 }, slowBody);
    const served = await getFrom('127.0.0.2', '/health');
    expect(served.status).toBe(200);
    const results = await Promise.all(clients.map((c) => c.done));
    for (const r of results) {
      expect(statusLine(r.answer)).toBe('HTTP/1.1 408 Request Timeout');
      expect(r.answer).toContain('Content-Type: application/problem+json');
      expect(r.answer).toContain('"code":"REQUEST_TIMEOUT"');
      // Cut off by the server, never before the timeout: the bound is the timeout plus one check interval.
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    }
  });

  it('headers sent a byte at a time are cut off the same way', async () => {
    const clients = Array.from({ length: 10 }, slowHeaders);
    const results = await Promise.all(clients.map((c) => c.done));
    for (const r of results) {
      expect(statusLine(r.answer)).toBe('HTTP/1.1 408 Request Timeout');
      expect(r.answer).toContain('"code":"REQUEST_TIMEOUT"');
    }
  });

  it('one address holds at most MAX_CONNECTIONS_PER_CLIENT sockets; the next is closed at accept; others still connect', async () => {
    const clients = Array.from({ length: PER_CLIENT }, slowBody);
    await Promise.all(clients.map((c) => new Promise((r) => c.socket.once('connect', r))));
    // Give the server the moment it needs to count them.
    await new Promise((r) => setTimeout(r, 100));
    const extra = slowBody();
    const refused = await extra.done;
    expect(refused.answer).toBe('');
    expect(refused.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect((await getFrom('127.0.0.2', '/health')).status).toBe(200);
    const results = await Promise.all(clients.map((c) => c.done));
    expect(results.every((r) => statusLine(r.answer) === 'HTTP/1.1 408 Request Timeout')).toBe(true);
    // Once they are gone the address may connect again (the server counts a socket out when it sees it
    // close, which may come a moment after the client saw it: a refused try is retried).
    let again = 0;
    for (let i = 0; i < 40 && again !== 200; i++) {
      again = await getFrom('127.0.0.1', '/health').then(
        (r) => r.status,
        () => new Promise<number>((r) => setTimeout(() => r(0), 50)),
      );
    }
    expect(again).toBe(200);
  });

  it('a malformed request and oversized headers answer problem+json, not Fastify JSON', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const s = connect({ port, host: '127.0.0.1' }, () => s.write(text));
        let answer = '';
        s.on('data', (d) => (answer += d.toString()));
        s.on('error', () => undefined);
        s.on('close', () => resolve(answer));
      });
    const malformed = await raw('GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(statusLine(malformed)).toBe('HTTP/1.1 400 Bad Request');
    expect(malformed).toContain('Content-Type: application/problem+json');
    const huge = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusLine(huge)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(huge).toContain('"code":"HEADERS_TOO_LARGE"');
    expect(huge).toContain('"title":"Request Header Fields Too Large"');
  });
});
