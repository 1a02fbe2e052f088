/**
 * Board benchmark (`npm run bench:board`): the time from a player's click on a destination square of
 * `<tafl-game>` to that move shown on the board, in headless Chromium against the compiled service in
 * its own process (PGlite unless BENCH_DATABASE_URL names a PostgreSQL). The page plays the attackers of
 * a Brandubh game (token in the URL fragment); the bench plays the defenders' answers over REST. Each
 * sample is measured inside the page: from the click (after the piece is selected) to the first frame
 * painted once the board holds the new move. Then the same for `<tafl-board>` alone, where the rules run
 * locally and nothing goes to the service. Prints figures; asserts nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { spawnServer } from './spawn-server';

const MAIN = join(__dirname, '..', 'src', 'main.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAMPLES = Number(process.env.BENCH_MOVES ?? 20);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function post(base: string, path: string, body: unknown, token?: string): Promise<any> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return r.json();
}

/**
 * Selects a piece of the side to move that has a destination, then times the click on a destination
 * until the move is drawn. `host` finds the board: inside <tafl-game>, or a bare <tafl-board>.
 */
function timedMove(page: Page, inGame: boolean, pick: number): Promise<{ ms: number; move: string }> {
  return page.evaluate(
    async ({ inGame, pick }) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const game = document.querySelector('tafl-game') as any;
      const board = inGame ? game.shadowRoot.querySelector('tafl-board') : (document.querySelector('tafl-board') as any);
      const cell = (sq: string) => board.shadowRoot.querySelector(`[role=gridcell][data-square="${sq}"]`) as HTMLElement;
      const plies = () => (inGame ? game.record.moves.length : board.moveCount);
      for (const from of [...board.model.moves.keys()] as string[]) {
        cell(from).click();
        await board.updateComplete;
        const dests = [...board.shadowRoot.querySelectorAll('[role=gridcell][data-dest]')].map((c: any) => c.dataset.square);
        if (!dests.length) continue;
        const to = dests[pick % dests.length];
        const before = inGame ? plies() : board.position;
        const t0 = performance.now();
        cell(to).click();
        for (;;) {
          await frame();
          const now = inGame ? plies() : board.position;
          if (now !== before) break;
        }
        await board.updateComplete;
        await frame();
        return { ms: performance.now() - t0, move: `${from}-${to}` };
      }
      throw new Error('no piece with a destination');
    },
    { inGame, pick },
  );
}

function summary(label: string, times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `${label}: ${s.length} moves, p50 ${quantile(s, 0.5).toFixed(1)} ms, p90 ${quantile(s, 0.9).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`bench:board needs Chromium at ${CHROMIUM}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tafl-bench-board-'));
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { PGLITE_DIR: dir };
  const server = await spawnServer(MAIN, database, '/ready');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const served: number[] = [];
    while (served.length < SAMPLES) {
      const created = await post(server.base, '/v1/games', { variant: 'brandubh', players: { attackers: 'Page', defenders: 'Bench' } });
      const page = await browser.newPage();
      await page.goto(`${server.base}/embed/games/${created.id}#token=${encodeURIComponent(created.tokens.attackers)}`);
      for (let ply = 0; served.length < SAMPLES; ply += 2) {
        await page.waitForFunction(
          (n) => {
            const game = document.querySelector('tafl-game') as any;
            const board = game?.shadowRoot?.querySelector('tafl-board');
            return game?.record?.moves.length === n && board?.interactive && !board.isUpdatePending;
          },
          ply,
          { timeout: 30_000 },
        );
        const { ms } = await timedMove(page, true, served.length * 5 + 1);
        served.push(ms);
        const legal = await post(server.base, '/v1/legal-moves', { variant: 'brandubh', moves: await gameMoves(server.base, created.id) });
        if (legal.count === 0 || legal.sideToMove !== 'defenders') break;
        const answer = legal.moves[(ply * 7) % legal.count].notation;
        const played = await post(
          server.base,
          `/v1/games/${created.id}/moves`,
          { move: answer, expectedPly: ply + 1 },
          created.tokens.defenders,
        );
        if (played.game?.outcome?.status !== 'ongoing') break;
      }
      await page.close();
    }
    console.log(summary('<tafl-game>, click to the move shown (through the service)', served));

    const local: number[] = [];
    const page = await browser.newPage();
    await page.goto(`${server.base}/embed/position?variant=copenhagen`);
    await page.evaluate(() => ((document.querySelector('tafl-board') as any).interactive = true));
    while (local.length < SAMPLES) local.push((await timedMove(page, false, local.length * 3 + 2)).ms);
    console.log(summary('<tafl-board>, click to the move shown (rules computed in the page)', local));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function gameMoves(base: string, id: string): Promise<string[]> {
  return (await (await fetch(`${base}/v1/games/${id}`)).json()).moves;
}

void main();
