/**
 * @tafl/client in headless Chromium: the built package and openapi-fetch loaded as native ES modules (an
 * import map, no bundler), talking to the service across origins with the browser's own fetch, streams
 * and Web Crypto. A Node-only API anywhere in the package would fail to load or run here.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { newWebhookSecret, signBody } from '../../src/games/webhooks/webhook-signature';
import { ROOT, TestApp, startApp } from '../api/harness';
import { whenReady } from '../games/client';
import { postgresDatabase } from '../games/db';
import { hasChromium, launchChromium } from '../helpers/browser';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const address = (s: { address(): AddressInfo | string | null }) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

/** The page, the client's built files and openapi-fetch's ES module; nothing else. */
function pageServer(clientDist: string): Promise<Server> {
  const OPENAPI_FETCH = join(ROOT, 'node_modules', 'openapi-fetch', 'dist', 'index.mjs');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const js = (body: Buffer) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    if (url.pathname === '/') {
      const imports = { 'openapi-fetch': '/openapi-fetch.mjs', '@tafl/client': '/client/index.js' };
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>client</title><script type="importmap">${JSON.stringify({ imports })}</script>`);
      return;
    }
    if (url.pathname === '/openapi-fetch.mjs') return js(readFileSync(OPENAPI_FETCH));
    const path = normalize(join(clientDist, url.pathname.replace(/^\/client\//, '')));
    if (!url.pathname.startsWith('/client/') || !path.startsWith(clientDist) || extname(path) !== '.js')
      return void res.writeHead(404).end();
    try {
      js(readFileSync(path));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.runIf(hasChromium())('@tafl/client in headless Chromium', () => {
  const db = postgresDatabase();
  let s: TestApp & { app: Awaited<ReturnType<typeof startApp>>['app'] };
  let dist: string;
  let pages: Server;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tafl-client-browser-'));
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'packages/client/tsconfig.json', '--outDir', dist],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    if (tsc.status !== 0) throw new Error(`tsc: ${tsc.stdout}${tsc.stderr}`);
    s = await startApp({ ...(await db.setup()), PUBLIC_BASE_URL: 'https://tafl.example' });
    await whenReady(s);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    pages = await pageServer(dist);
  });

  afterAll(async () => {
    await new Promise((r) => pages?.close(r));
    await s?.close();
    await db.teardown();
    rmSync(dist, { recursive: true, force: true });
  });

  it('plays, follows the game live, refuses a stale ply, verifies a webhook and builds the image URLs', async () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ gameId: 'g', type: 'gameState', seq: 1, event: 'move' });
    const given = { service: address(s.app.getHttpServer()), secret, body, signature: signBody(secret, body) };
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('pageerror', (e) => failed.push(String(e)));
      await page.goto(address(pages));
      // A string, so the test runner's transform leaves the page's dynamic import alone.
      const answer = await page.evaluate(`(async (given) => {
        const { createTaflClient, verifyWebhook, gameImages, isProblemError } = await import('@tafl/client');
        const tafl = createTaflClient({ baseUrl: given.service });
        const g = await tafl.createGame({ variant: 'brandubh' });
        const controller = new AbortController();
        const seqs = [];
        const following = (async () => {
          for await (const e of tafl.streamGame(g.id, { signal: controller.signal })) {
            seqs.push(e.seq);
            if (e.seq === 1) controller.abort();
          }
        })();
        while (seqs.length === 0) await new Promise((r) => setTimeout(r, 20));
        const played = await tafl.playMove(g.id, { move: 'd2-e2', expectedPly: 0 }, { token: g.tokens.attackers });
        await following;
        const stale = await tafl.playMove(g.id, { move: 'd3-d2', expectedPly: 0 }, { token: g.tokens.defenders }).catch((e) => e);
        const valid = await verifyWebhook(given.body, new Headers({ 'X-Tafl-Signature': given.signature }), given.secret);
        const tampered = await verifyWebhook(given.body.replace('"seq":1', '"seq":2'), { 'x-tafl-signature': given.signature }, given.secret);
        return {
          seqs,
          ply: played.game.ply,
          stale: isProblemError(stale, 'STALE_PLY'),
          valid: valid.valid && valid.event.seq,
          tampered: tampered.valid ? 'accepted' : tampered.reason,
          image: JSON.stringify(played.game.image) === JSON.stringify(gameImages('https://tafl.example', g.id, 1)),
        };
      })(${JSON.stringify(given)})`);
      expect(failed).toEqual([]);
      expect(answer).toEqual({ seqs: [0, 1], ply: 1, stale: true, valid: 1, tampered: 'bad-signature', image: true });
    } finally {
      await browser.close();
    }
  });
});
