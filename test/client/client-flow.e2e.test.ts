/**
 * @tafl/client against the service in this process (listening on a loopback port, PostgreSQL behind it):
 * a whole game played to its end through the typed methods, a resignation, the refusals as problems
 * narrowed on `code` (STALE_PLY sent once), a retried play, the same flow in GraphQL with the generated
 * documents, and picture URLs: the client's builders give exactly the `image` URLs the service answers,
 * and the service draws every URL they build.
 */
import type { AddressInfo } from 'node:net';
import { TestApp, startApp } from '../api/harness';
import { BRANDUBH_GAME, BRANDUBH_GAME_END, BRANDUBH_GAME_RICH, sideOfPly, whenReady } from '../games/client';
import { postgresDatabase } from '../games/db';
import {
  CreateGameDocument,
  GameDocument,
  LegalMovesDocument,
  PlayMoveDocument,
  ResignDocument,
  TaflGraphqlError,
  type TaflClient,
  createTaflClient,
  gameImages,
  isProblemError,
  positionImages,
} from '../../packages/client/src/index';

const PUBLIC = 'https://tafl.example';

describe('@tafl/client against the service', () => {
  const db = postgresDatabase();
  let s: TestApp & { app: Awaited<ReturnType<typeof startApp>>['app'] };
  let base: string;
  let requests: string[];
  let tafl: TaflClient;

  beforeAll(async () => {
    s = await startApp({ ...(await db.setup()), PUBLIC_BASE_URL: PUBLIC });
    await whenReady(s);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);

  beforeEach(() => {
    requests = [];
    const fetch = (r: Request) => {
      requests.push(`${r.method} ${new URL(r.url).pathname}`);
      return globalThis.fetch(r);
    };
    tafl = createTaflClient({ baseUrl: base, fetch });
  });

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it('plays a whole game to its end with expectedPly, and reads the outcome', async () => {
    const created = await tafl.createGame({ variant: 'brandubh', players: { attackers: 'Alice', defenders: 'Bob' } });
    expect(created.game.ply).toBe(0);
    let ply = created.game.ply;
    for (const move of BRANDUBH_GAME) {
      const token = created.tokens[sideOfPly(ply)];
      const played = await tafl.playMove(created.id, { move, expectedPly: ply }, { token });
      ply = played.game.ply;
    }
    const game = await tafl.getGame(created.id);
    expect(game.moves).toEqual(BRANDUBH_GAME_RICH);
    expect(game.position).toBe(BRANDUBH_GAME_END);
    expect(game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    // Every act on the finished game is an ILLEGAL_MOVE whose reason is typed.
    const late = await tafl.resign(created.id, { token: created.tokens.defenders }).catch((e: unknown) => e);
    expect(isProblemError(late, 'ILLEGAL_MOVE') && late.problem.reason).toBe('GAME_OVER');
  });

  it('resigns, refuses a stale ply once and never again, answers a retried play, and narrows each problem', async () => {
    const g = await tafl.createGame({ variant: 'brandubh' });
    const attackers = createTaflClient({ baseUrl: base, token: g.tokens.attackers });
    const first = await attackers.playMove(g.id, { move: 'd2-e2', expectedPly: 0 });
    // The same play again (a broken connection, say): answered as the move stored, nothing new.
    expect(await attackers.playMove(g.id, { move: 'd2-e2', expectedPly: 0 })).toEqual(first);

    requests = [];
    const stale = await tafl.playMove(g.id, { move: 'd3-d2', expectedPly: 0 }, { token: g.tokens.defenders }).catch((e: unknown) => e);
    expect(isProblemError(stale, 'STALE_PLY')).toBe(true);
    expect(requests).toEqual([`POST /v1/games/${g.id}/moves`]);

    const illegal = await tafl.playMove(g.id, { move: 'd5-d7', expectedPly: 1 }, { token: g.tokens.defenders }).catch((e: unknown) => e);
    expect(isProblemError(illegal, 'ILLEGAL_MOVE') && [illegal.problem.reason, illegal.problem.index]).toEqual(['PATH_BLOCKED', 1]);
    const noToken = await tafl.resign(g.id).catch((e: unknown) => e);
    expect(isProblemError(noToken, 'UNAUTHORIZED')).toBe(true);
    const missing = await tafl.getGame('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(isProblemError(missing, 'GAME_NOT_FOUND') && missing.status).toBe(404);

    const { game } = await tafl.resign(g.id, { token: g.tokens.defenders });
    expect(game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'resigned' });
  });

  it('lists games by a metadata filter, written metadata.<key>=<value> as the service reads it', async () => {
    const round = `r${Date.now()}`;
    const g = await tafl.createGame({ variant: 'brandubh', metadata: { round } });
    const page = await tafl.listGames({ metadata: { round }, variant: 'brandubh', limit: 5 });
    expect(page.items.map((i) => i.id)).toEqual([g.id]);
  });

  it('plays through GraphQL with the generated documents, errors carrying the REST codes', async () => {
    const { createGame } = await tafl.graphql(CreateGameDocument, { input: { variant: 'brandubh' } });
    const { attackers, defenders } = createGame.tokens;
    expect(attackers && defenders).toBeTruthy();
    const legal = await tafl.graphql(LegalMovesDocument, { state: { variant: 'brandubh' }, from: 'd2' });
    expect(legal.legalMoves.moves.map((m) => m.notation)).toContain('d2-e2');
    const { playMove } = await tafl.graphql(PlayMoveDocument, { id: createGame.id, move: 'd2-e2', expectedPly: 0 }, { token: attackers! });
    expect(playMove.game.ply).toBe(1);
    const stale = await tafl
      .graphql(PlayMoveDocument, { id: createGame.id, move: 'd3-d2', expectedPly: 0 }, { token: defenders! })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(TaflGraphqlError);
    expect((stale as TaflGraphqlError).code).toBe('STALE_PLY');
    await tafl.graphql(ResignDocument, { id: createGame.id }, { token: defenders! });
    const { game } = await tafl.graphql(GameDocument, { id: createGame.id });
    expect(game.moves).toEqual(['d2-e2']);
    expect(game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'resigned' });
  });

  it("builds exactly the `image` URLs of the service's answers", async () => {
    const applied = await tafl.applyMove({ variant: 'brandubh', moves: BRANDUBH_GAME.slice(0, 13), move: 'e7-d7' });
    expect(applied.image).toEqual(positionImages(PUBLIC, 'brandubh', applied.position, applied.move));
    const start = await tafl.legalMoves({ variant: 'copenhagen' });
    expect(start.image).toEqual(positionImages(PUBLIC, 'copenhagen', start.position));
    const evaluated = await tafl.evaluateOutcome({ variant: 'brandubh', moves: ['d2-e2', 'd3-d2'] });
    expect(evaluated.image).toEqual(positionImages(PUBLIC, 'brandubh', evaluated.position, { from: 'd3', to: 'd2' }));

    const g = await tafl.createGame({ variant: 'brandubh' });
    expect(g.game.image).toEqual(gameImages(PUBLIC, g.id, 0));
    const played = await tafl.playMove(g.id, { move: 'd2-e2', expectedPly: 0 }, { token: g.tokens.attackers });
    expect(played.game.image).toEqual(gameImages(PUBLIC, g.id, 1));
    expect((await tafl.getGame(g.id)).image).toEqual(gameImages(PUBLIC, g.id, 1));
  });

  it('builds URLs the service draws, with every option, and leaves defaults out', async () => {
    const g = await tafl.createGame({ variant: 'brandubh' });
    await tafl.playMove(g.id, { move: 'd2-e2', expectedPly: 0 }, { token: g.tokens.attackers });
    const source = { variant: 'brandubh', position: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a', moves: ['d2-e2', 'd3-d2'] };
    const urls: [string, string][] = [
      [
        tafl.pictures.position('svg', source, {
          lastMove: 'auto',
          highlight: ['d4', 'e5'],
          flip: true,
          coords: false,
          size: 256,
          theme: 'slate',
          threats: true,
        }),
        'image/svg+xml',
      ],
      [tafl.pictures.position('png', { variant: 'brandubh' }, { size: 64 }), 'image/png'],
      [tafl.pictures.position('txt', source, { style: 'unicode', lastMove: 'd3-d2' }), 'text/plain'],
      [tafl.pictures.positionAnimation(source, { delay: 200, size: 64 }), 'image/gif'],
      [tafl.pictures.game('svg', g.id, { ply: 1, lastMove: 'none' }), 'image/svg+xml'],
      [tafl.pictures.game('txt', g.id, { style: 'ascii' }), 'text/plain'],
      [tafl.pictures.gameAnimation(g.id, { size: 64 }), 'image/gif'],
    ];
    for (const [url, type] of urls) {
      const r = await fetch(url);
      expect(r.status, `${url}: ${r.status === 200 ? '' : await r.text()}`).toBe(200);
      expect(r.headers.get('content-type'), url).toContain(type);
    }
    expect(urls[0][0]).toBe(
      `${base}/v1/variants/brandubh/board.svg?position=3t3%2F3t3%2F3T3%2FttTKTtt%2F3T3%2F3t3%2F3t3_a&moves=d2-e2%2Cd3-d2&lastMove=auto&highlight=d4%2Ce5&flip=1&coords=0&size=256&theme=slate&threats=1`,
    );
    // Options at their defaults are left out: equal pictures, equal URLs.
    expect(
      tafl.pictures.position('png', { variant: 'brandubh' }, { size: 512, theme: 'wood', flip: false, coords: true, threats: false }),
    ).toBe(`${base}/v1/variants/brandubh/board.png`);
    expect(tafl.pictures.game('txt', g.id, { style: 'ascii', lastMove: 'auto' })).toBe(`${base}/v1/games/${g.id}/board.txt`);
  });
});
