import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApi, renderSchema } from '../../src/api/contracts';
import { VERSION } from '../../src/app.factory';
import { ConfigError, loadConfig } from '../../src/config/config';
import { ROOT, TestApp, getJson, gql, postJson, startApp } from './harness';

describe('registry, health, contracts', () => {
  let s: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    s = await startApp({ MAX_MOVES: '50', BODY_LIMIT_BYTES: '4096' }, { database: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists every variant with its rules, from the engine definitions', async () => {
    const r = await getJson(s, '/v1/variants');
    expect(r.status).toBe(200);
    expect(r.body.map((v: { id: string }) => v.id)).toEqual([
      'fetlar',
      'fetlar-edge-capture',
      'unst-alea-evangelii',
      'alea-evangelii',
      'alea-evangelii-citadels',
      'copenhagen',
      'brandubh',
      'tablut',
      'sea-battle',
      'tawlbwrdd',
      'opentafl-brandub',
      'magpie',
      'foteviken-tablut',
      'copenhagen-relaxed-shieldwall',
      'opentafl-fetlar',
      'opentafl-tablut',
      'opentafl-berserk',
    ]);
    const cph = await getJson(s, '/v1/variants/copenhagen');
    expect(cph.body).toMatchObject({
      id: 'copenhagen',
      size: 11,
      firstSide: 'attackers',
      startPosition: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a',
      captureRules: { shieldwall: true },
      exitFort: { minWall: 1 },
      encirclement: true,
      repetition: { occurrences: 3, result: 'mover-loses' },
    });
    expect(cph.body.specialSquares).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'throne', squares: ['f6'], whoMayStop: 'king', whoMayPass: 'all' }),
        expect.objectContaining({
          kind: 'corner',
          squares: ['a1', 'a11', 'k1', 'k11'],
          hostileTo: { attackers: 'always', defenders: 'always', king: 'always' },
        }),
      ]),
    );
    const aec = await getJson(s, '/v1/variants/alea-evangelii-citadels');
    expect(aec.body.specialSquares.find((x: { kind: string }) => x.kind === 'citadel').squares).toHaveLength(12);
    const g = await gql(s, `{ variant(id: "copenhagen") { id size startPosition specialSquares { kind squares } } variants { id } }`);
    expect(g.body.data.variant.startPosition).toBe(cph.body.startPosition);
    expect(g.body.data.variants).toHaveLength(17);
    const missing = await gql(s, `{ variant(id: "chess") { id } }`);
    expect(missing.body.errors[0].extensions.code).toBe('VARIANT_NOT_FOUND');
    const missingRest = await getJson(s, '/v1/variants/chess');
    expect(missingRest.status).toBe(404);
    expect(missingRest.body.code).toBe('VARIANT_NOT_FOUND');
  });

  it('caps the moves list (400) and the body size (413)', async () => {
    const moves = Array.from({ length: 51 }, () => 'd2-e2');
    const tooMany = await postJson(s, '/v1/validate-game', { variant: 'brandubh', moves });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('TOO_MANY_MOVES');
    const big = await postJson(s, '/v1/evaluate', { variant: 'brandubh', position: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toMatch(/problem\+json/);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers unknown routes with a 404 problem and echoes a request id', async () => {
    const r = await getJson(s, '/v1/nothing-here', { 'x-request-id': 'abc-123' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
    expect(r.headers.get('x-request-id')).toBe('abc-123');
  });

  it('health and readiness', async () => {
    expect((await getJson(s, '/health')).body).toEqual({ status: 'ok' });
    const ready = await getJson(s, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const doc = await getJson(s, '/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/legal-moves', '/v1/validate-game', '/v1/variants/{id}/legal-moves']),
    );
    const ui = await getJson(s, '/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toMatch(/swagger/i);
  });

  it('the served OpenAPI document is the committed openapi/openapi.json', async () => {
    const served = await getJson(s, '/openapi.json');
    expect(served.body).toEqual(JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')));
  });

  it('the committed schema.gql and openapi/openapi.json are up to date (else run `npm run contracts`)', () => {
    expect(renderSchema(s.app)).toBe(readFileSync(join(ROOT, 'schema.gql'), 'utf8'));
    expect(renderOpenApi(s.app, VERSION)).toBe(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8'));
  });
});

describe('rate limiting', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }, { database: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 429 with RateLimit and Retry-After headers and a JSON problem, for REST and GraphQL alike', async () => {
    for (let i = 0; i < 3; i++) expect((await getJson(s, '/v1/variants/brandubh')).status).toBe(200);
    const limited = await getJson(s, '/v1/variants/brandubh');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
    expect(limited.body).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await gql(s, '{ variants { id } }')).status).toBe(429);
    expect((await getJson(s, '/health')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('is validated at start with every problem listed', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    let refused: unknown = null;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (e) {
      refused = e;
    }
    // Both problems, not only the first: a configuration is fixed in one go.
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([expect.stringMatching(/^LOG_LEVEL /), expect.stringMatching(/^PORT /)]);
    expect(loadConfig({}).port).toBe(3000);
  });

  it('has the stream settings of api.md section 7, each refused when out of range', () => {
    expect(loadConfig({})).toMatchObject({ streamKeepAliveMs: 15_000, maxStreamsPerClient: 16, streamBufferBytes: 1024 * 1024 });
    expect(() => loadConfig({ STREAM_KEEPALIVE_MS: '0' })).toThrow(/STREAM_KEEPALIVE_MS/);
    expect(() => loadConfig({ MAX_STREAMS_PER_CLIENT: '-1' })).toThrow(/MAX_STREAMS_PER_CLIENT/);
    expect(() => loadConfig({ STREAM_BUFFER_BYTES: '1000' })).toThrow(/STREAM_BUFFER_BYTES/);
  });
});
