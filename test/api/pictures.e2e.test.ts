/**
 * The picture routes of api.md section 6 as a bot meets them: stateless URLs and stored games, every
 * format, the options, the caching contract (strong ETag, 304, immutable or no-cache), problems for bad
 * input, and the image URLs and GraphQL `board` field of position answers. The PNG and GIF are decoded
 * and their pixels read at square centres.
 */
import { THEME_COLOURS } from '../../src/render';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { DecodedPng, PNG_SIGNATURE, compositeFrames, decodePng, parseGif, pixelAt } from '../render/image-bytes';
import { BRANDUBH_GAME, action, createGame, play, startReady } from '../games/client';
import { TestApp, getJson, gql, postJson, startApp } from './harness';

const BASE = 'https://tafl.example';

interface Bytes {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

async function getBytes(app: TestApp, url: string, headers: Record<string, string> = {}): Promise<Bytes> {
  const r = await app.request('GET', url, undefined, headers);
  const h: Record<string, string | undefined> = {};
  r.headers.forEach((v, k) => (h[k] = v));
  return { status: r.status, headers: h, body: r.bytes };
}

/** Pixel at the centre of a square of a 7×7 board drawn with coordinates, unflipped. */
function centre(img: DecodedPng, size: number, boardSize: number, square: string): number[] {
  const l = boardLayout(boardSize, true, false);
  const o = squareOrigin(l, square.charCodeAt(0) - 97, Number(square.slice(1)) - 1);
  const scale = size / l.extent;
  return pixelAt(img, (o.x + CELL / 2) * scale, (o.y + CELL / 2) * scale);
}

function near(px: number[], hex: string, tolerance = 3): boolean {
  return hexToRgb(hex).every((c, i) => Math.abs(c - px[i]) <= tolerance);
}

let s: TestApp;
beforeAll(async () => {
  s = await startReady({ PUBLIC_BASE_URL: BASE });
});
afterAll(async () => s?.close());

describe('stateless pictures', () => {
  it('board.svg: every piece with data-square/data-piece, special squares, the size, a strong ETag cached for ever', async () => {
    const r = await getBytes(s, '/v1/variants/brandubh/board.svg?moves=d2-e2&size=300');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.etag).toMatch(/^"[^"]+"$/);
    const svg = r.body.toString();
    expect(svg).toMatch(/<svg[^>]* width="300" height="300"[^>]* viewBox="/);
    const pieces = [...svg.matchAll(/data-square="([a-g]\d)" data-piece="([tTKC])"/g)].map((m) => `${m[1]}${m[2]}`);
    expect(pieces).toHaveLength(13);
    expect(pieces).toContain('e2t');
    expect(pieces).not.toContain('d2t');
    const specials = [...svg.matchAll(/data-square="([a-g]\d)" data-special="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(specials.sort()).toEqual(['a1:corner', 'a7:corner', 'd4:throne', 'g1:corner', 'g7:corner']);
  });

  it('answers 304 to a matching If-None-Match, and the same bytes for the same URL', async () => {
    const url = '/v1/variants/copenhagen/board.png?size=128';
    const first = await getBytes(s, url);
    const again = await getBytes(s, url);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    const cached = await getBytes(s, url, { 'if-none-match': String(first.headers.etag) });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect((await getBytes(s, url, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('board.png is size × size and shows the pieces where the moves put them, the last move marked', async () => {
    const size = 256;
    const r = await getBytes(s, `/v1/variants/brandubh/board.png?moves=d2-e2&lastMove=auto&size=${size}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const img = decodePng(r.body);
    expect([img.width, img.height]).toEqual([size, size]);
    const c = THEME_COLOURS.wood;
    expect(near(centre(img, size, 7, 'd1'), c.attacker)).toBe(true);
    expect(near(centre(img, size, 7, 'd5'), c.defender)).toBe(true);
    // The attacker left d2 for e2: d2 is empty, marked as the move's origin.
    expect(near(centre(img, size, 7, 'd2'), c.lastMove)).toBe(true);
    expect(near(centre(img, size, 7, 'e2'), c.attacker)).toBe(true);
    expect(near(centre(img, size, 7, 'b2'), c.board)).toBe(true);
  });

  it('flip=1 turns the board: the attacker of d1 is drawn where d7 was', async () => {
    const size = 256;
    const plain = decodePng((await getBytes(s, `/v1/variants/brandubh/board.png?position=7/7/7/3K3/7/7/3t3_a&size=${size}`)).body);
    const flipped = decodePng((await getBytes(s, `/v1/variants/brandubh/board.png?position=7/7/7/3K3/7/7/3t3_a&size=${size}&flip=1`)).body);
    const c = THEME_COLOURS.wood;
    expect(near(centre(plain, size, 7, 'd1'), c.attacker)).toBe(true);
    expect(near(centre(plain, size, 7, 'd7'), c.board)).toBe(true);
    expect(near(centre(flipped, size, 7, 'd7'), c.attacker)).toBe(true);
  });

  it('coords=0, theme=slate and highlight each change what is drawn', async () => {
    const size = 256;
    const plain = (await getBytes(s, '/v1/variants/brandubh/board.svg')).body.toString();
    const bare = (await getBytes(s, '/v1/variants/brandubh/board.svg?coords=0')).body.toString();
    expect(plain).toContain('data-layer="coords"');
    expect(bare).not.toContain('data-layer="coords"');
    const slate = decodePng((await getBytes(s, `/v1/variants/brandubh/board.png?theme=slate&size=${size}`)).body);
    expect(near(centre(slate, size, 7, 'b2'), THEME_COLOURS.slate.board)).toBe(true);
    expect(near(centre(slate, size, 7, 'd1'), THEME_COLOURS.slate.attacker)).toBe(true);
    const ringed = (await getBytes(s, '/v1/variants/brandubh/board.svg?highlight=b2,f6')).body.toString();
    expect([...ringed.matchAll(/data-mark="highlight" data-square="([a-g]\d)"/g)].map((m) => m[1]).sort()).toEqual(['b2', 'f6']);
  });

  it('board.txt fits a chat message, says who moves and counts its characters', async () => {
    const r = await getJson(s, '/v1/variants/alea-evangelii/board.txt');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(Number(r.headers.get('x-char-count'))).toBe([...r.text].length);
    expect(r.text.length).toBeLessThan(2000);
    expect(r.text).toMatch(/(attackers|defenders) to move/i);
    expect((await getJson(s, '/v1/variants/brandubh/board.txt')).text).toMatch(/attackers to move/i);
    const uni = await getJson(s, '/v1/variants/brandubh/board.txt?style=unicode&moves=d2-e2&lastMove=auto');
    expect(uni.text).not.toBe(r.text);
    expect(uni.text).toMatch(/d2-e2/);
  });

  it('animation.gif has one frame per ply plus the start, the delay asked for, and the moves in its frames', async () => {
    const size = 128;
    const r = await getBytes(s, `/v1/variants/brandubh/animation.gif?moves=${BRANDUBH_GAME.slice(0, 4).join(',')}&delay=250&size=${size}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/gif');
    const gif = parseGif(r.body);
    expect([gif.width, gif.height]).toEqual([size, size]);
    expect(gif.frames).toHaveLength(5);
    expect(gif.frames.every((f) => f.delay === 25)).toBe(true);
    expect(gif.loops).toBe(0);
    // The first move takes the attacker off d2: d2 is an attacker in frame 0 and not in frame 1.
    const [f0, f1] = compositeFrames(gif);
    const l = boardLayout(7, true, false);
    const o = squareOrigin(l, 3, 1);
    const at = (px: Uint8Array) => {
      const x = Math.floor((o.x + CELL / 2) * (size / l.extent));
      const y = Math.floor((o.y + CELL / 2) * (size / l.extent));
      return [...px.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)];
    };
    expect(near(at(f0), THEME_COLOURS.wood.attacker, 24)).toBe(true);
    expect(near(at(f1), THEME_COLOURS.wood.attacker, 24)).toBe(false);
  });

  it.each([
    ['a size out of bounds', '/v1/variants/brandubh/board.png?size=5000', 400, 'size'],
    ['an unknown theme', '/v1/variants/brandubh/board.svg?theme=neon', 400, 'theme'],
    ['flip not 0 or 1', '/v1/variants/brandubh/board.svg?flip=yes', 400, 'flip'],
    ['a highlight off the board', '/v1/variants/brandubh/board.svg?highlight=z9', 400, 'highlight[0]'],
    ['a lastMove that is not a move', '/v1/variants/brandubh/board.svg?lastMove=up', 400, 'lastMove'],
    ['an unknown style', '/v1/variants/brandubh/board.txt?style=emoji', 400, 'style'],
    ['a GIF delay out of bounds', '/v1/variants/brandubh/animation.gif?moves=d2-e2&delay=1', 400, 'delay'],
    ['a bad TFEN', '/v1/variants/brandubh/board.svg?position=xyz_a', 400, undefined],
    ['an unknown variant', '/v1/variants/chess/board.png', 404, 'variant'],
    ['an illegal move', '/v1/variants/brandubh/board.png?moves=d2-e2,a1-a2', 422, 'moves[1]'],
    ['an illegal move in a GIF', '/v1/variants/brandubh/animation.gif?moves=a1-a2', 422, 'moves[0]'],
  ])('%s is a problem, never a broken image', async (_what, url, status, field) => {
    const r = await getJson(s, url);
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    if (field) expect(r.body.errors.map((e: { field?: string }) => e.field)).toContain(field);
  });

  it('more frames than MAX_GIF_FRAMES are refused before anything is drawn', async () => {
    const moves = Array.from({ length: 300 }, (_, i) => (i % 2 ? 'd3-d2' : 'd2-e2')).join(',');
    const r = await getJson(s, `/v1/variants/brandubh/animation.gif?moves=${moves}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'BAD_FRAME_COUNT' });
  });
});

describe('stored games', () => {
  it('without ply: the current position, no-cache, an ETag that changes with every move; with ply: immutable', async () => {
    const g = await createGame(s);
    const url = `/v1/games/${g.id}/board.svg`;
    const before = await getBytes(s, url);
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect((await getBytes(s, url, { 'if-none-match': String(before.headers.etag) })).status).toBe(304);
    expect((await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers)).status).toBe(201);
    const after = await getBytes(s, url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString()).toContain('data-square="e2" data-piece="t"');
    const atStart = await getBytes(s, `${url}?ply=0`);
    expect(atStart.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(atStart.body.equals(before.body)).toBe(true);
    const png = await getBytes(s, `/v1/games/${g.id}/board.png?ply=1&size=64`);
    expect(decodePng(png.body).width).toBe(64);
    const text = await getJson(s, `/v1/games/${g.id}/board.txt`);
    expect(text.text).toMatch(/defenders to move/i);
    const gif = await getBytes(s, `/v1/games/${g.id}/animation.gif?size=64`);
    expect(parseGif(gif.body).frames).toHaveLength(2);
  });

  it('mark the last move of the ply shown unasked; a finished game says its result, not whose turn it is', async () => {
    const g = await createGame(s);
    expect((await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers)).status).toBe(201);
    const svg = (await getBytes(s, `/v1/games/${g.id}/board.svg`)).body.toString();
    expect(svg).toContain('data-mark="last-move-from" data-square="d2"');
    expect(svg).toContain('data-mark="last-move-to" data-square="e2"');
    expect(svg).not.toContain('data-layer="result"');
    expect((await getJson(s, `/v1/games/${g.id}/board.txt`)).text).toMatch(/Defenders to move\. Last move: d2-e2/);
    // At ply 0 there is no last move; lastMove=none asks for no mark.
    expect((await getBytes(s, `/v1/games/${g.id}/board.svg?ply=0`)).body.toString()).not.toContain('data-layer="last-move"');
    expect((await getBytes(s, `/v1/games/${g.id}/board.svg?lastMove=none`)).body.toString()).not.toContain('data-layer="last-move"');
    expect((await action(s, g.id, 'resign', g.tokens.defenders)).status).toBe(200);
    const finished = (await getBytes(s, `/v1/games/${g.id}/board.svg`)).body.toString();
    expect(finished).toContain('data-result="attackers win by resignation"');
    expect(finished).toContain('data-mark="last-move-to" data-square="e2"');
    const text = (await getJson(s, `/v1/games/${g.id}/board.txt`)).text;
    expect(text).toMatch(/Attackers win by resignation\. Last move: d2-e2/);
    expect(text).not.toMatch(/to move/);
    // An earlier ply of the finished game is a position of play: its turn, no result.
    expect((await getJson(s, `/v1/games/${g.id}/board.txt?ply=0`)).text).toMatch(/Attackers to move\./);
    const png = await getBytes(s, `/v1/games/${g.id}/board.png?size=64`);
    expect(decodePng(png.body).width).toBe(64);
  });

  it('a ply past the game, a bad ply and an unknown game are problems', async () => {
    const g = await createGame(s);
    const past = await getJson(s, `/v1/games/${g.id}/board.svg?ply=3`);
    expect(past.status).toBe(400);
    expect(past.body.errors[0]).toMatchObject({ field: 'ply' });
    expect((await getJson(s, `/v1/games/${g.id}/board.svg?ply=-1`)).status).toBe(400);
    const unknown = await getJson(s, '/v1/games/00000000-0000-4000-8000-000000000000/board.png');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GAME_NOT_FOUND');
  });
});

describe('image URLs and the GraphQL board field (PUBLIC_BASE_URL set)', () => {
  it('a position answer links its pictures, and the link answers the picture of that position', async () => {
    const r = await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: ['d2-e2'] });
    expect(r.body.image.png).toMatch(new RegExp(`^${BASE}/v1/variants/brandubh/board\\.png\\?`));
    const url = new URL(r.body.image.svg);
    expect(url.searchParams.get('lastMove')).toBe('d2-e2');
    const svg = await getBytes(s, `${url.pathname}${url.search}`);
    expect(svg.status).toBe(200);
    expect(svg.body.toString()).toContain('data-square="e2" data-piece="t"');
  });

  it('a stored game links the picture of its current ply', async () => {
    const g = await createGame(s);
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    const game = await getJson(s, `/v1/games/${g.id}`);
    expect(game.body.image).toEqual({ svg: `${BASE}/v1/games/${g.id}/board.svg?ply=1`, png: `${BASE}/v1/games/${g.id}/board.png?ply=1` });
  });

  it('GraphQL answers carry `board { svg svgUrl pngUrl }` drawn from the answer', async () => {
    const r = await gql(s, '{ applyMove(state: { variant: "brandubh" }, move: "d2-e2") { position board(size: 200) { svg pngUrl } } }');
    expect(r.body.errors).toBeUndefined();
    const board = r.body.data.applyMove.board;
    expect(board.svg).toMatch(/width="200"/);
    expect(board.svg).toContain('data-square="e2" data-piece="t"');
    expect(board.pngUrl).toMatch(new RegExp(`^${BASE}/v1/variants/brandubh/board\\.png`));
    const bad = await gql(s, '{ evaluateOutcome(state: { variant: "brandubh" }) { board(theme: "neon") { svg } } }');
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('a stored game has the board field too', async () => {
    const g = await createGame(s);
    const r = await gql(s, `{ game(id: "${g.id}") { board { svg svgUrl } } }`);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.game.board.svg).toContain('data-piece="K"');
    expect(r.body.data.game.board.svgUrl).toBe(`${BASE}/v1/games/${g.id}/board.svg?ply=0`);
  });
});

describe('without PUBLIC_BASE_URL', () => {
  it('answers carry no image links', async () => {
    const bare = await startApp({}, { database: false });
    try {
      const r = await postJson(bare, '/v1/evaluate', { variant: 'brandubh' });
      expect(r.body.image).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
