/**
 * <tafl-game> and the embed pages against the built service on PostgreSQL, in Chromium: a whole Brandubh
 * game played by clicks against the computer ends as the REST replay of its moves says; a second page
 * watching a game sees every move, across a kill and restart of the service; the embed page works in an
 * iframe of another origin; and axe finds no serious or critical problem on /play and an embed page
 * (when axe-core is installed). `npm run build` first.
 */
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, freePort } from '../api/harness';
import { createPostgresDatabase } from '../games/db';
import { hasChromium, launchChromium } from '../helpers/browser';
import { legalMoves } from '../../src/tafl-rules/local-operations';
import { type Service, clickAMove, gameSeen, isBuilt, postJson, startService, waitForPlies, waitForTurnOrEnd } from './board-service';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const runs = hasChromium() && isBuilt();
if (!isBuilt()) console.warn('the board suites need `npm run build` (the service and packages/board/dist)');

describe.runIf(runs)('<tafl-game> on a live service', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let port: number;
  let service: Service;
  let browser: Browser;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    port = await freePort();
    service = await startService(port, { DATABASE_URL: pg.url });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.kill();
    await pg?.drop();
  });

  it('plays a whole Brandubh game by clicks against the computer, ending as the REST replay says', async () => {
    const created = await postJson(service.base, '/v1/games', {
      variant: 'brandubh',
      players: { attackers: 'Clicks', defenders: 'Computer' },
      computer: { side: 'defenders', level: 1, budgetMs: 50 },
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const page = await browser.newPage();
    // The token in the fragment: the page's HTML never holds it, and it is never sent to the service.
    await page.goto(`${service.base}/embed/games/${id}#token=${encodeURIComponent(created.body.tokens.attackers)}`);
    for (let turn = 0; turn < 150; turn++) {
      const seen = await gameSeen(page);
      await waitForTurnOrEnd(page, seen.moves.length);
      const now = await gameSeen(page);
      if (now.status === 'finished') break;
      await clickAMove(page, turn * 7 + 3);
      await waitForPlies(page, now.moves.length + 1);
    }
    const end = await gameSeen(page);
    expect(end.status).toBe('finished');
    expect(end.moves.length).toBeGreaterThan(2);
    const stored = await (await fetch(`${service.base}/v1/games/${id}`)).json();
    expect(end.moves).toEqual(stored.moves);
    const replay = await postJson(service.base, '/v1/validate-game', { variant: 'brandubh', moves: stored.moves });
    expect(replay.body.valid).toBe(true);
    expect({ status: end.status, winner: end.winner, reason: end.reason }).toEqual({
      status: replay.body.outcome.status,
      winner: replay.body.outcome.winner,
      reason: replay.body.outcome.reason,
    });
    // The result is said on the page.
    await expect(page.locator('tafl-game [data-status=finished]').textContent()).resolves.toMatch(/win|Draw/);
    await page.close();
  });

  it('shows every move to a second page watching, across a kill and restart of the service', async () => {
    const created = await postJson(service.base, '/v1/games', { variant: 'brandubh', players: { attackers: 'A', defenders: 'D' } });
    const { id, tokens } = created.body;
    const player = await browser.newPage();
    const watcher = await browser.newPage();
    await player.goto(`${service.base}/embed/games/${id}#token=${encodeURIComponent(tokens.attackers)}`);
    await watcher.goto(`${service.base}/embed/games/${id}`);
    await waitForPlies(watcher, 0);
    /** Attackers by clicks on the player's page, defenders through the API; the watcher must see each. */
    const playTo = async (plies: number) => {
      for (let ply = (await gameSeen(watcher)).moves.length; ply < plies; ply++) {
        if (ply % 2 === 0) {
          await waitForTurnOrEnd(player, ply);
          await clickAMove(player, ply);
        } else {
          const stored = await (await fetch(`${service.base}/v1/games/${id}`)).json();
          const legal = legalMoves({ variant: 'brandubh', moves: stored.moves });
          if (!legal.ok) throw new Error(legal.error.detail);
          const move = legal.value.moves[ply % legal.value.count].notation;
          const played = await postJson(service.base, `/v1/games/${id}/moves`, { move, expectedPly: ply }, tokens.defenders);
          expect(played.status).toBe(201);
        }
        await waitForPlies(watcher, ply + 1);
      }
    };
    await playTo(4);
    await service.kill();
    service = await startService(port, { DATABASE_URL: pg.url });
    await playTo(8);
    const stored = await (await fetch(`${service.base}/v1/games/${id}`)).json();
    expect((await gameSeen(watcher)).moves).toEqual(stored.moves);
    expect((await gameSeen(player)).moves).toEqual(stored.moves);
    // The watcher has no token: its board never takes a move.
    expect((await gameSeen(watcher)).interactive).toBe(false);
    await player.close();
    await watcher.close();
  });

  it('serves the embed page to an iframe of another origin, and /play to no other origin', async () => {
    const created = await postJson(service.base, '/v1/games', { variant: 'tablut', players: { attackers: 'A', defenders: 'D' } });
    const embed = await fetch(`${service.base}/embed/games/${created.body.id}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await embed.text()).not.toContain(created.body.tokens.attackers);
    const play = await fetch(`${service.base}/play`);
    expect(play.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const otherPort = await freePort();
    const other: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><title>host</title><iframe title="game" src="${service.base}/embed/games/${created.body.id}" width="600" height="720"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(otherPort, '127.0.0.1', resolve));
    try {
      const page = await browser.newPage();
      // localhost, not 127.0.0.1: another host and port, so another origin.
      await page.goto(`http://localhost:${otherPort}/`);
      const frame = page.frameLocator('iframe');
      await frame.locator('tafl-game tafl-board [role=gridcell]').first().waitFor();
      expect(await frame.locator('tafl-game tafl-board [role=gridcell]').count()).toBe(81);
      expect(await frame.locator('tafl-game tafl-board [role=gridcell][data-square="e5"]').getAttribute('aria-label')).toBe(
        'e5, throne, king',
      );
      await page.close();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('has no serious or critical accessibility violation on /play and an embed page (axe-core)', async () => {
    const created = await postJson(service.base, '/v1/games', { variant: 'brandubh', players: { attackers: 'A', defenders: 'D' } });
    // axe is injected as an inline script, which the pages' CSP rightly refuses: this context ignores it.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    for (const url of [`${service.base}/play`, `${service.base}/embed/games/${created.body.id}`]) {
      await page.goto(url);
      await page.locator('tafl-board [role=gridcell]').first().or(page.locator('#new-game')).first().waitFor();
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document);
        return result.violations
          .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
          .map((v: any) => `${v.id}: ${v.help}`);
      });
      expect(violations, url).toEqual([]);
    }
    await context.close();
  });
});
