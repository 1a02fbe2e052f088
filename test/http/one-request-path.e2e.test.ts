/**
 * One request path: every request passes the same Fastify hooks, whatever answers it (a plain Fastify
 * route, an answer-cache hit, a Nest controller, Apollo, the router's 404, a schema's 400, the body
 * limit's 413, the rate limit's 429, a CORS preflight). The onResponse hook counts each one
 * (tafl_http_requests_total at /metrics); the onRequest and onSend hooks leave their headers on each.
 */
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RequestCounts } from '../../src/http/request-counts';
import { Answer, TestApp, getJson, gql, postJson, startApp } from '../api/harness';

type App = TestApp & { app: NestFastifyApplication };
let s: App;
let limited: App;
beforeAll(async () => {
  s = await startApp({ RATE_LIMIT_MAX: '100000', BODY_LIMIT_BYTES: '4096' }, { database: false });
  limited = await startApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '600000' }, { database: false });
});
afterAll(async () => {
  await s?.close();
  await limited?.close();
});

/** Requests the onResponse hook has counted so far, by (method route status), read in-process. */
function counted(app: App): Map<string, number> {
  return new Map(
    app.app
      .get(RequestCounts)
      .entries()
      .map((c) => [`${c.method} ${c.route} ${c.status}`, c.n]),
  );
}

function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of after) if (n !== (before.get(k) ?? 0)) out[k] = n - (before.get(k) ?? 0);
  return out;
}

const LEGAL = { variant: 'brandubh', moves: ['d2-e2'] };
const QUERY = 'query($s: GameStateInput!) { legalMoves(state: $s) { count } }';

describe('one request path', () => {
  it('every kind of answer is counted once by the onResponse hook and carries the onRequest and onSend headers', async () => {
    const before = counted(s);
    const sent: Answer[] = [];
    const send = async (a: Promise<Answer>) => sent.push(await a);
    // A plain Fastify route: a miss, the second ask (kept), a hit.
    for (let i = 0; i < 3; i++) await send(postJson(s, '/v1/legal-moves', LEGAL));
    // Its GET form, then a conditional request answered 304 from the cache.
    await send(getJson(s, '/v1/variants/brandubh/legal-moves?moves=d2-e2'));
    const etag = sent.at(-1)!.headers.get('etag')!;
    await send(getJson(s, '/v1/variants/brandubh/legal-moves?moves=d2-e2', { 'if-none-match': etag }));
    // Nest controllers.
    await send(postJson(s, '/v1/validate-game', LEGAL));
    await send(getJson(s, '/v1/variants'));
    // Apollo: a miss, the second ask (kept), a hit from its response cache.
    for (let i = 0; i < 3; i++) await send(gql(s, QUERY, { s: LEGAL }));
    // Refusals made by Fastify itself: no route, the route's schema, the JSON parser, the body limit.
    await send(getJson(s, '/v1/nowhere'));
    await send(postJson(s, '/v1/legal-moves', { variant: 'brandubh', moves: 7 }));
    await send(postJson(s, '/v1/legal-moves', '{"variant":'));
    await send(postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: Array(2000).fill('d2-e2') }));
    // A CORS preflight.
    await send(
      s.request('OPTIONS', '/v1/legal-moves', undefined, { origin: 'https://front.example', 'access-control-request-method': 'POST' }),
    );

    expect(sent.map((a) => a.status)).toEqual([200, 200, 200, 200, 304, 200, 200, 200, 200, 200, 404, 400, 400, 413, 204]);
    expect(delta(before, counted(s))).toEqual({
      'POST /v1/legal-moves 200': 3,
      'GET /v1/variants/:id/legal-moves 200': 1,
      'GET /v1/variants/:id/legal-moves 304': 1,
      'POST /v1/validate-game 200': 1,
      'GET /v1/variants 200': 1,
      'POST /graphql 200': 3,
      'GET unmatched 404': 1,
      'POST /v1/legal-moves 400': 2,
      'POST /v1/evaluate 413': 1,
      // @fastify/cors answers every preflight from its one route.
      'OPTIONS * 204': 1,
    });
    const ids = new Set<string>();
    for (const [i, a] of sent.entries()) {
      const id = a.headers.get('x-request-id');
      expect(id, `answer ${i}`).toBeTruthy();
      ids.add(id!);
      expect(a.headers.get('content-security-policy'), `answer ${i}`).toMatch(/frame-ancestors 'none'/);
      expect(a.headers.get('x-content-type-options'), `answer ${i}`).toBe('nosniff');
    }
    expect(ids.size).toBe(sent.length);
    // A preflight is answered by the CORS hook, which comes before the rate limit's: browsers send them on
    // their own, and they cost no quota. Every other request took one unit, in the order sent.
    const preflight = sent.at(-1)!;
    expect(preflight.headers.get('ratelimit-limit')).toBeNull();
    const limitedAnswers = sent.slice(0, -1);
    for (const [i, a] of limitedAnswers.entries()) expect(a.headers.get('ratelimit-limit'), `answer ${i}`).toBe('100000');
    const remaining = limitedAnswers.map((a) => Number(a.headers.get('ratelimit-remaining')));
    for (let i = 1; i < remaining.length; i++) expect(remaining[i], `answer ${i}`).toBe(remaining[i - 1] - 1);
    // The same counts at /metrics, for operators.
    const metrics = (await getJson(s, '/metrics')).text;
    expect(metrics).toMatch(/^tafl_http_requests_total\{method="POST",route="\/v1\/legal-moves",status="200"\} \d+$/m);
    expect(metrics).toMatch(/^tafl_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
  });

  it('a request the rate limit refuses is counted and answered with the same headers', async () => {
    const before = counted(limited);
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await postJson(limited, '/v1/legal-moves', LEGAL));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    expect(delta(before, counted(limited))).toEqual({ 'POST /v1/legal-moves 200': 2, 'POST /v1/legal-moves 429': 2 });
    for (const a of answers.slice(2)) {
      expect(a.headers.get('x-request-id')).toBeTruthy();
      expect(a.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(a.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    }
  });
});
