/**
 * Input refused by its shape before any validation library sees it (issue 24 items 2–5, 8): objects
 * of too many keys, lists of too many items, reserved keys, GraphQL documents of too many tokens, and
 * fields no route knows. Each refusal is a 400 naming the field, in the shape of the route's errors:
 * problem+json on REST, `{ errors: [{ extensions: { code } }] }` on GraphQL.
 */
import { Answer, TestApp, getJson, gql, postJson, startApp } from '../api/harness';
import { whenReady } from '../games/client';
import { postgresDatabase } from '../games/db';
import { MAX_JSON_KEYS } from '../../src/http/request-guards';

const db = postgresDatabase();
let s: TestApp;
beforeAll(async () => {
  s = await whenReady(await startApp({ ...(await db.setup()), MAX_MOVES: '400' }));
});
afterAll(async () => {
  await s?.close();
  await db.teardown();
});

function expectProblem(r: Answer, field: string, code = 'INVALID_FIELD'): void {
  expect(r.status, r.text.slice(0, 300)).toBe(400);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
  expect(r.body.errors).toContainEqual(expect.objectContaining({ code, field }));
}

function expectGraphqlError(r: Answer, code: string): Record<string, unknown> {
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.body.errors?.[0]?.extensions?.code, r.text.slice(0, 300)).toBe(code);
  return r.body.errors[0].extensions;
}

/** `{"k0":0,"k1":1,…}` of n keys. */
const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('REST bodies: shape limits', () => {
  it('an object of more keys than the limit is refused, naming it, on every route that takes a body', async () => {
    for (const [path, body] of [
      ['/v1/games', { variant: 'brandubh', metadata: wide(50_000) }],
      ['/v1/games/bulk', { games: [{ variant: 'brandubh', metadata: wide(MAX_JSON_KEYS + 1) }] }],
      ['/v1/variants/parse', { definition: wide(MAX_JSON_KEYS + 1) }],
      ['/v1/suggest-move', { state: { variant: 'brandubh' }, extra: wide(MAX_JSON_KEYS + 1) }],
    ] as const) {
      const r = await postJson(s, path, body);
      const field =
        path === '/v1/games'
          ? 'metadata'
          : path === '/v1/games/bulk'
            ? 'games[0].metadata'
            : path.endsWith('parse')
              ? 'definition'
              : 'extra';
      expectProblem(r, field);
      expect(r.body.errors[0].message).toBe(`has more than ${MAX_JSON_KEYS} keys`);
    }
  });

  it('a list longer than the longest move list accepted is refused', async () => {
    const r = await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: Array.from({ length: 1001 }, () => 'd2-e2') });
    expectProblem(r, 'moves');
    expect(r.body.errors[0].message).toBe('has more than 1000 items');
  });

  it('the keys __proto__, constructor and prototype are refused wherever they are (they answered 500)', async () => {
    expectProblem(await postJson(s, '/v1/games', '{"variant":"brandubh","metadata":{"constructor":1}}'), 'metadata.constructor');
    expectProblem(await postJson(s, '/v1/games', '{"variant":"brandubh","metadata":{"__proto__":{"x":1}}}'), 'metadata.__proto__');
    expectProblem(await postJson(s, '/v1/variants/parse', '{"definition":{"constructor":1}}'), 'definition.constructor');
    expectProblem(await postJson(s, '/v1/variants', '{"definition":{"prototype":1}}'), 'definition.prototype');
    expectProblem(
      await postJson(s, '/v1/suggest-move', '{"state":{"variant":"brandubh"},"definition":{"constructor":1}}'),
      'definition.constructor',
    );
    // The same words as values, or inside longer keys, are only data.
    const ok = await postJson(s, '/v1/games', { variant: 'brandubh', metadata: { event: 'constructor', constructors: 'x' } });
    expect(ok.status).toBe(201);
  });

  it('a field no route knows is refused as UNKNOWN_FIELD, on Nest routes and plain routes alike (a query parameter as UNKNOWN_PARAMETER)', async () => {
    const game = await postJson(s, '/v1/games', { variant: 'brandubh', colour: 'white' });
    expectProblem(game, 'colour', 'UNKNOWN_FIELD');
    const moves = await postJson(s, '/v1/legal-moves', { variant: 'brandubh', depth: 3 });
    expectProblem(moves, 'depth', 'UNKNOWN_FIELD');
    expect((await getJson(s, '/v1/games?variant=brandubh&colour=white')).body.errors).toContainEqual(
      expect.objectContaining({ code: 'UNKNOWN_PARAMETER', field: 'colour' }),
    );
  });

  it('a route parameter over the router limit answers 414 titled as such', async () => {
    const r = await getJson(s, `/v1/games/${'g'.repeat(600)}`);
    expect(r.status).toBe(414);
    expect(r.body).toMatchObject({ status: 414, title: 'URI Too Long' });
  });
});

describe('GraphQL: the same limits, answered in GraphQL shape', () => {
  const CREATE = 'mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }';

  it('variables: reserved keys, too many keys, NUL and lone surrogates', async () => {
    const reserved = await postJson(
      s,
      '/graphql',
      `{"query":${JSON.stringify(CREATE)},"variables":{"input":{"variant":"brandubh","metadata":{"constructor":1}}}}`,
    );
    expect(reserved.status).toBe(400);
    expect(expectGraphqlError(reserved, 'BAD_USER_INPUT').errors).toContainEqual(
      expect.objectContaining({ field: 'variables.input.metadata.constructor' }),
    );
    const many = await gql(s, CREATE, { input: { variant: 'brandubh', metadata: wide(MAX_JSON_KEYS + 1) } });
    expect(many.status).toBe(400);
    expectGraphqlError(many, 'BAD_USER_INPUT');
    const nul = await gql(s, CREATE, { input: { variant: 'brandubh', players: { attackers: 'a\u0000' } } });
    expect(nul.status).toBe(400);
    expectGraphqlError(nul, 'BAD_USER_INPUT');
    const surrogate = await postJson(s, '/graphql', `{"query":"{ variant(id: \\"\\ud800\\") { id } }"}`);
    expect(surrogate.status).toBe(400);
    expectGraphqlError(surrogate, 'BAD_USER_INPUT');
  });

  it('literals in the document: a reserved key or too many keys in a JSON scalar, NUL text', async () => {
    const reserved = await gql(s, 'mutation { createGame(input: { variant: "brandubh", metadata: { constructor: 1 } }) { game { id } } }');
    expect(expectGraphqlError(reserved, 'BAD_USER_INPUT').errors).toBeDefined();
    const fields = Array.from({ length: MAX_JSON_KEYS + 1 }, (_, i) => `k${i}: ${i}`).join(', ');
    expectGraphqlError(
      await gql(s, `mutation { createGame(input: { variant: "brandubh", metadata: { ${fields} } }) { game { id } } }`),
      'BAD_USER_INPUT',
    );
    expectGraphqlError(await gql(s, '{ variant(id: "a\\u0000") { id } }'), 'BAD_USER_INPUT');
  });

  it('a document of more tokens than the limit is refused by the parser, whatever its size', async () => {
    // MAX_MOVES 400: 2 × 400 + 10,000 tokens. A quarter of a megabyte of `a` is 125,000.
    const r = await postJson(s, '/graphql', { query: `{ ${'a '.repeat(125_000)}}` });
    expect(r.status).toBe(400);
    expect(expectGraphqlError(r, 'GRAPHQL_PARSE_FAILED')).toBeDefined();
    expect(r.body.errors[0].message).toMatch(/more that 10800 tokens/);
    // A long move list written inline fits.
    const moves = Array.from({ length: 400 }, (_, i) => (i % 2 ? '"d3-d2"' : '"d2-e2"')).join(', ');
    const ok = await gql(s, `{ validateGame(state: { variant: "brandubh", moves: [${moves}] }) { valid } }`);
    expect(ok.body.errors, ok.text.slice(0, 300)).toBeUndefined();
  });

  it('a document of more than 500 fields or 200 fragment spreads is refused before graphql-js compares them, by POST and GET', async () => {
    const many = `{ ${'variants { id } '.repeat(2_000)}}`;
    const r = await postJson(s, '/graphql', { query: many });
    expect(r.status).toBe(400);
    expect(expectGraphqlError(r, 'QUERY_TOO_COMPLEX')).toBeDefined();
    expect(r.body.errors[0].message).toBe('the document selects more than 500 fields');
    const viaGet = await getJson(s, `/graphql?query=${encodeURIComponent(`{ ${'__typename '.repeat(501)}}`)}`, {
      'apollo-require-preflight': 'true',
    });
    expect(viaGet.status).toBe(400);
    expectGraphqlError(viaGet, 'QUERY_TOO_COMPLEX');
    const fragments = Array.from({ length: 201 }, (_, i) => `fragment F${i} on Variant { id }`).join('\n');
    const spreads = await gql(
      s,
      `{ variant(id: "brandubh") { ${Array.from({ length: 201 }, (_, i) => `...F${i}`).join(' ')} } }\n${fragments}`,
    );
    expect(spreads.status).toBe(400);
    expect(spreads.body.errors[0].message).toBe('the document holds more than 200 fragment spreads and inline fragments');
    // 500 fields are answered (within the other limits: 50 root fields, a cost of 2,000).
    const aliased = Array.from({ length: 499 }, (_, i) => `i${i}: id`).join(' ');
    const atLimit = await gql(s, `{ variant(id: "brandubh") { ${aliased} } }`);
    expect(atLimit.status, atLimit.text.slice(0, 300)).toBe(200);
    expect(atLimit.body.data.variant.i498).toBe('brandubh');
  });

  it('more than 16 fields answering under one name in a selection set are refused, fragments included', async () => {
    // graphql-js compares each pair of them: 250 copies of `variants { id }` held the loop 64 ms.
    const copies = await gql(s, `{ ${'variants { id } '.repeat(17)}}`);
    expect(copies.status).toBe(400);
    expect(expectGraphqlError(copies, 'QUERY_TOO_COMPLEX').maxSameName).toBe(16);
    expect(copies.body.errors[0].message).toBe('more than 16 fields answer as "variants" in one selection set');
    // Nine in each of two fragments spread side by side, and an inline fragment inside a nested set.
    const viaFragments = await gql(
      s,
      `{ ...A ...B } fragment A on Query { ${'variants { id } '.repeat(9)}} fragment B on Query { ${'variants { id } '.repeat(9)}}`,
    );
    expect(viaFragments.status).toBe(400);
    expect(viaFragments.body.errors[0].message).toBe('more than 16 fields answer as "variants" in one selection set');
    const nested = await gql(s, `{ variant(id: "brandubh") { ${'id '.repeat(9)} ... on Variant { ${'id '.repeat(8)}} } }`);
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].message).toBe('more than 16 fields answer as "id" in one selection set');
    // Sixteen are answered, and the same name in different selection sets counts apart.
    const sixteen = await gql(s, `{ ${'variants { id } '.repeat(16)} variant(id: "brandubh") { ${'id '.repeat(16)}} }`);
    expect(sixteen.status, sixteen.text.slice(0, 300)).toBe(200);
    expect(sixteen.body.data.variant.id).toBe('brandubh');
  });

  it('a body the JSON parser refuses on /graphql is a GraphQL error, not a problem', async () => {
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    const r = await postJson(s, '/graphql', `{"query":"{ variants { id } }","variables":${deep}}`);
    expect(r.status).toBe(400);
    expectGraphqlError(r, 'BAD_USER_INPUT');
    const notJson = await postJson(s, '/graphql', '{"query":');
    expect(notJson.status).toBe(400);
    expectGraphqlError(notJson, 'BAD_USER_INPUT');
  });
});

describe('the largest bodies BODY_LIMIT_BYTES (1 MiB) lets through', () => {
  /** Main-thread CPU of one request: the longest it could have held the event loop (see fuzz.e2e.test.ts). */
  async function cpuOf(path: string, body: string): Promise<{ ms: number; r: Answer }> {
    const before = process.threadCpuUsage();
    const r = await postJson(s, path, body);
    const used = process.threadCpuUsage(before);
    return { ms: (used.user + used.system) / 1000, r };
  }
  /** Under 1 MiB of `{"0":1,"1":1,…}` with base-36 keys: 115,000 keys. */
  const keys = '{' + Array.from({ length: 115_000 }, (_, i) => `"${i.toString(36)}":1`).join(',') + '}';

  it('are refused without holding the event loop 100 ms (the worst held it 26 s)', async () => {
    const cases: [string, string, string][] = [
      ['115,000 keys on suggest-move', '/v1/suggest-move', `{"variant":"brandubh","x":${keys}}`],
      ['115,000 keys of metadata', '/v1/games', `{"variant":"brandubh","metadata":${keys}}`],
      ['115,000 keys in GraphQL variables', '/graphql', `{"query":"{ variants { id } }","variables":{"v":${keys}}}`],
      ['120,000 moves', '/v1/evaluate', `{"variant":"brandubh","moves":[${Array(120_000).fill('"d2-e2"').join(',')}]}`],
      ['a 1 MB GraphQL document', '/graphql', JSON.stringify({ query: `{ ${'a '.repeat(500_000)}}` })],
      ['a string of a million characters', '/v1/evaluate', JSON.stringify({ variant: 'brandubh', position: 'x'.repeat(1_000_000) })],
    ];
    const figures: string[] = [];
    for (const [what, path, body] of cases) {
      expect(body.length).toBeLessThanOrEqual(1 << 20);
      await cpuOf(path, body); // the first of each kind compiles its code paths
      const { ms, r } = await cpuOf(path, body);
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(400);
      expect(ms, what).toBeLessThan(100);
      figures.push(`${what} ${ms.toFixed(1)} ms`);
    }
    console.log(`main-thread CPU per refused 1 MiB body: ${figures.join('; ')}`);
  });
});

describe('GraphQL: a rate-limited request', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '600000' }, { database: false });
  });
  afterAll(async () => limited?.close());

  it('is answered 429 with Retry-After, in GraphQL shape', async () => {
    for (let i = 0; i < 2; i++) expect((await gql(limited, '{ variants { id } }')).status).toBe(200);
    const r = await gql(limited, '{ variants { id } }');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expectGraphqlError(r, 'RATE_LIMITED');
    // REST keeps its problem.
    const rest = await getJson(limited, '/v1/variants');
    expect(rest.status).toBe(429);
    expect(rest.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
