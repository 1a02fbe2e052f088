/**
 * Property-based fuzzing of the whole HTTP surface (hardening, issue 8): generated REST bodies, query
 * strings, headers, mutated TFEN and moves, and GraphQL documents, against one app on a real PostgreSQL
 * database. Whatever comes in: never a 5xx, every REST error a problem+json body, every GraphQL error a
 * code, every answer within a time bound, and memory back near where it started.
 */
import fc from 'fast-check';
import { Answer, TestApp, startApp } from './harness';
import { createGame, whenReady } from '../games/client';
import { postgresDatabase } from '../games/db';

const RUNS_PER_PROPERTY = Number(process.env.FUZZ_RUNS ?? 1_700);
/** Far above any answer seen here (a few ms); a request over it is a stall worth failing on. */
const MAX_MS = 2_000;

vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 });

const db = postgresDatabase();
let s: TestApp;
let gameId: string;
let token: string;
const histogram = new Map<number, number>();
let slowest = { ms: 0, what: '' };

beforeAll(async () => {
  s = await whenReady(await startApp({ ...(await db.setup()), MAX_MOVES: '400', BODY_LIMIT_BYTES: '65536' }));
  const g = await createGame(s, { variant: 'brandubh' });
  gameId = g.id;
  token = g.tokens.attackers;
});
afterAll(async () => {
  await s?.close();
  await db.teardown();
  const counts = [...histogram.entries()].sort(([a], [b]) => a - b).map(([k, v]) => `${k}: ${v}`);
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  console.log(`fuzz: ${total} requests; statuses ${counts.join(', ')}; slowest ${slowest.ms} ms (${slowest.what})`);
});

const VARIANTS = ['brandubh', 'copenhagen', 'fetlar', 'tablut', 'alea-evangelii', 'unst-alea-evangelii', 'nope', ''];
const STARTS = ['3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a', '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a'];
const NASTY = ['\u0000', '\ud800', '\udc00', '\uffff', '💥', '/', ' ', '_', '9', '19', '0', 'x', 'K', 'C', '%', '"', '\\', '\n', '{', '['];

/** A valid TFEN with a few random edits: characters inserted, deleted or replaced. */
const mutatedTfen = fc
  .tuple(
    fc.constantFrom(...STARTS),
    fc.array(
      fc.tuple(
        fc.nat(200),
        fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 3 })),
        fc.constantFrom('insert', 'delete', 'replace'),
      ),
      {
        maxLength: 4,
      },
    ),
  )
  .map(([start, edits]) => {
    let t = start;
    for (const [at, text, how] of edits) {
      const i = at % (t.length + 1);
      t =
        how === 'insert'
          ? t.slice(0, i) + text + t.slice(i)
          : how === 'delete'
            ? t.slice(0, i) + t.slice(i + 1)
            : t.slice(0, i) + text + t.slice(i + 1);
    }
    return t;
  });

const square = fc.tuple(fc.constantFrom(...'abcdefghijklmnopqrstz'), fc.integer({ min: -1, max: 21 })).map(([f, r]) => `${f}${r}`);
const moveText = fc.oneof(
  fc.tuple(square, square).map(([a, b]) => `${a}-${b}`),
  fc.tuple(square, square, fc.array(square, { maxLength: 3 })).map(([a, b, c]) => `${a}-${b}x${c.join('/')}`),
  fc.constantFrom('pass', 'PASS', 'd2-e2', 'd2e2', 'D2-E2', 'd2-e2xd3', '', '-', 'x', 'd2-', 'a1-a1'),
  fc.string({ maxLength: 12 }),
);
const movesValue = fc.oneof(fc.array(moveText, { maxLength: 12 }), fc.anything({ maxDepth: 2 }));

const stateBody = fc.record(
  {
    variant: fc.oneof(fc.constantFrom(...VARIANTS), fc.anything({ maxDepth: 1 })),
    position: fc.oneof(mutatedTfen, fc.anything({ maxDepth: 1 })),
    moves: movesValue,
    move: fc.oneof(moveText, fc.anything({ maxDepth: 1 })),
    from: fc.oneof(square, fc.anything({ maxDepth: 1 })),
  },
  { requiredKeys: [] },
);

/** A JSON text that may be cut short, nested deep, or not JSON at all. */
const bodyText = fc.oneof(
  stateBody.map((b) => JSON.stringify(b)),
  fc.tuple(stateBody, fc.nat(60)).map(([b, n]) => JSON.stringify(b).slice(0, n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => `{"variant":"brandubh","moves":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
);

/** Percent-encoding, or the raw text where it cannot be encoded (a lone surrogate): both reach servers. */
function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v;
  }
}

const REST_POSTS = ['/v1/legal-moves', '/v1/apply-move', '/v1/evaluate', '/v1/validate-game', '/v1/games', '/v1/games/import'];
const queryValue = fc.oneof(
  mutatedTfen.map((t) => t.replace(' ', '_')),
  moveText,
  fc.string({ maxLength: 10 }),
  fc.constantFrom(...NASTY),
);
const queryString = fc
  .array(fc.tuple(fc.constantFrom('position', 'moves', 'from', 'cursor', 'limit', 'status', 'variant', 'format', 'x'), queryValue), {
    maxLength: 5,
  })
  .map((pairs) => pairs.map(([k, v], i) => `${k}=${i % 7 === 3 ? v : encode(v)}`).join('&'));
const restGets = fc.tuple(
  fc.constantFrom(
    '/v1/variants/brandubh/legal-moves',
    '/v1/variants/copenhagen/evaluate',
    '/v1/variants/nope/evaluate',
    '/v1/games',
    '/v1/variants',
    '/v1/games/GAME',
    '/v1/games/GAME/export',
    '/v1/nothing',
    '/v1/variants/%E0%A4%A',
    '/v1/variants/brandubh/board.svg',
    '/v1/variants/alea-evangelii/board.png',
    '/v1/variants/copenhagen/board.txt',
    '/v1/variants/brandubh/animation.gif',
    '/v1/variants/nope/board.png',
    '/v1/games/GAME/board.svg',
    '/v1/games/GAME/board.txt',
    '/v1/games/GAME/animation.gif',
  ),
  queryString,
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/problem+json',
    ),
    authorization: fc.oneof(
      fc.constant('Bearer TOKEN'),
      fc.string({ maxLength: 20 }).map((t) => `Bearer ${t}`),
      fc.string({ maxLength: 10 }),
    ),
    'x-forwarded-for': fc.ipV4(),
    origin: fc.constantFrom('https://a.example', 'null', ''),
  },
  { requiredKeys: ['content-type'] },
);

const gqlField = fc.oneof(
  fc
    .tuple(fc.constantFrom('legalMoves', 'applyMove', 'evaluateOutcome', 'validateGame'), stateBody)
    .map(
      ([f, st]) =>
        `${f}(state: ${toGraphQLLiteral({ variant: st.variant, position: st.position, moves: st.moves })}${f === 'applyMove' ? `, move: ${toGraphQLLiteral(st.move)}` : ''}) { __typename }`,
    ),
  fc.constantFrom(
    'variants { id size }',
    'variant(id: "brandubh") { id }',
    '__schema { types { name } }',
    'games(limit: 3) { items { id } }',
    'game(id: "x") { id }',
  ),
);
const gqlDocument = fc.oneof(
  fc.array(gqlField, { minLength: 1, maxLength: 60 }).map((fields) => `{ ${fields.map((f, i) => `a${i}: ${f}`).join(' ')} }`),
  fc.integer({ min: 1, max: 30 }).map((n) => {
    let text = 'fragment F0 on Variant { id }\n';
    for (let i = 1; i <= n; i++) text += `fragment F${i} on Variant { ...F${i - 1} ...F${i - 1} }\n`;
    return `{ variants { ...F${n} } }\n${text}`;
  }),
  fc.constantFrom('mutation { resign(id: "x") { game { id } } }', 'subscription { x }', '{', '', '{ variants { id } } { variants { id } }'),
  fc.string({ maxLength: 60 }),
);

/** GraphQL literal syntax for any JSON-like value (strings escaped as JSON, which GraphQL accepts). */
function toGraphQLLiteral(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(toGraphQLLiteral).join(', ')}]`;
  if (typeof v === 'object') {
    return `{ ${Object.entries(v as Record<string, unknown>)
      .filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k))
      .map(([k, x]) => `${k}: ${toGraphQLLiteral(x)}`)
      .join(', ')} }`;
  }
  return 'null';
}

async function timed(what: string, run: () => Promise<Answer>): Promise<Answer> {
  const started = performance.now();
  const r = await run();
  const ms = Math.round(performance.now() - started);
  histogram.set(r.status, (histogram.get(r.status) ?? 0) + 1);
  if (ms > slowest.ms) slowest = { ms, what: what.slice(0, 120) };
  expect(ms, what.slice(0, 200)).toBeLessThan(MAX_MS);
  // An in-process run resolves without the event loop turning; let the database and timers have it.
  await new Promise((r2) => setImmediate(r2));
  return r;
}

function expectHandled(r: Answer, what: string, graphql = false): void {
  expect(r.status, `${what.slice(0, 200)} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
  if (r.status < 400) return;
  if (graphql && r.headers.get('content-type')?.startsWith('application/json')) {
    expect(
      Array.isArray(r.body?.errors) && typeof r.body.errors[0]?.extensions?.code === 'string',
      `${what.slice(0, 200)} → ${r.text.slice(0, 300)}`,
    ).toBe(true);
    return;
  }
  expect(r.headers.get('content-type'), `${what.slice(0, 200)} → ${r.text.slice(0, 200)}`).toMatch(/^application\/problem\+json/);
  expect(typeof r.body?.code).toBe('string');
}

const fill = (path: string, h: Record<string, string>) => ({
  path: path.replace('GAME', gameId),
  headers: Object.fromEntries(Object.entries(h).map(([k, v]) => [k, v === 'Bearer TOKEN' ? `Bearer ${token}` : v])),
});

describe('fuzz: no input makes the service fail', () => {
  let heapBefore = 0;
  beforeAll(() => {
    heapBefore = process.memoryUsage().heapUsed;
  });

  it('REST bodies (mutated TFEN, moves, JSON shapes, nesting, bad JSON) on every POST route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...REST_POSTS, `/v1/games/GAME/moves`), bodyText, headers, async (route, body, h) => {
        const { path, headers: hh } = fill(route, h);
        const what = `POST ${path} ${body}`;
        expectHandled(await timed(what, () => s.request('POST', path, body, hh)), what);
      }),
      { numRuns: RUNS_PER_PROPERTY * 2 },
    );
  });

  it('REST query strings and headers on the GET routes', async () => {
    await fc.assert(
      fc.asyncProperty(restGets, headers, async ([route, q], h) => {
        const { path, headers: hh } = fill(route, h);
        const url = q ? `${path}?${q}` : path;
        expectHandled(await timed(`GET ${url}`, () => s.request('GET', url, undefined, hh)), `GET ${url}`);
      }),
      { numRuns: RUNS_PER_PROPERTY * 2 },
    );
  });

  it('GraphQL documents (aliases, nested fragments, introspection, odd literals) by POST and GET', async () => {
    await fc.assert(
      fc.asyncProperty(gqlDocument, fc.boolean(), async (query, viaGet) => {
        const what = `graphql ${query}`;
        const r = viaGet
          ? await timed(what, () => s.request('GET', `/graphql?query=${encode(query)}`, undefined, { 'apollo-require-preflight': 'true' }))
          : await timed(what, () => s.request('POST', '/graphql', { query }));
        expectHandled(r, what, true);
      }),
      { numRuns: RUNS_PER_PROPERTY * 2 },
    );
  });

  it('memory is back near where it started', () => {
    const grown = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    console.log(`fuzz: heap grew ${grown.toFixed(1)} MB over the run`);
    expect(grown).toBeLessThan(300);
  });
});
