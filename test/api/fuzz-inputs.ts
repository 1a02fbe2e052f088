/**
 * What the fuzz suite sends (fuzz.e2e.test.ts): generated REST bodies, query strings, headers, stored-
 * game and variant inputs, GraphQL documents and variables, and bodies of every oversized shape. Not a
 * test file itself. `GAME` in a path and `Bearer TOKEN` in a header are filled in with a real game's.
 */
import fc from 'fast-check';

export const VARIANTS = ['brandubh', 'copenhagen', 'fetlar', 'tablut', 'alea-evangelii', 'unst-alea-evangelii', 'nope', ''];
export const STARTS = ['3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a', '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a'];
export const NASTY = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\uffff',
  '💥',
  '/',
  ' ',
  '_',
  '9',
  '19',
  '0',
  'x',
  'K',
  'C',
  '%',
  '"',
  '\\',
  '\n',
  '{',
  '[',
];

/** A valid TFEN with a few random edits: characters inserted, deleted or replaced. */
export const mutatedTfen = fc
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

export const square = fc.tuple(fc.constantFrom(...'abcdefghijklmnopqrstz'), fc.integer({ min: -1, max: 21 })).map(([f, r]) => `${f}${r}`);
export const moveText = fc.oneof(
  fc.tuple(square, square).map(([a, b]) => `${a}-${b}`),
  fc.tuple(square, square, fc.array(square, { maxLength: 3 })).map(([a, b, c]) => `${a}-${b}x${c.join('/')}`),
  fc.constantFrom('pass', 'PASS', 'd2-e2', 'd2e2', 'D2-E2', 'd2-e2xd3', '', '-', 'x', 'd2-', 'a1-a1'),
  fc.string({ maxLength: 12 }),
);
export const movesValue = fc.oneof(fc.array(moveText, { maxLength: 12 }), fc.anything({ maxDepth: 2 }));

export const stateBody = fc.record(
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
export const bodyText = fc.oneof(
  stateBody.map((b) => JSON.stringify(b)),
  fc.tuple(stateBody, fc.nat(60)).map(([b, n]) => JSON.stringify(b).slice(0, n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => `{"variant":"brandubh","moves":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 40 }),
);

/** Percent-encoding, or the raw text where it cannot be encoded (a lone surrogate): both reach servers. */
export function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v;
  }
}

export const REST_POSTS = [
  '/v1/legal-moves',
  '/v1/apply-move',
  '/v1/evaluate',
  '/v1/validate-game',
  '/v1/threats',
  '/v1/games',
  '/v1/games/import',
];
export const queryValue = fc.oneof(
  mutatedTfen.map((t) => t.replace(' ', '_')),
  moveText,
  fc.string({ maxLength: 10 }),
  fc.constantFrom(...NASTY),
);
export const queryString = fc
  .array(fc.tuple(fc.constantFrom('position', 'moves', 'from', 'cursor', 'limit', 'status', 'variant', 'format', 'x'), queryValue), {
    maxLength: 5,
  })
  .map((pairs) => pairs.map(([k, v], i) => `${k}=${i % 7 === 3 ? v : encode(v)}`).join('&'));
export const restGets = fc.tuple(
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
export const headers = fc.record(
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

export const gqlField = fc.oneof(
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
export const gqlDocument = fc.oneof(
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
export function toGraphQLLiteral(v: unknown): string {
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

/** Keys that must never reach an object's prototype. */
export const RESERVED = ['__proto__', 'constructor', 'prototype'];

const metadataValue = fc.oneof(
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...RESERVED)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.anything({ maxDepth: 2 }),
);
const junk = fc.anything({ maxDepth: 1 });
const timeControlValue = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('fischer', 'delay', 'byoyomi', 'correspondence', 'rapid'),
      initialMs: fc.oneof(fc.integer({ min: -5, max: 400 * 86_400_000 }), junk),
      incrementMs: fc.oneof(fc.integer({ min: -5, max: 100_000 }), junk),
      delayMs: fc.integer({ min: -5, max: 100_000 }),
      periods: fc.oneof(fc.integer({ min: -1, max: 200 }), junk),
      periodMs: fc.integer({ min: 0, max: 100_000 }),
      perMoveMs: fc.oneof(fc.integer({ min: 0, max: 86_400_000 }), junk),
    },
    { requiredKeys: ['type'] },
  ),
  junk,
);

/** The body of POST /v1/games (and each game of a bulk call, and GraphQL's CreateGameInput). */
export const createBody = fc.record(
  {
    variant: fc.oneof(fc.constantFrom(...VARIANTS), junk),
    position: fc.oneof(mutatedTfen, junk),
    players: fc.oneof(
      fc.record(
        { attackers: fc.string({ maxLength: 12 }), defenders: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...NASTY)) },
        { requiredKeys: [] },
      ),
      junk,
    ),
    metadata: metadataValue,
    timeControl: timeControlValue,
    startAt: fc.oneof(fc.constantFrom('2026-12-01T12:00:00Z', '2099-01-01T00:00:00Z', 'soon', ''), junk),
    options: fc.oneof(fc.record({ takebacks: fc.boolean(), drawOffers: junk, undo: fc.boolean() }, { requiredKeys: [] }), junk),
    // A computer side searches in the worker pool: budgets kept small.
    computer: fc.oneof(
      fc.record({
        side: fc.constantFrom('attackers', 'defenders', 'x'),
        level: fc.integer({ min: -1, max: 12 }),
        budgetMs: fc.integer({ min: 0, max: 10 }),
      }),
      junk,
    ),
    // Refused before any delivery: a private address, another scheme, not a URL.
    webhook: fc.oneof(fc.record({ url: fc.constantFrom('http://127.0.0.1:1/x', 'ftp://x', 'nope', '') }), junk),
    colour: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: [] },
);

/** `base` with up to four edits: a piece of text (one of `pieces`, or random) inserted or put in place of a character. */
function edited(base: string, pieces: string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.nat(base.length), fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), fc.boolean()), { maxLength: 4 })
    .map((edits) => edits.reduce((t, [at, text, replace]) => t.slice(0, at) + text + t.slice(replace ? at + 1 : at), base));
}

/** A record as this service exports one, its characters then edited at random. */
const RECORD = [
  '[date:2026.12.01]',
  '[attackers:Ann]',
  '[defenders:Bo]',
  '[time-control:fischer 60+5]',
  '[time-remaining:60000 55000]',
  '[metadata:{"event":"club night %5D","round":3}]',
  '[variant:brandubh]',
  '[rules:dim:7 name:Brandubh atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]',
  '1. d2-e2 d3-d2',
  '2. b4-b2 d2-d3',
  '',
].join('\n');
const mutatedRecord = edited(RECORD, [...NASTY, ']', ':', '---', '\n']);

const OTN = 'dim:7 name:Brandubh esc:c atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
const mutatedOtn = edited(OTN, [...NASTY, ' ', 'ks:', 'dim:19']);
const definition = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.constantFrom('dim', 'name', 'start', 'escape', 'king', ...RESERVED), fc.string({ maxLength: 6 })),
    fc.jsonValue({ maxDepth: 2 }),
    {
      maxKeys: 8,
    },
  ),
  junk,
);

/** A body, with the route it goes to. */
const to =
  (path: string) =>
  (body: unknown): [string, unknown] => [path, body];

/** Bodies of the stored-game and variant routes, with the route each goes to. */
export const storedBody: fc.Arbitrary<[string, unknown]> = fc.oneof(
  createBody.map(to('/v1/games')),
  fc.oneof(fc.record({ games: fc.array(createBody, { maxLength: 4 }) }), junk).map(to('/v1/games/bulk')),
  fc
    .record({ variant: fc.oneof(fc.constantFrom(...VARIANTS), junk), record: fc.oneof(mutatedRecord, junk) }, { requiredKeys: ['record'] })
    .map(to('/v1/games/import')),
  fc
    .record({ otn: fc.oneof(mutatedOtn, junk), definition, name: fc.string({ maxLength: 20 }) }, { requiredKeys: [] })
    .map(to('/v1/variants/parse')),
  fc
    .record({ otn: fc.oneof(mutatedOtn, junk), definition, name: fc.string({ maxLength: 20 }) }, { requiredKeys: [] })
    .map(to('/v1/variants')),
  fc
    .record({ move: fc.oneof(moveText, junk), expectedPly: fc.oneof(fc.integer({ min: -1, max: 20 }), junk) }, { requiredKeys: [] })
    .map(to('/v1/games/GAME/moves')),
  fc
    .constantFrom('resign', 'draw-offer', 'draw-accept', 'takeback-offer', 'takeback-accept')
    .chain((act) => fc.oneof(fc.constant({}), junk).map((b) => [`/v1/games/GAME/${act}`, b] as [string, unknown])),
  // A search runs in the worker pool; its budget is kept small so that the run stays short.
  fc
    .record(
      {
        variant: fc.oneof(fc.constantFrom(...VARIANTS), junk),
        moves: movesValue,
        level: fc.oneof(fc.integer({ min: 0, max: 11 }), junk),
        budgetMs: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, -1, 6000, 'x', 1.5)),
        multiPv: fc.oneof(fc.integer({ min: 0, max: 6 }), junk),
        seed: fc.oneof(fc.integer(), junk),
      },
      { requiredKeys: ['budgetMs'] },
    )
    .map(to('/v1/suggest-move')),
  // A review searches every position: a few milliseconds each keeps the run short.
  fc
    .record(
      {
        variant: fc.oneof(fc.constantFrom(...VARIANTS), junk),
        moves: movesValue,
        level: fc.oneof(fc.integer({ min: 0, max: 11 }), junk),
        budgetMsPerPly: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, -1, 6000, 'x', 1.5)),
        seed: fc.oneof(fc.integer(), junk),
      },
      { requiredKeys: ['budgetMsPerPly'] },
    )
    .map(to('/v1/analyze-game')),
  fc
    .record(
      { level: fc.oneof(fc.integer({ min: 0, max: 11 }), junk), budgetMsPerPly: fc.constantFrom(1, 2, 0, 'x'), seed: junk },
      { requiredKeys: ['budgetMsPerPly'] },
    )
    .map(to('/v1/games/GAME/analysis')),
);

/** GraphQL requests whose variables carry the generated input. */
export const gqlWithVariables = fc.oneof(
  createBody.map((input) => ({
    query: 'mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }',
    variables: { input },
  })),
  fc.array(createBody, { maxLength: 3 }).map((games) => ({
    query: 'mutation($input: CreateGamesInput!) { createGames(input: $input) { games { id } } }',
    variables: { input: { games } },
  })),
  stateBody.map((state) => ({
    query: 'query($state: GameStateInput!, $from: String) { legalMoves(state: $state, from: $from) { count } }',
    variables: { state, from: state.from },
  })),
  fc.tuple(fc.oneof(mutatedRecord, junk), fc.oneof(fc.constantFrom(...VARIANTS), junk)).map(([record, variant]) => ({
    query: 'mutation($r: String!, $v: String) { importGame(record: $r, variant: $v) { id } }',
    variables: { r: record, v: variant },
  })),
  fc.tuple(fc.oneof(mutatedOtn, junk), definition).map(([otn, def]) => ({
    query: 'query($otn: String, $def: JSON) { parseVariant(otn: $otn, definition: $def) { variant { id } } }',
    variables: { otn, def },
  })),
  fc.anything({ maxDepth: 3 }).map((variables) => ({ query: '{ variants { id } }', variables })),
);

/** `{"k0":0,"k1":1,…}` of n keys. */
export const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

/** Bodies at and past every shape limit (keys, items, depth, reserved keys, tokens), as JSON text, with the route. */
export const oversized: fc.Arbitrary<[string, string]> = fc.oneof<fc.Arbitrary<[string, string]>[]>(
  fc.integer({ min: 200, max: 5000 }).map((n) => ['/v1/games', JSON.stringify({ variant: 'brandubh', metadata: wide(n) })]),
  fc.integer({ min: 200, max: 5000 }).map((n) => ['/v1/variants/parse', JSON.stringify({ definition: wide(n) })]),
  fc
    .integer({ min: 200, max: 5000 })
    .map((n) => ['/v1/suggest-move', JSON.stringify({ variant: 'brandubh', budgetMs: 5, extra: wide(n) })]),
  fc
    .integer({ min: 300, max: 6000 })
    .map((n) => ['/v1/evaluate', JSON.stringify({ variant: 'brandubh', moves: Array.from({ length: n }, () => 'd2-e2') })]),
  fc.integer({ min: 1, max: 5000 }).map((n) => ['/v1/legal-moves', `{"variant":"brandubh","x":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`]),
  fc
    .tuple(fc.constantFrom(...RESERVED), fc.constantFrom('/v1/games', '/v1/variants/parse', '/v1/games/bulk'))
    .map(([k, path]) => [
      path,
      path === '/v1/games/bulk'
        ? `{"games":[{"variant":"brandubh","metadata":{"${k}":{"polluted":1}}}]}`
        : `{"variant":"brandubh","metadata":{"${k}":1},"definition":{"${k}":1}}`,
    ]),
  fc.integer({ min: 5_000, max: 30_000 }).map((n) => ['/graphql', JSON.stringify({ query: `{ ${'variants { id } '.repeat(n / 4)}}` })]),
  fc.integer({ min: 5_000, max: 30_000 }).map((n) => ['/graphql', JSON.stringify({ query: `{ ${'a '.repeat(n)}}` })]),
  // Far past the same-name limit (16), within the field limit (500): graphql-js compares every pair.
  fc.integer({ min: 400, max: 600 }).map((n) => ['/graphql', JSON.stringify({ query: `{ ${'variants { id } '.repeat(n / 2)}}` })]),
  // Up to the same-name limit and past it in each of up to 30 aliased selection sets.
  fc.tuple(fc.integer({ min: 10, max: 30 }), fc.integer({ min: 12, max: 20 })).map(([sets, n]) => [
    '/graphql',
    JSON.stringify({
      query: `{ ${Array.from({ length: sets }, (_, j) => `v${j}: variant(id: "brandubh") { ${'id '.repeat(n)}}`).join(' ')} }`,
    }),
  ]),
  // Up to the spread limit (200) and past it, in ten selection sets.
  fc.integer({ min: 10, max: 30 }).map((n) => [
    '/graphql',
    JSON.stringify({
      query:
        `{ ${Array.from({ length: 10 }, (_, j) => `v${j}: variants { ${Array.from({ length: n }, (_, i) => `...G${i}`).join(' ')} }`).join(' ')} }\n` +
        Array.from({ length: n }, (_, i) => `fragment G${i} on Variant { id }`).join('\n'),
    }),
  ]),
  fc.integer({ min: 200, max: 4000 }).map((n) => [
    '/graphql',
    JSON.stringify({
      query: 'mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }',
      variables: { input: { variant: 'brandubh', metadata: wide(n) } },
    }),
  ]),
  fc.integer({ min: 300, max: 2000 }).map((n) => [
    '/graphql',
    JSON.stringify({
      query: `mutation { createGame(input: { variant: "brandubh", metadata: { ${Object.keys(wide(n))
        .map((k) => `${k}: 1`)
        .join(', ')} } }) { game { id } } }`,
    }),
  ]),
);
