/**
 * Legal-moves questions not in the answer cache, answered before the framework
 * (src/api/rules/early-legal-moves.ts through src/http/answer-cache/early-answers.ts), over real HTTP.
 * Each answer is compared with the answer of a service without the answer cache (nothing is answered
 * early there): the same status, bytes and lasting headers. Whatever the early path does not take as
 * plain reaches the controller and gets the problem it always got, charged once to the rate limit.
 */
import { playoutGame } from '../helpers/playout-game';
import { Sent, Served, counter, lasting, sent, serve } from './listening-app';

const metric = (s: Served, name: string): Promise<number> => counter(s, name, 'rest');

async function post(s: Served, body: string, headers: Record<string, string> = {}): Promise<Sent> {
  return sent(
    await fetch(`${s.base}/v1/legal-moves`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }),
  );
}

function ongoingGame(seed: number, plies: number): string[] | null {
  const g = playoutGame('copenhagen', seed, plies);
  return g.moves.length === plies && g.ongoing ? g.moves : null;
}

/** A Brandubh game played to its end. */
const FINISHED = playoutGame('brandubh', 3, 10_000);

function games(count: number, plies: number): string[][] {
  const out: string[][] = [];
  for (let seed = 1; out.length < count; seed++) {
    const g = ongoingGame(seed, plies);
    if (g) out.push(g);
  }
  return out;
}

const ENV = { RATE_LIMIT_MAX: '100000', RATE_LIMIT_WINDOW_MS: '600000', PUBLIC_BASE_URL: 'https://tafl.example', MAX_MOVES: '300' };
let early: Served;
let reference: Served;
beforeAll(async () => {
  early = await serve(ENV);
  reference = await serve({ ...ENV, ANSWER_CACHE_BYTES: '0' });
  // The first legal-moves answer, through the framework, teaches the early path its headers.
  expect((await post(early, JSON.stringify({ variant: 'brandubh' }))).status).toBe(200);
});
afterAll(async () => {
  await early?.app.close();
  await reference?.app.close();
});

describe('legal-moves misses answered early (issue 14)', () => {
  it('the finished game used below is finished', () => {
    expect(FINISHED.ongoing).toBe(false);
    expect(FINISHED.moves.length).toBeLessThan(300);
  });

  const played = games(4, 40);
  const bodies: [string, unknown][] = [
    ['a game with history', { variant: 'copenhagen', moves: played[0] }],
    ['moves with captures in them (a longer game)', { variant: 'copenhagen', moves: games(1, 150)[0] }],
    ['the moves from one square', { variant: 'copenhagen', moves: played[1], from: 'a4' }],
    ['a square with no moves', { variant: 'copenhagen', moves: played[2], from: 'f6' }],
    ['a start position (TFEN) and moves', { variant: 'brandubh', position: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a', moves: ['d2-e2'] }],
    ['nulls for the optional fields', { variant: 'tablut', position: null, moves: null, from: null }],
    ['no moves at all', { variant: 'alea-evangelii' }],
    ['a finished game', { variant: 'brandubh', moves: FINISHED.moves }],
  ];
  it.each(bodies)('%s: the bytes and headers a service without the early path sends', async (_name, body) => {
    const text = JSON.stringify(body);
    const before = await metric(early, 'tafl_answer_cache_early_misses_total');
    const got = await post(early, text);
    const want = await post(reference, text);
    expect(await metric(early, 'tafl_answer_cache_early_misses_total')).toBe(before + 1);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(want.bytes)).toBe(true);
    expect(lasting(got.headers)).toEqual(lasting(want.headers));
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(got.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a miss answered early is kept, and its question asked again is a hit', async () => {
    const text = JSON.stringify({ variant: 'copenhagen', moves: played[3] });
    const hits = await metric(early, 'tafl_answer_cache_early_hits_total');
    const answers = [await post(early, text), await post(early, text), await post(early, text)];
    // Kept the second time it was asked (AnswerCache), so the third is a hit.
    expect(await metric(early, 'tafl_answer_cache_early_hits_total')).toBe(hits + 1);
    for (const a of answers) expect(a.bytes.equals(answers[0].bytes)).toBe(true);
  });

  const refused: [string, unknown][] = [
    ['an illegal move', { variant: 'copenhagen', moves: ['a4-a1'] }],
    ['a move after the end', { variant: 'brandubh', moves: [...FINISHED.moves, 'd2-e2'] }],
    ['an unknown variant', { variant: 'no-such-variant', moves: [] }],
    ['no variant', { moves: ['d2-e2'] }],
    ['a variant and an otn', { variant: 'brandubh', otn: 'x' }],
    ['a move that is not a string', { variant: 'brandubh', moves: ['d2-e2', 7] }],
    ['moves that are not a list', { variant: 'brandubh', moves: 'd2-e2' }],
    ['a bad square', { variant: 'brandubh', from: 'z9' }],
    ['a bad position', { variant: 'brandubh', position: 'not tfen' }],
    ['more moves than MAX_MOVES', { variant: 'brandubh', moves: Array.from({ length: 301 }, () => 'd2-e2') }],
    ['a body that is a list', ['brandubh']],
    ['a NUL in a move', { variant: 'brandubh', moves: ['d2\u0000-e2'] }],
  ];
  it.each(refused)('%s: the problem the controller gives, charged once', async (_name, body) => {
    const text = JSON.stringify(body);
    const probe = await post(early, JSON.stringify({ variant: 'brandubh' }));
    const before = await metric(early, 'tafl_answer_cache_early_misses_total');
    const probeAgain = await post(early, JSON.stringify({ variant: 'brandubh' }));
    const got = await post(early, text);
    const want = await post(reference, text);
    expect(got.status).toBeGreaterThanOrEqual(400);
    expect(got.status).toBe(want.status);
    expect(got.bytes.equals(want.bytes)).toBe(true);
    expect(await metric(early, 'tafl_answer_cache_early_misses_total')).toBe(before);
    // Admitted early, handed on, not admitted again: one unit.
    expect(Number(probeAgain.headers.get('ratelimit-remaining')) - Number(got.headers.get('ratelimit-remaining'))).toBe(1);
    expect(probe.status).toBe(200);
  });

  it('the plies replayed are charged as the framework charges them (1 + 1 per 100 plies)', async () => {
    const long = JSON.stringify({ variant: 'copenhagen', moves: games(1, 250)[0] });
    for (const s of [early, reference]) {
      const before = await post(s, JSON.stringify({ variant: 'tablut' }));
      const got = await post(s, long);
      expect(got.status).toBe(200);
      const after = await post(s, JSON.stringify({ variant: 'tablut' }));
      // Each small request costs 1; the long one 1 + floor(251 / 100) = 3.
      expect(Number(before.headers.get('ratelimit-remaining')) - Number(after.headers.get('ratelimit-remaining'))).toBe(4);
    }
  });

  it('an Origin not yet answered through the framework is, once; then its own headers are used', async () => {
    const cors = await serve({ CORS_ORIGINS: 'https://board.example', RATE_LIMIT_MAX: '0' });
    const plain = await serve({ CORS_ORIGINS: 'https://board.example', RATE_LIMIT_MAX: '0', ANSWER_CACHE_BYTES: '0' });
    try {
      for (const origin of ['https://board.example', 'https://elsewhere.example']) {
        const misses = await metric(cors, 'tafl_answer_cache_early_misses_total');
        const [a, b] = games(2, 20 + origin.length);
        await post(cors, JSON.stringify({ variant: 'copenhagen', moves: a }), { origin });
        expect(await metric(cors, 'tafl_answer_cache_early_misses_total')).toBe(misses);
        const text = JSON.stringify({ variant: 'copenhagen', moves: b });
        const got = await post(cors, text, { origin });
        expect(await metric(cors, 'tafl_answer_cache_early_misses_total')).toBe(misses + 1);
        const want = await post(plain, text, { origin });
        expect(got.bytes.equals(want.bytes)).toBe(true);
        expect(lasting(got.headers)).toEqual(lasting(want.headers));
        expect(got.headers.get('access-control-allow-origin')).toBe(origin === 'https://board.example' ? origin : null);
      }
    } finally {
      await cors.app.close();
      await plain.app.close();
    }
  });
});

describe('GraphQL legalMoves misses answered early (issue 14)', () => {
  const gql = async (s: Served, body: unknown, headers: Record<string, string> = {}): Promise<Sent> =>
    sent(
      await fetch(`${s.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
  const gqlMisses = (s: Served): Promise<number> => counter(s, 'tafl_answer_cache_early_misses_total', 'graphql');
  const FULL = 'query($s: GameStateInput!) { legalMoves(state: $s) { position sideToMove moves { from to notation captures } count } }';
  let seed = 500;
  /** A state no earlier test asked about, so that it is a miss. */
  const fresh = (): string[] => {
    for (;;) {
      const g = ongoingGame(seed++, 30 + (seed % 40));
      if (g) return g;
    }
  };

  beforeAll(async () => {
    // The first pure GraphQL answer, through Apollo, teaches the early path its headers.
    expect((await gql(early, { query: FULL, variables: { s: { variant: 'brandubh' } } })).status).toBe(200);
  });

  const answered: [string, string, (moves: string[]) => Record<string, unknown>][] = [
    ['every field, as bench:speed asks', FULL, (moves) => ({ s: { variant: 'copenhagen', moves } })],
    [
      'fields in another order, some left out',
      'query { legalMoves(state: $s) { count moves { captures notation } sideToMove } }'.replace('query {', 'query($s: GameStateInput!) {'),
      (moves) => ({ s: { variant: 'copenhagen', moves } }),
    ],
    [
      'a named operation with from',
      'query Q($s: GameStateInput!, $f: String) { legalMoves(from: $f, state: $s) { moves { to from } count } }',
      (moves) => ({ s: { variant: 'copenhagen', moves, position: null }, f: 'a4' }),
    ],
    [
      'from left out',
      'query Q($s: GameStateInput!, $f: String) { legalMoves(state: $s, from: $f) { count } }',
      (moves) => ({ s: { variant: 'copenhagen', moves } }),
    ],
    ['captures along a longer game', FULL, () => ({ s: { variant: 'copenhagen', moves: games(1, 150)[0] } })],
    ['a finished game', FULL, () => ({ s: { variant: 'brandubh', moves: FINISHED.moves } })],
  ];
  it.each(answered)('%s: the bytes and headers Apollo sends', async (_name, query, variables) => {
    const body = { query, variables: variables(fresh()), ...(query.startsWith('query Q') ? { operationName: 'Q' } : {}) };
    const before = await gqlMisses(early);
    const got = await gql(early, body);
    const want = await gql(reference, body);
    expect(await gqlMisses(early)).toBe(before + 1);
    expect(got.status).toBe(200);
    expect(got.bytes.toString()).toBe(want.bytes.toString());
    expect(lasting(got.headers)).toEqual(lasting(want.headers));
  });

  const declined: [string, string, (moves: string[]) => Record<string, unknown>, Record<string, unknown>?][] = [
    ['an alias', 'query($s: GameStateInput!) { lm: legalMoves(state: $s) { count } }', (m) => ({ s: { variant: 'copenhagen', moves: m } })],
    [
      '__typename',
      'query($s: GameStateInput!) { legalMoves(state: $s) { __typename count } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    [
      'a field selected twice',
      'query($s: GameStateInput!) { legalMoves(state: $s) { count count } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    [
      'the image field',
      'query($s: GameStateInput!) { legalMoves(state: $s) { count image { svg } } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    [
      'a directive',
      'query($s: GameStateInput!) { legalMoves(state: $s) { count @include(if: true) } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    [
      'a fragment',
      'query($s: GameStateInput!) { legalMoves(state: $s) { ...F } } fragment F on LegalMoves { count }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    ['a state written inline', 'query { legalMoves(state: { variant: "brandubh" }) { count } }', () => ({})],
    [
      'two root fields',
      'query($s: GameStateInput!) { legalMoves(state: $s) { count } evaluateOutcome(state: $s) { sideToMove } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    ['a variable of another type', 'query($s: String!) { legalMoves(state: $s) { count } }', () => ({ s: 'x' })],
    [
      'an unused variable',
      'query($s: GameStateInput!, $x: Int) { legalMoves(state: $s) { count } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m }, x: 1 }),
    ],
    ['a variable not declared', FULL, (m) => ({ s: { variant: 'copenhagen', moves: m }, extra: 'x' })],
    ['from inside the state', FULL, (m) => ({ s: { variant: 'copenhagen', moves: m, from: 'a4' } })],
    ['an illegal move', FULL, () => ({ s: { variant: 'copenhagen', moves: ['a4-a1'] } })],
    ['an unknown variant', FULL, () => ({ s: { variant: 'no-such-variant' } })],
    ['a null state', 'query($s: GameStateInput!) { legalMoves(state: $s) { count } }', () => ({ s: null })],
    [
      'a nullable state variable',
      'query($s: GameStateInput) { legalMoves(state: $s) { count } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    [
      'a required from left out',
      'query($s: GameStateInput!, $f: String!) { legalMoves(state: $s, from: $f) { count } }',
      (m) => ({ s: { variant: 'copenhagen', moves: m } }),
    ],
    ['another operation name', FULL, (m) => ({ s: { variant: 'copenhagen', moves: m } }), { operationName: 'Nope' }],
  ];
  it.each(declined)('%s: answered by Apollo, as a service without the early path answers', async (_name, query, variables, extra = {}) => {
    const body = { query, variables: variables(fresh()), ...extra };
    const before = await gqlMisses(early);
    const got = await gql(early, body);
    const want = await gql(reference, body);
    expect(await gqlMisses(early)).toBe(before);
    expect(got.status).toBe(want.status);
    expect(got.bytes.toString()).toBe(want.bytes.toString());
  });

  it('an Accept Apollo answers with another content type: learned for it, answered with it', async () => {
    const accept = 'application/graphql-response+json';
    const first = { query: FULL, variables: { s: { variant: 'copenhagen', moves: fresh() } } };
    const before = await gqlMisses(early);
    const viaApollo = await gql(early, first, { accept });
    expect(viaApollo.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(await gqlMisses(early)).toBe(before);
    const body = { query: FULL, variables: { s: { variant: 'copenhagen', moves: fresh() } } };
    const got = await gql(early, body, { accept });
    expect(await gqlMisses(early)).toBe(before + 1);
    const want = await gql(reference, body, { accept });
    expect(got.bytes.equals(want.bytes)).toBe(true);
    expect(lasting(got.headers)).toEqual(lasting(want.headers));
  });
});
