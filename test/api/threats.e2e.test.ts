/**
 * Threats over HTTP (docs/threats.md): POST /v1/threats and the GraphQL `threats` query give the same
 * answer for a drawn position, bad input gets the problems every stateless operation gives, and every
 * picture route takes threats=1: the SVG carries the marks on their squares, the PNG their colours,
 * threats=0 is the picture without them (same bytes, same ETag), other values are refused.
 */
import { THEME_COLOURS, THREAT_COLOURS } from '../../src/render';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { action, createGame, startReady } from '../games/client';
import { THREATS_POSITION } from '../helpers/threats-position';
import { playoutGame } from '../helpers/playout-game';
import { DecodedPng, compositeFrames, decodePng, parseGif, pixelAt } from '../render/image-bytes';
import { TestApp, getJson, gql, postJson, startApp } from './harness';

const BASE = 'https://tafl.example';

const POSITION = THREATS_POSITION;
const URL_POSITION = encodeURIComponent(POSITION.replace(' ', '_'));

const KING_TAKEN = { from: 'b5', to: 'b1', notation: 'b5-b1xc1', captures: ['c1'] };
const EXPECTED = {
  position: POSITION,
  sideToMove: 'attackers',
  outcome: { status: 'ongoing', winner: null, reason: null, detail: null },
  kingRoutes: [{ from: 'c1', to: 'a1', route: ['b1', 'a1'] }],
  kingCapturable: [KING_TAKEN],
  hanging: [
    { square: 'c1', piece: 'K', by: [KING_TAKEN] },
    { square: 'f3', piece: 'T', by: [{ from: 'g4', to: 'f4', notation: 'g4-f4xf3', captures: ['f3'] }] },
  ],
};

const MOVE = 'from to notation captures';
const QUERY = `query($s: GameStateInput!) { threats(state: $s) { position sideToMove outcome { status winner reason detail }
  kingRoutes { from to route } kingCapturable { ${MOVE} } hanging { square piece by { ${MOVE} } } } }`;

let s: TestApp;
beforeAll(async () => {
  s = await startReady({ PUBLIC_BASE_URL: BASE });
});
afterAll(async () => s?.close());

describe('POST /v1/threats and the GraphQL threats query', () => {
  it('answer the king route, the king capturable and the pieces hanging; REST and GraphQL agree', async () => {
    const rest = await postJson(s, '/v1/threats', { variant: 'brandubh', position: POSITION });
    expect(rest.status).toBe(200);
    const { image, ...answer } = rest.body;
    expect(answer).toEqual(EXPECTED);
    // The picture links draw the threats.
    expect(new URL(image.svg).searchParams.get('threats')).toBe('1');
    expect(new URL(image.png).pathname).toBe('/v1/variants/brandubh/board.png');
    const g = await gql(s, QUERY, { s: { variant: 'brandubh', position: POSITION } });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.threats).toEqual(EXPECTED);
  });

  it('with the defenders to move: the same king route (a win in one), nothing captures the king', async () => {
    const r = await postJson(s, '/v1/threats', { variant: 'brandubh', position: POSITION.replace(/ a$/, ' d') });
    expect(r.status).toBe(200);
    expect(r.body.kingRoutes).toEqual(EXPECTED.kingRoutes);
    expect(r.body.kingCapturable).toEqual([]);
    expect(r.body.hanging.map((h: { piece: string }) => h.piece)).not.toContain('K');
  });

  it('a finished game has no threats and says why', async () => {
    const r = await postJson(s, '/v1/threats', { variant: 'brandubh', position: POSITION, moves: ['b5-b1'] });
    expect(r.status).toBe(200);
    expect(r.body.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    expect([r.body.kingRoutes, r.body.kingCapturable, r.body.hanging]).toEqual([[], [], []]);
    expect(r.body.image.svg).toContain('lastMove=b5-b1');
  });

  it('bad input gets the problems of every stateless operation (400, 422), on both transports', async () => {
    const tfenBad = await postJson(s, '/v1/threats', { variant: 'brandubh', position: '3t3/3t2/3X3/ttTKTtt/3T3/3t3/3t3 x' });
    expect(tfenBad.status).toBe(400);
    expect(tfenBad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(tfenBad.body.errors.map((e: { code: string }) => e.code)).toEqual(['BAD_TFEN_ROW_WIDTH', 'BAD_TFEN_PIECE', 'BAD_TFEN_SIDE']);
    const types = await postJson(s, '/v1/threats', { variant: 'brandubh', moves: ['d2-e2', 7] });
    expect(types.status).toBe(400);
    expect(types.body.errors).toEqual([expect.objectContaining({ field: 'moves' })]);
    const variant = await postJson(s, '/v1/threats', { variant: 'chess' });
    expect(variant.status).toBe(400);
    expect(variant.body.code).toBe('VARIANT_NOT_FOUND');
    const illegal = await postJson(s, '/v1/threats', { variant: 'brandubh', moves: ['d2-e2', 'd5-d6'] });
    expect(illegal.status).toBe(422);
    expect(illegal.body).toMatchObject({ code: 'ILLEGAL_MOVE', reason: 'DESTINATION_OCCUPIED', index: 1 });
    const gBad = await gql(s, `{ threats(state: {variant: "brandubh", position: "7/7 a"}) { position } }`);
    expect(gBad.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [expect.objectContaining({ code: 'BAD_TFEN_ROW_COUNT' })],
    });
    const gIllegal = await gql(s, `{ threats(state: {variant: "brandubh", moves: ["a4-a1"]}) { position } }`);
    expect(gIllegal.body.errors[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', reason: 'RESTRICTED_SQUARE', index: 0 });
  });
});

/** Pixel at a point of a square of a 7×7 board drawn with coordinates, unflipped; (dx, dy) in squares from its centre. */
function at(img: DecodedPng, size: number, square: string, dx = 0, dy = 0): number[] {
  const l = boardLayout(7, true, false);
  const o = squareOrigin(l, square.charCodeAt(0) - 97, Number(square.slice(1)) - 1);
  const scale = size / l.extent;
  return pixelAt(img, (o.x + CELL / 2 + dx * CELL) * scale, (o.y + CELL / 2 + dy * CELL) * scale);
}

function near(px: number[], hex: string, tolerance = 3): boolean {
  return hexToRgb(hex).every((c, i) => Math.abs(c - px[i]) <= tolerance);
}

const marksOf = (svg: string): string[] =>
  [...svg.matchAll(/data-mark="([\w-]+)" data-(?:square="(\w+)"|from="(\w+)" data-to="(\w+)")/g)].map((m) =>
    m[2] ? `${m[1]}:${m[2]}` : `${m[1]}:${m[3]}-${m[4]}`,
  );

describe('pictures with threats=1', () => {
  const board = (ext: string, query = '') => `/v1/variants/brandubh/board.${ext}?position=${URL_POSITION}${query}`;

  it('board.svg marks the route, the escape square, the king capturable and the hanging piece on their squares', async () => {
    const r = await s.request('GET', board('svg', '&threats=1'));
    expect(r.status).toBe(200);
    expect(marksOf(r.text)).toEqual(['king-route:c1-a1', 'king-route-square:b1', 'king-escape:a1', 'king-capturable:c1', 'hanging:f3']);
    expect(r.text).toContain(`stroke="${THREAT_COLOURS.wood.kingRoute}"`);
  });

  it('the GraphQL board field draws them with threats: true, as the picture route does', async () => {
    const q = `query($s: GameStateInput!) { evaluateOutcome(state: $s) { withThreats: board(threats: true) { svg } plain: board { svg } } }`;
    const r = await gql(s, q, { s: { variant: 'brandubh', position: POSITION } });
    expect(r.body.errors, r.text).toBeUndefined();
    const picture = await s.request('GET', board('svg', '&threats=1&lastMove=none'));
    expect(marksOf(r.body.data.evaluateOutcome.withThreats.svg)).toEqual(marksOf(picture.text));
    expect(r.body.data.evaluateOutcome.plain.svg).not.toContain('data-layer="threats"');
  });

  it('threats=0 and no threats give the same picture and ETag; threats=1 another ETag', async () => {
    const absent = await s.request('GET', board('svg'));
    const zero = await s.request('GET', board('svg', '&threats=0'));
    const one = await s.request('GET', board('svg', '&threats=1'));
    expect(zero.bytes.equals(absent.bytes)).toBe(true);
    expect(zero.headers.get('etag')).toBe(absent.headers.get('etag'));
    expect(absent.text).not.toContain('data-layer="threats"');
    expect(one.headers.get('etag')).not.toBe(absent.headers.get('etag'));
    const cached = await s.request('GET', board('svg', '&threats=1'), undefined, { 'if-none-match': String(one.headers.get('etag')) });
    expect(cached.status).toBe(304);
  });

  it('board.png shows the threat colours on the route, the escape square, the king and the hanging piece', async () => {
    const size = 512;
    const r = await s.request('GET', board('png', `&threats=1&size=${size}`));
    expect(r.status).toBe(200);
    const img = decodePng(r.bytes);
    const c = THREAT_COLOURS.wood;
    expect(near(at(img, size, 'b1'), c.kingRoute)).toBe(true);
    expect(near(at(img, size, 'a1'), c.kingRoute)).toBe(true);
    expect(near(at(img, size, 'c1', -0.45, -0.45), c.kingCapturable)).toBe(true);
    expect(near(at(img, size, 'f3', -0.42, -0.42), c.hanging)).toBe(true);
    const plain = decodePng((await s.request('GET', board('png', `&size=${size}`))).bytes);
    expect(near(at(plain, size, 'b1'), THEME_COLOURS.wood.board)).toBe(true);
    expect(near(at(plain, size, 'f3', -0.42, -0.42), THEME_COLOURS.wood.board)).toBe(true);
  });

  it('board.txt and animation.gif take it too', async () => {
    const text = await getJson(s, board('txt', '&threats=1'));
    expect(text.status).toBe(200);
    expect(text.text).toContain('1 * *<K>t . . #');
    const size = 128;
    const moves = 'g4-g5';
    const gif = await s.request(
      'GET',
      `/v1/variants/brandubh/animation.gif?position=${URL_POSITION}&moves=${moves}&threats=1&size=${size}`,
    );
    expect(gif.status).toBe(200);
    const parsed = parseGif(gif.bytes);
    expect(parsed.frames).toHaveLength(2);
    // Each frame its own threats: the escape square in the route colour (the palette holds it).
    const b1 = (frame: Uint8Array) => {
      const l = boardLayout(7, true, false);
      const o = squareOrigin(l, 1, 0);
      const x = Math.floor((o.x + CELL / 2) * (size / l.extent));
      const y = Math.floor((o.y + CELL / 2) * (size / l.extent));
      return [...frame.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)];
    };
    for (const frame of compositeFrames(parsed)) expect(near(b1(frame), THREAT_COLOURS.wood.kingRoute, 24)).toBe(true);
    const plainGif = await s.request('GET', `/v1/variants/brandubh/animation.gif?position=${URL_POSITION}&moves=${moves}&size=${size}`);
    expect(plainGif.headers.get('etag')).not.toBe(gif.headers.get('etag'));
    expect(near(b1(compositeFrames(parseGif(plainGif.bytes))[0]), THEME_COLOURS.wood.board, 24)).toBe(true);
  });

  it.each([
    ['board.svg', 'threats=2'],
    ['board.png', 'threats=yes'],
    ['board.txt', 'threats=on'],
    ['animation.gif', 'threats=-1'],
  ])('%s?%s is a 400 naming threats', async (route, query) => {
    const r = await getJson(s, `/v1/variants/brandubh/${route}?${query}`);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.errors.map((e: { field?: string }) => e.field)).toContain('threats');
  });

  it("a stored game's pictures take it; a resigned game has no threats left", async () => {
    const g = await createGame(s, { variant: 'brandubh', position: POSITION });
    const svg = await s.request('GET', `/v1/games/${g.id}/board.svg?threats=1`);
    expect(svg.status).toBe(200);
    expect(marksOf(svg.text)).toContain('king-capturable:c1');
    expect((await s.request('GET', `/v1/games/${g.id}/board.svg?threats=maybe`)).status).toBe(400);
    expect((await action(s, g.id, 'resign', g.tokens.defenders)).status).toBe(200);
    const after = await s.request('GET', `/v1/games/${g.id}/board.svg?threats=1`);
    expect(after.text).toContain('<g data-layer="threats"></g>');
  });
});

describe('the rate limit', () => {
  it('charges threats as every stateless operation: 1 unit, plus 1 per 100 plies replayed (REST and GraphQL)', async () => {
    const limited = await startApp({ RATE_LIMIT_MAX: '100', RATE_LIMIT_WINDOW_MS: '600000', MAX_MOVES: '1000' }, { database: false });
    try {
      const remaining = async () => Number((await getJson(limited, '/v1/variants/brandubh')).headers.get('ratelimit-remaining'));
      // 299 legal moves and the start: 300 plies, three units on top of the request's own.
      const { moves } = playoutGame('alea-evangelii', 1, 299);
      expect(moves).toHaveLength(299);
      const state = { variant: 'alea-evangelii', moves };
      const before = await remaining();
      expect((await postJson(limited, '/v1/threats', state)).status).toBe(200);
      expect(await remaining()).toBe(before - 1 - 3 - 1);
      const g = await gql(limited, 'query($s: GameStateInput!) { threats(state: $s) { sideToMove } }', { s: state });
      expect(g.body.errors).toBeUndefined();
      expect(await remaining()).toBe(before - 2 - 3 - 1 - 3 - 1);
    } finally {
      await limited.close();
    }
  });
});
