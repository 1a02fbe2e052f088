/**
 * What the board suites share: the built service as a child process on a chosen port and database (so
 * it can be killed and started again where the pages left it), a second in-process app for the
 * stateless pages, Chromium, and waits on DOM conditions (never on timings). Not a test file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MAIN, ROOT, type SpawnedService, spawnService, startApp } from '../api/harness';
import { whenReady } from '../games/client';

export const BUNDLE = join(ROOT, 'packages', 'board', 'dist', 'tafl-board.bundle.js');

/** Whether the service and the board bundle are built (`npm test` builds both); under CI a missing build fails. */
export function isBuilt(): boolean {
  const built = existsSync(MAIN) && existsSync(BUNDLE);
  if (!built && process.env.CI) throw new Error(`${MAIN} or ${BUNDLE} is missing: CI builds them before the tests`);
  return built;
}

export type Service = SpawnedService;

/** The built service on `port` with `env`, once /ready answers (its database connected). */
export async function startService(port: number, env: Record<string, string>): Promise<Service> {
  return whenReady(await spawnService({ LOG_LEVEL: 'warn', ...env }, { port }), 60_000);
}

/** The service in-process on a loopback port, without a database: for the stateless pages. */
export async function startStatelessApp(): Promise<{ base: string; close: () => Promise<void> }> {
  const t = await startApp({}, { database: false });
  await t.app.listen(0, '127.0.0.1');
  const address = t.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => t.close() };
}

export async function postJson(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** What a <tafl-game> on the page holds (the first one, or the one in `frame`). */
export interface GameSeen {
  moves: string[];
  status: string | null;
  winner: string | null;
  reason: string | null;
  interactive: boolean;
  sideToMove: string | null;
}

export function gameSeen(page: Page): Promise<GameSeen> {
  return page.evaluate(() => {
    const game = document.querySelector('tafl-game') as any;
    const board = game?.shadowRoot?.querySelector('tafl-board');
    const r = game?.record;
    return {
      moves: r ? [...r.moves] : [],
      status: r?.outcome.status ?? null,
      winner: r?.outcome.winner ?? null,
      reason: r?.outcome.reason ?? null,
      interactive: !!board?.interactive,
      sideToMove: r?.sideToMove ?? null,
    };
  });
}

/** Waits until the game on the page has at least `plies` moves (the stream or our own answer brought them). */
export async function waitForPlies(page: Page, plies: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction((n) => ((document.querySelector('tafl-game') as any)?.record?.moves.length ?? -1) >= n, plies, {
    timeout,
    polling: 50,
  });
}

/** Waits until the page's game is over, or it is the page's turn at ply `ply` or later (its board takes moves). */
export async function waitForTurnOrEnd(page: Page, ply: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const game = document.querySelector('tafl-game') as any;
      const r = game?.record;
      if (!r) return false;
      if (r.outcome.status === 'finished') return true;
      const board = game.shadowRoot?.querySelector('tafl-board');
      return r.moves.length >= n && !!board?.interactive && board.hasUpdated && !board.isUpdatePending;
    },
    ply,
    { timeout, polling: 50 },
  );
}

/**
 * Plays one move on the page's <tafl-game> with real mouse clicks: a piece that has destinations, then one
 * of them (one that captures when there is, else the `pick`-th). Answers the move as from-to.
 */
export async function clickAMove(page: Page, pick: number): Promise<string> {
  const cell = (sq: string) => page.locator(`tafl-game tafl-board [role=gridcell][data-square="${sq}"]`);
  const pieces = await page.evaluate(() => {
    const board = (document.querySelector('tafl-game') as any).shadowRoot.querySelector('tafl-board');
    const model = board.model;
    return [...model.moves.keys()] as string[];
  });
  for (const from of pieces) {
    await cell(from).click();
    const dests = await page.evaluate(() => {
      const board = (document.querySelector('tafl-game') as any).shadowRoot.querySelector('tafl-board');
      return [...board.shadowRoot.querySelectorAll('[role=gridcell][data-dest]')].map((c: any) => [c.dataset.square, c.dataset.dest]);
    });
    if (!dests.length) continue;
    const capture = dests.find((d) => d[1] === 'capture');
    const to = (capture ?? dests[pick % dests.length])[0] as string;
    await cell(to).click();
    return `${from}-${to}`;
  }
  throw new Error('no piece of the side to move has a destination');
}
