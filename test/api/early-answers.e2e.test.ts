/**
 * Answer-cache hits answered before the framework (src/http/answer-cache/early-answers.ts), over real
 * HTTP: a hit answered early has the bytes and headers the framework path gives the same question,
 * with the request id and rate-limit headers made afresh; whatever the early path does not answer
 * reaches Fastify as if it had not been there (the body it read included).
 */
import { AddressInfo, Socket, connect } from 'node:net';
import { spawnService } from './harness';
import { Sent, Served, counter, lasting, sent, serve } from './listening-app';

const earlyHits = (s: Served, kind: string): Promise<number> => counter(s, 'tafl_answer_cache_early_hits_total', kind);

async function send(s: Served, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Sent> {
  return sent(
    await fetch(`${s.base}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

/** Asks three times: a miss, a miss kept by the framework path, then a hit answered early. */
async function askThrice(s: Served, kind: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const first = await send(s, method, path, body, headers);
  const framework = await send(s, method, path, body, headers);
  const before = await earlyHits(s, kind);
  const early = await send(s, method, path, body, headers);
  expect(await earlyHits(s, kind)).toBe(before + 1);
  return { first, framework, early };
}

let s: Served;
beforeAll(async () => {
  s = await serve({ RATE_LIMIT_MAX: '10000', RATE_LIMIT_WINDOW_MS: '600000' });
});
afterAll(async () => s?.app.close());

describe('early answers (issue 14)', () => {
  it.each([
    ['REST POST legal-moves', 'rest', 'POST', '/v1/legal-moves', JSON.stringify({ variant: 'brandubh', moves: ['d2-e2', 'c4-c5'] })],
    ['REST GET evaluate', 'rest', 'GET', '/v1/variants/brandubh/evaluate?moves=d2-e2', undefined],
    [
      'GraphQL legalMoves',
      'graphql',
      'POST',
      '/graphql',
      JSON.stringify({
        query: 'query($s: GameStateInput!) { legalMoves(state: $s) { count moves { notation } } }',
        variables: { s: { variant: 'brandubh', moves: ['d2-e2'] } },
      }),
    ],
  ])('%s: the bytes and headers of the framework path; request id and rate limit fresh', async (_n, kind, method, path, body) => {
    const { first, framework, early } = await askThrice(s, kind, method, path, body);
    expect(first.status).toBe(200);
    expect(early.status).toBe(200);
    expect(early.bytes.equals(framework.bytes)).toBe(true);
    expect(early.bytes.equals(first.bytes)).toBe(true);
    expect(lasting(early.headers)).toEqual(lasting(framework.headers));
    expect(early.headers.get('content-length')).toBe(String(early.bytes.length));
    expect(early.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(early.headers.get('x-request-id')).not.toBe(framework.headers.get('x-request-id'));
    // One unit for each request since: /metrics, and this one.
    expect(Number(early.headers.get('ratelimit-remaining'))).toBe(Number(framework.headers.get('ratelimit-remaining')) - 2);
    expect(early.headers.get('x-content-type-options')).toBe('nosniff');
    expect(early.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("echoes the client's request id", async () => {
    const body = JSON.stringify({ variant: 'brandubh', moves: ['d2-e2', 'c4-c5', 'e2-e3'] });
    await askThrice(s, 'rest', 'POST', '/v1/legal-moves', body);
    const again = await send(s, 'POST', '/v1/legal-moves', body, { 'x-request-id': 'trace-early' });
    expect(again.headers.get('x-request-id')).toBe('trace-early');
  });

  it('a body that is not plain JSON is not answered early: as text/plain it gets the 400 it always got', async () => {
    const body = JSON.stringify({ variant: 'brandubh', moves: ['d2-e2', 'c4-c5'] });
    await askThrice(s, 'rest', 'POST', '/v1/legal-moves', body);
    const before = await earlyHits(s, 'rest');
    const text = await send(s, 'POST', '/v1/legal-moves', body, { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(JSON.parse(text.bytes.toString()).code).toBe('BAD_USER_INPUT');
    // JSON in another spelling goes through the framework, and its answer is the same.
    const upper = await send(s, 'POST', '/v1/legal-moves', body, { 'content-type': 'Application/JSON; charset=UTF-8' });
    expect(upper.status).toBe(200);
    expect(upper.bytes.equals((await send(s, 'POST', '/v1/legal-moves', body)).bytes)).toBe(true);
    expect(await earlyHits(s, 'rest')).toBe(before + 1);
  });

  it('a miss read early reaches the framework whole: a body in pieces, multi-byte characters split', async () => {
    // An unknown variant id with a multi-byte character: a problem that names it, read intact.
    const body = JSON.stringify({ variant: 'brandübh-ö', moves: [] });
    const bytes = Buffer.from(body);
    const split = bytes.indexOf(Buffer.from('ü')) + 1; // inside the two bytes of ü
    const answer = await rawRequest(s, [
      `POST /v1/legal-moves HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${bytes.length}\r\nconnection: close\r\n\r\n`,
      bytes.subarray(0, split),
      bytes.subarray(split),
    ]);
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('VARIANT_NOT_FOUND');
    expect(answer).toContain('no variant \\"brandübh-ö\\"');
    // And a legal question in pieces is answered as in one.
    const good = JSON.stringify({ variant: 'brandubh', moves: ['d2-e2'] });
    const whole = (await send(s, 'POST', '/v1/legal-moves', good)).bytes.toString();
    const pieces = await rawRequest(s, [
      `POST /v1/legal-moves HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${good.length}\r\nconnection: close\r\n\r\n`,
      good.slice(0, 7),
      good.slice(7),
    ]);
    expect(pieces.startsWith('HTTP/1.1 200')).toBe(true);
    expect(pieces.endsWith(whole)).toBe(true);
  });

  it('an upload cut off halfway leaves the server answering', async () => {
    const socket = connect((s.app.app.getHttpServer().address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('POST /v1/legal-moves HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"variant":');
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    expect((await send(s, 'POST', '/v1/legal-moves', JSON.stringify({ variant: 'brandubh' }))).status).toBe(200);
  });

  it('a conditional GET still gets its 304, and HEAD its headers, from the framework', async () => {
    const path = '/v1/variants/brandubh/legal-moves?moves=d2-e2,c4-c5';
    const { early } = await askThrice(s, 'rest', 'GET', path);
    const etag = early.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await send(s, 'GET', path, undefined, { 'if-none-match': etag })).status).toBe(304);
    const head = await send(s, 'HEAD', path);
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  it('a hit past the quota is refused with the 429 problem, not answered', async () => {
    const limited = await serve({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '600000' });
    try {
      const body = JSON.stringify({ variant: 'brandubh', moves: ['d2-e2'] });
      await askThrice(limited, 'rest', 'POST', '/v1/legal-moves', body); // 3 units, 2 more for /metrics
      const refused = await send(limited, 'POST', '/v1/legal-moves', body);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    } finally {
      await limited.app.close();
    }
  });

  it('with CORS_ORIGINS, each Origin gets the CORS headers the framework gives it', async () => {
    const cors = await serve({ CORS_ORIGINS: 'https://board.example', RATE_LIMIT_MAX: '0' });
    try {
      const body = JSON.stringify({ variant: 'brandubh', moves: ['d2-e2'] });
      const allowed = await askThrice(cors, 'rest', 'POST', '/v1/legal-moves', body, { origin: 'https://board.example' });
      expect(allowed.early.headers.get('access-control-allow-origin')).toBe('https://board.example');
      expect(lasting(allowed.early.headers)).toEqual(lasting(allowed.framework.headers));
      const other = await askThrice(cors, 'rest', 'POST', '/v1/legal-moves', body, { origin: 'https://elsewhere.example' });
      expect(other.early.headers.get('access-control-allow-origin')).toBeNull();
      expect(lasting(other.early.headers)).toEqual(lasting(other.framework.headers));
      const none = await askThrice(cors, 'rest', 'POST', '/v1/legal-moves', body);
      expect(none.early.headers.get('access-control-allow-origin')).toBeNull();
      expect(lasting(none.early.headers)).toEqual(lasting(none.framework.headers));
      // Without a rate limit, no rate-limit headers on either path.
      expect(none.early.headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await cors.app.close();
    }
  });
});

describe('early answers in the service process', () => {
  it('log their one request line, with the request id', async () => {
    const p = await spawnService({ LOG_LEVEL: 'info' });
    const body = { variant: 'brandubh', moves: ['d2-e2'] };
    for (let i = 0; i < 3; i++) await p.request('POST', '/v1/legal-moves', body, { 'x-request-id': `early-${i}` });
    const metrics = await p.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^tafl_answer_cache_early_hits_total\{kind="rest"\} 1$/m);
    expect(await p.stop()).toBe(0);
    const lines = p
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const early = lines.find((l) => l.reqId === 'early-2');
    expect(early).toMatchObject({ level: 30, service: 'tafl-rules', method: 'POST', url: '/v1/legal-moves', status: 200, msg: 'request' });
    expect(typeof early!.ms).toBe('number');
    expect(early!.ip).toMatch(/127\.0\.0\.1/);
  });
});

/** Writes the pieces with pauses between them, and reads the whole answer (the server closes). */
function rawRequest(s: Served, pieces: (string | Buffer)[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect((s.app.app.getHttpServer().address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.once('connect', async () => {
      for (const p of pieces) {
        socket.write(p);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
  });
}
