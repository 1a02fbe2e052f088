/**
 * The answer cache as a client meets it (issue 14): a repeated pure request gets the very same bytes
 * and headers, counted as a hit at /metrics; errors, stored games and mutations are never kept; the
 * rate limit still counts every hit.
 */
import { whenReady } from '../games/client';
import { TestApp, getJson, gql, postJson, startApp } from './harness';

let s: TestApp;
beforeAll(async () => {
  s = await whenReady(await startApp({ RATE_LIMIT_MAX: '1000', RATE_LIMIT_WINDOW_MS: '600000' }));
});
afterAll(async () => s?.close());

async function metric(name: string, kind?: string): Promise<number> {
  const text = (await getJson(s, '/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(kind ? `${name}{kind="${kind}"} ` : `${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

const HEADERS_KEPT = ['content-type', 'cache-control', 'content-length'];

describe('answer cache (issue 14)', () => {
  it('POST legal-moves: kept the second time it is asked, a hit the third, with the same bytes and headers', async () => {
    const body = { variant: 'brandubh', moves: ['d2-e2', 'c4-c5'] };
    const hits = await metric('tafl_answer_cache_hits_total', 'rest');
    const misses = await metric('tafl_answer_cache_misses_total', 'rest');
    const stored = await metric('tafl_answer_cache_stored_total', 'rest');
    const first = await postJson(s, '/v1/legal-moves', body);
    // Looked up once per request (when its body is read), so one miss.
    expect(await metric('tafl_answer_cache_misses_total', 'rest')).toBe(misses + 1);
    // Asked once: remembered, not kept (a stream of questions that never repeat keeps nothing).
    expect(await metric('tafl_answer_cache_stored_total', 'rest')).toBe(stored);
    expect((await postJson(s, '/v1/legal-moves', body)).text).toBe(first.text);
    expect(await metric('tafl_answer_cache_stored_total', 'rest')).toBe(stored + 1);
    expect(await metric('tafl_answer_cache_hits_total', 'rest')).toBe(hits);
    const second = await postJson(s, '/v1/legal-moves', body);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    for (const h of HEADERS_KEPT) expect(second.headers.get(h)).toBe(first.headers.get(h));
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Everything the edge adds is still there, fresh per request.
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // Six requests since `first` (four to /metrics, the second ask, this hit): a unit each, hits too.
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(Number(first.headers.get('ratelimit-remaining')) - 6);
    expect(await metric('tafl_answer_cache_hits_total', 'rest')).toBe(hits + 1);
    expect(await metric('tafl_answer_cache_misses_total', 'rest')).toBe(misses + 2);
    expect(first.body).toMatchObject({ sideToMove: 'attackers', count: first.body.moves.length });
  });

  it('a GET form keeps its Cache-Control on a hit', async () => {
    const url = '/v1/variants/brandubh/evaluate?moves=d2-e2';
    const first = await getJson(s, url);
    await getJson(s, url);
    const second = await getJson(s, url);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(second.headers.get('cache-control')).toMatch(/max-age=/);
  });

  it('GET answers carry a strong ETag, the same on a miss and a hit, and If-None-Match gets a 304', async () => {
    const url = '/v1/variants/brandubh/legal-moves?moves=d2-e2,c4-c5&from=d4';
    const first = await getJson(s, url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await getJson(s, url)).headers.get('etag')).toBe(etag);
    expect((await getJson(s, url)).headers.get('etag')).toBe(etag); // a hit
    const revalidated = await getJson(s, url, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    // Another question has another validator; a stale one gets the body.
    const other = await getJson(s, '/v1/variants/brandubh/legal-moves?moves=d2-e2');
    expect(other.headers.get('etag')).not.toBe(etag);
    expect((await getJson(s, '/v1/variants/brandubh/legal-moves?moves=d2-e2', { 'if-none-match': etag! })).status).toBe(200);
    // A conditional request the cache has not seen yet (another instance's ETag) is a 304 too.
    const fresh = await startApp({ RATE_LIMIT_MAX: '0' }, { database: false });
    try {
      expect((await getJson(fresh, url, { 'if-none-match': etag! })).status).toBe(304);
    } finally {
      await fresh.close();
    }
  });

  it('errors are never kept: an illegal move is refused every time, with a fresh problem', async () => {
    const body = { variant: 'brandubh', moves: ['d2-d9'] };
    const stored = await metric('tafl_answer_cache_stored_total', 'rest');
    const a = await postJson(s, '/v1/legal-moves', body);
    await postJson(s, '/v1/legal-moves', body);
    const b = await postJson(s, '/v1/legal-moves', body);
    expect(a.status).toBe(422);
    expect(b.status).toBe(422);
    expect(b.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await metric('tafl_answer_cache_stored_total', 'rest')).toBe(stored);
  });

  it('a pure GraphQL query is kept; a stored game query and a mutation are not', async () => {
    const q = 'query($s: GameStateInput!) { legalMoves(state: $s) { count moves { notation } } }';
    const vars = { s: { variant: 'brandubh', moves: ['d2-e2'] } };
    const hits = await metric('tafl_answer_cache_hits_total', 'graphql');
    const a = await gql(s, q, vars);
    await gql(s, q, vars);
    const b = await gql(s, q, vars);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(await metric('tafl_answer_cache_hits_total', 'graphql')).toBe(hits + 1);

    const create = 'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }';
    const created = await gql(s, create, { input: { variant: 'brandubh' } });
    expect(created.body.errors, JSON.stringify(created.body.errors)).toBeUndefined();
    const stored = await metric('tafl_answer_cache_stored_total', 'graphql');
    const again = await gql(s, create, { input: { variant: 'brandubh' } });
    expect(again.body.data.createGame.id).not.toBe(created.body.data.createGame.id);
    const id = again.body.data.createGame.id as string;
    for (let i = 0; i < 3; i++) {
      await gql(s, `query { game(id: "${id}") { ply } }`);
      // A pure field beside an impure one makes the whole document impure.
      await gql(s, `query { game(id: "${id}") { ply } legalMoves(state: { variant: "brandubh" }) { count } }`);
    }
    expect(await metric('tafl_answer_cache_stored_total', 'graphql')).toBe(stored);
  });

  it('a GraphQL answer with errors is not kept', async () => {
    const q = 'query { legalMoves(state: { variant: "brandubh", moves: ["d2-d9"] }) { count } }';
    const stored = await metric('tafl_answer_cache_stored_total', 'graphql');
    const a = await gql(s, q);
    expect(a.body.errors?.length).toBeGreaterThan(0);
    await gql(s, q);
    await gql(s, q);
    expect(await metric('tafl_answer_cache_stored_total', 'graphql')).toBe(stored);
  });

  it('/metrics lists the bound and what is held', async () => {
    const text = (await getJson(s, '/metrics')).text;
    expect(text).toMatch(/^tafl_answer_cache_max_bytes 67108864$/m);
    expect(await metric('tafl_answer_cache_entries')).toBeGreaterThan(0);
    expect(await metric('tafl_answer_cache_bytes')).toBeGreaterThan(0);
  });
});
