/**
 * GraphQL work limits (hardening): the cost check is linear however fragments nest, introspection is
 * counted, root fields are capped, and the plies every field replays share one per-request budget.
 */
import { getIntrospectionQuery } from 'graphql';
import { TestApp, getJson, gql, postJson, startApp } from './harness';

let s: TestApp;
beforeAll(async () => {
  s = await startApp({ MAX_MOVES: '500' }, { database: false });
});
afterAll(async () => {
  await s?.close();
});

/** n fragments, each spreading the previous one twice: 2^n fields once expanded, n lines of text. */
function doublingFragments(n: number): string {
  let text = 'fragment F0 on Variant { id }\n';
  for (let i = 1; i <= n; i++) text += `fragment F${i} on Variant { ...F${i - 1} ...F${i - 1} }\n`;
  return `{ variants { ...F${n} } }\n${text}`;
}

describe('GraphQL limits', () => {
  it('refuses 40 doubling fragments (2^40 fields) at once: the cost check is linear', async () => {
    const started = Date.now();
    const r = await gql(s, doublingFragments(40));
    const ms = Date.now() - started;
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    // Before memoised fragments, 21 of them took 11 s and each one more doubled it.
    console.log(`40 doubling fragments refused in ${ms} ms`);
  });

  it('accepts the standard introspection query once, refuses it aliased many times', async () => {
    const one = await gql(s, getIntrospectionQuery());
    expect(one.status).toBe(200);
    expect(one.body.data.__schema.queryType.name).toBe('Query');
    const aliased = Array.from({ length: 40 }, (_, i) => `s${i}: __schema { types { name fields { name } } }`).join(' ');
    const many = await gql(s, `{ ${aliased} }`);
    expect(many.status).toBe(400);
    expect(many.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('caps root fields, aliases included', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `v${i}: variant(id: "brandubh") { id }`).join(' ');
    expect((await gql(s, `{ ${fifty} }`)).body.errors).toBeUndefined();
    const r = await gql(s, `{ ${fifty} extra: variants { id } }`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX', maxRootFields: 50 } });
  });

  it('counts the plies every field replays (aliases × moves, inline and in variables) against one budget', async () => {
    // MAX_MOVES 500 here, so the budget is 4 × (500 + 1) = 2,004 plies per request (a replay counts its start too).
    const moves = Array.from({ length: 450 }, (_, i) => (i % 2 ? 'd3-d2' : 'd2-e2'));
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `e${i}: evaluateOutcome(state: $s) { sideToMove }`).join(' ');
    const q = (n: number) => `query($s: GameStateInput!) { ${fields(n)} }`;
    // 4 × 451 plies fit; 5 do not, though each field is far under MAX_MOVES.
    const within = await gql(s, q(4), { s: { variant: 'brandubh', moves: moves.slice(0, 1) } });
    expect(within.body.errors).toBeUndefined();
    const over = await gql(s, q(5), { s: { variant: 'brandubh', moves } });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX', plies: 5 * 451, maxPlies: 2004 } });
    const inline = `{ ${Array.from({ length: 5 }, (_, i) => `e${i}: evaluateOutcome(state: { variant: "brandubh", moves: ${JSON.stringify(moves)} }) { sideToMove }`).join(' ')} }`;
    expect((await gql(s, inline)).body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const viaFragment = `query($s: GameStateInput!) { ...A ...A } fragment A on Query { a: evaluateOutcome(state: $s) { sideToMove } b: legalMoves(state: $s) { count } c: validateGame(state: $s) { valid } }`;
    expect((await gql(s, viaFragment, { s: { variant: 'brandubh', moves } })).body.errors[0].extensions.plies).toBe(6 * 451);
  });

  it('answers GET queries from standard clients (no CSRF guard: no cookies are used), never GET mutations', async () => {
    const r = await getJson(s, `/graphql?query=${encodeURIComponent('{ variant(id: "brandubh") { size } }')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.variant.size).toBe(7);
    const m = await getJson(s, `/graphql?query=${encodeURIComponent('mutation { resign(id: "x") { game { id } } }')}`);
    expect(m.status).toBe(405);
  });

  it('files client mistakes under client codes, not INTERNAL_SERVER_ERROR', async () => {
    const apq = await postJson(s, '/graphql', { extensions: { persistedQuery: { version: 2, sha256Hash: 'ab' } } });
    expect(apq.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    const sub = await gql(s, 'subscription { anything }');
    expect(sub.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('GraphQL string literals', () => {
  it('refuses a NUL or a lone surrogate written inside the document, as BAD_USER_INPUT', async () => {
    const r = await gql(s, '{ legalMoves(state: { variant: "brandubh", moves: ["d2-e2\\u0000"] }) { count } }');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // graphql-js itself refuses a lone surrogate escape when it parses the document.
    const lone = await gql(s, '{ variant(id: "\\ud800") { id } }');
    expect(lone.status).toBe(400);
    expect(lone.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
