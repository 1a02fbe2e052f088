/**
 * What every request meets before a handler (hardening): CORS for browsers on other origins, security
 * headers, and malformed input refused as a 400 problem, never a 500.
 */
import { Answer, TestApp, getJson, postJson, startApp } from './harness';

let s: TestApp;
let limited: TestApp;
beforeAll(async () => {
  s = await startApp({}, { database: false });
  limited = await startApp({ CORS_ORIGINS: 'https://board.example, http://localhost:5173' }, { database: false });
});
afterAll(async () => {
  await s?.close();
  await limited?.close();
});

function expectBadInput(r: Answer, field?: string): void {
  expect(r.status).toBe(400);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
  if (field) expect(r.body.errors.map((e: { field?: string }) => e.field)).toContain(field);
}

describe('CORS', () => {
  it('answers a preflight for REST, GraphQL and the docs with any origin by default', async () => {
    for (const path of ['/v1/legal-moves', '/graphql', '/v1/games/x/moves']) {
      const r = await s.request('OPTIONS', path, undefined, {
        origin: 'https://front.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      });
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-headers')).toMatch(/authorization/);
      expect(r.headers.get('access-control-allow-methods')).toMatch(/POST/);
    }
    const get = await getJson(s, '/v1/variants/brandubh', { origin: 'https://front.example' });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
  });

  it('with CORS_ORIGINS, allows exactly those origins', async () => {
    const ok = await getJson(limited, '/v1/variants/brandubh', { origin: 'https://board.example' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://board.example');
    const other = await getJson(limited, '/v1/variants/brandubh', { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('security headers', () => {
  it('on answers, problems and the docs', async () => {
    for (const path of ['/v1/variants/brandubh', '/v1/nothing', '/docs']) {
      const r = await getJson(s, path);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(r.headers.get('x-powered-by')).toBeNull();
    }
    expect((await getJson(s, '/docs')).headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });
});

describe('malformed input is a 400 problem, never a 500', () => {
  it('JSON nested 2,000 deep, in any field', async () => {
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    expectBadInput(await postJson(s, '/v1/evaluate', `{"variant":"brandubh","moves":${deep}}`), 'moves' + '[0]'.repeat(31));
    expectBadInput(await postJson(s, '/v1/evaluate', `{"variant":"brandubh","extra":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`));
    // On /graphql the same refusal is a GraphQL error: test/http/body-shape.e2e.test.ts.
  });

  it('a repeated query parameter', async () => {
    expectBadInput(await getJson(s, '/v1/variants/brandubh/evaluate?moves=d2-e2&moves=d3-d2'), 'moves');
    expectBadInput(await getJson(s, '/v1/variants/brandubh/legal-moves?from=d5&from=d4'), 'from');
  });

  it('NUL characters and lone surrogates in bodies and query values', async () => {
    expectBadInput(await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: ['d2-e2\u0000'] }), 'moves[0]');
    expectBadInput(await postJson(s, '/v1/evaluate', `{"variant":"brandubh","position":"\\ud800 a"}`), 'position');
    expectBadInput(await getJson(s, '/v1/variants/brandubh/evaluate?moves=d2-e2%00'), 'moves');
  });

  it('bodies that are not JSON, or empty', async () => {
    expectBadInput(await postJson(s, '/v1/evaluate', '{"variant":'));
    expectBadInput(await postJson(s, '/v1/evaluate', ''));
  });

  it('a malformed URL', async () => {
    const r = await getJson(s, '/v1/variants/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('big bad input answers small', () => {
  it('a TFEN of 130,000 bad letters is a short 400, not a 500 or a 15 MB body', async () => {
    const r = await postJson(s, '/v1/evaluate', { variant: 'brandubh', position: `${'x'.repeat(130_000)} a` });
    expectBadInput(r, 'position');
    expect(r.text.length).toBeLessThan(2_000);
    const many = await postJson(s, '/v1/evaluate', {
      variant: 'unst-alea-evangelii',
      position: `${'xxxxxxxxxxxxxxxxxxx/'.repeat(18)}xxxxxxxxxxxxxxxxxxx a`,
    });
    expectBadInput(many, 'position');
    expect(many.body.errors.length).toBeLessThanOrEqual(21);
  });
});
