/**
 * Render benchmark (`npm run bench:render`): SVGs per second (the pure function, in this thread),
 * then PNGs (512 px) and animated GIFs (40 plies, 41 frames, 512 px) per second through the worker
 * pool, for an 11×11 board (copenhagen) and a 19×19 one (alea-evangelii). Start positions for SVG and
 * PNG; a seeded random game for the GIF. The pool keeps two jobs per worker in flight. Prints
 * figures; asserts nothing.
 *
 * Then the HTTP part the render issue asks for: the latency of a rules query while pictures are being
 * made under load. The compiled service runs in its own process (as in api.bench.ts); autocannon runs
 * here and measures POST /v1/legal-moves alone, then again while two more autocannon streams ask for
 * PNGs (alea-evangelii) and GIFs (copenhagen). 503s (SERVICE_BUSY, render queue full) are counted apart
 * from other non-2xx answers, since they are the pool refusing work as designed.
 *   node dist/bench/render.bench.js [--json] [--seconds S] [--workers N]
 *   BENCH_SECONDS (default 5): seconds of each HTTP measurement
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer } from './spawn-server';
import { GameState } from '../src/engine/game-state';
import { Position } from '../src/engine/position';
import { seededRandom } from '../src/engine/random';
import { RenderPool, defaultRenderWorkers, framesToSvg, gameFrames, renderSvg } from '../src/render';
import { builtInVariant } from '../src/variants';

const args = process.argv.slice(2);
const json = args.includes('--json');
const arg = (name: string): number | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const budget = arg('--seconds') ?? 3;
const workers = arg('--workers') ?? defaultRenderWorkers();

const VARIANTS = ['copenhagen', 'alea-evangelii'];
const SIZE = 512;
const GIF_PLIES = 40;
const GIF_DELAY_MS = 500;

function randomMoves(id: string, plies: number): string[] {
  const v = builtInVariant(id)!;
  for (let seed = 1; ; seed++) {
    const random = seededRandom(seed);
    const game = GameState.start(v);
    const moves: string[] = [];
    while (moves.length < plies) {
      const legal = game.legalMoves();
      if (legal.length === 0) break;
      const move = legal[random() % legal.length].notation;
      const checked = game.check(move);
      if (!checked.ok) break;
      game.play(checked.value);
      moves.push(move);
    }
    if (moves.length === plies) return moves;
  }
}

function timeSync(seconds: number, body: () => void): { perSec: number; count: number } {
  const start = process.hrtime.bigint();
  const limit = start + BigInt(Math.round(seconds * 1e9));
  let count = 0;
  let now = start;
  while (now < limit) {
    body();
    count++;
    now = process.hrtime.bigint();
  }
  return { perSec: (count * 1e9) / Number(now - start), count };
}

/** Keeps `inFlight` jobs running for `seconds`; counts the ones that finished. */
async function timePool(
  seconds: number,
  inFlight: number,
  job: () => Promise<{ ok: boolean }>,
): Promise<{ perSec: number; count: number }> {
  const start = process.hrtime.bigint();
  const limit = start + BigInt(Math.round(seconds * 1e9));
  let count = 0;
  const lane = async (): Promise<void> => {
    while (process.hrtime.bigint() < limit) {
      const r = await job();
      if (!r.ok) throw new Error(`render job refused: ${JSON.stringify(r)}`);
      count++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { perSec: (count * 1e9) / Number(process.hrtime.bigint() - start), count };
}

interface RenderFigures {
  variant: string;
  size: number;
  svgPerSec: number;
  svgBytes: number;
  pngPerSec: number;
  pngBytes: number;
  gifPerSec: number;
  gifFrames: number;
  gifBytes: number;
}

/** SVG in this thread, PNG and GIF through an in-process pool, for each variant. */
async function renderInProcess(): Promise<RenderFigures[]> {
  const pool = new RenderPool({ workers, maxQueue: 64 });
  const results: RenderFigures[] = [];
  try {
    for (const id of VARIANTS) {
      const v = builtInVariant(id)!;
      const start = Position.start(v);
      const svg = renderSvg(v, start, { size: SIZE });
      timeSync(0.2, () => renderSvg(v, start, { size: SIZE })); // JIT warm-up
      const svgRate = timeSync(budget / 3, () => renderSvg(v, start, { size: SIZE }));

      const png = await pool.png(svg, SIZE);
      if (!png.ok) throw new Error(png.error.message);
      const pngRate = await timePool(budget / 3, 2 * workers, () => pool.png(svg, SIZE));

      const frames = gameFrames(start, randomMoves(id, GIF_PLIES));
      if (!frames.ok) throw new Error('illegal generated move');
      const svgs = framesToSvg(v, frames.value, { size: SIZE });
      const gif = await pool.gif(svgs, SIZE, GIF_DELAY_MS);
      if (!gif.ok) throw new Error(gif.error.message);
      const gifRate = await timePool(budget / 3, 2 * workers, () => pool.gif(svgs, SIZE, GIF_DELAY_MS));

      results.push({
        variant: id,
        size: v.geo.size,
        svgPerSec: Math.round(svgRate.perSec),
        svgBytes: svg.length,
        pngPerSec: Number(pngRate.perSec.toFixed(1)),
        pngBytes: png.value.length,
        gifPerSec: Number(gifRate.perSec.toFixed(2)),
        gifFrames: svgs.length,
        gifBytes: gif.value.length,
      });
    }
  } finally {
    await pool.close();
  }
  return results;
}

// ---- HTTP: a rules query while pictures are being made ----

const HTTP_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The picture streams start this long before the rules measurement and stop as long after it, so the whole measured window is under load. */
const LOAD_MARGIN_S = 1;
const RULES_CONNECTIONS = 4;
const PNG_CONNECTIONS = 8;
const GIF_CONNECTIONS = 2;
const HTTP_GIF_SIZE = 256;
/** PNG sizes cycle over this range so that consecutive answers differ (the server has no cache, but a proxy or a future one might). */
const PNG_SIZES = { min: 500, max: 520 };
const FILES = 'abcdefghijklmnopqrstuvwxy';

interface StreamFigures {
  name: string;
  connections: number;
  /** Every answer, whatever its status. */
  rps: number;
  /** Milliseconds, of the 2xx answers only (a quick 503 says nothing about how long a picture takes). */
  p50: number;
  p99: number;
  ok: number;
  /** 503 SERVICE_BUSY: the render queue was full. */
  busy: number;
  otherNon2xx: number;
  /** Socket errors, timeouts included. */
  errors: number;
}

/** Nearest-rank percentile of sorted values; NaN when there are none. */
function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
}

/**
 * One autocannon run, keeping the time of every 2xx answer: autocannon's own histogram holds whole
 * milliseconds, too coarse for a rules query that takes less than one.
 */
function measure(name: string, opts: autocannon.Options): Promise<StreamFigures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (e: unknown, r: autocannon.Result) => {
      if (e) return reject(e instanceof Error ? e : new Error(String(e)));
      const sorted = Float64Array.from(times).sort();
      const busy = r.statusCodeStats?.['503']?.count ?? 0;
      resolve({
        name,
        connections: opts.connections ?? 10, // autocannon's default
        rps: r.requests.average,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        ok: r['2xx'],
        busy,
        otherNon2xx: r.non2xx - busy,
        errors: r.errors,
      });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}

/** The i-th square of a size × size board, row by row: a highlight that changes with every request. */
function squareAt(size: number, i: number): string {
  const n = i % (size * size);
  return FILES[n % size] + String(Math.floor(n / size) + 1);
}

/** One request template whose path autocannon asks `pathOf` for before every request. */
function cyclingPaths(pathOf: (i: number) => string): autocannon.Request[] {
  let i = 0;
  return [{ setupRequest: (req) => ({ ...req, path: pathOf(i++) }) }];
}

function pngPath(moves: string[], i: number): string {
  const size = PNG_SIZES.min + (i % (PNG_SIZES.max - PNG_SIZES.min + 1));
  const q = new URLSearchParams({ size: String(size), highlight: squareAt(19, i), moves: moves.join(',') });
  return `/v1/variants/alea-evangelii/board.png?${q}`;
}

function gifPath(moves: string[], i: number): string {
  const q = new URLSearchParams({ size: String(HTTP_GIF_SIZE), highlight: squareAt(11, i), moves: moves.join(',') });
  return `/v1/variants/copenhagen/animation.gif?${q}`;
}

/** Fails before measuring if a URL is refused (an illegal generated game would make every answer a 4xx). */
async function expectPicture(url: string, type: string): Promise<void> {
  const r = await fetch(url);
  const body = Buffer.from(await r.arrayBuffer());
  if (r.status !== 200 || r.headers.get('content-type') !== type) {
    throw new Error(`${url} answered ${r.status} ${r.headers.get('content-type')}: ${body.toString('utf8', 0, 500)}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function httpUnderLoad(): Promise<StreamFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tafl-bench-'));
  const app = await spawnServer(join(__dirname, '..', 'src', 'main.js'), { PGLITE_DIR: dataDir }, '/health');
  try {
    const aleaMoves = randomMoves('alea-evangelii', GIF_PLIES);
    const copenhagenMoves = randomMoves('copenhagen', GIF_PLIES);
    await expectPicture(app.base + pngPath(aleaMoves, 0), 'image/png');
    await expectPicture(app.base + gifPath(copenhagenMoves, 0), 'image/gif');

    const rules: autocannon.Options = {
      url: `${app.base}/v1/legal-moves`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'copenhagen' }),
      connections: RULES_CONNECTIONS,
      duration: HTTP_SECONDS,
    };
    await measure('warm-up', { ...rules, duration: 1 }); // JIT warm-up of the route
    const alone = await measure('rules legal-moves, alone', rules);

    const loadSeconds = HTTP_SECONDS + 2 * LOAD_MARGIN_S;
    const png = measure(`PNG alea-evangelii ${PNG_SIZES.min}-${PNG_SIZES.max} px`, {
      url: app.base,
      connections: PNG_CONNECTIONS,
      duration: loadSeconds,
      requests: cyclingPaths((i) => pngPath(aleaMoves, i)),
    });
    const gif = measure(`GIF copenhagen ${HTTP_GIF_SIZE} px, ${GIF_PLIES + 1} fr`, {
      url: app.base,
      connections: GIF_CONNECTIONS,
      duration: loadSeconds,
      requests: cyclingPaths((i) => gifPath(copenhagenMoves, i)),
    });
    await sleep(LOAD_MARGIN_S * 1000);
    const loaded = await measure('rules legal-moves, under load', rules);
    return [alone, loaded, ...(await Promise.all([png, gif]))];
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printRender(results: RenderFigures[], rssMb: number): void {
  console.log(`render benchmark: ${workers} worker(s), ${SIZE} px, GIF of ${GIF_PLIES} plies (${GIF_PLIES + 1} frames)`);
  for (const r of results) {
    console.log(
      `  ${String(r.variant).padEnd(16)} ${r.size}×${r.size}  SVG ${String(r.svgPerSec).padStart(6)}/s (${r.svgBytes} B)` +
        `  PNG ${String(r.pngPerSec).padStart(6)}/s (${r.pngBytes} B)  GIF ${String(r.gifPerSec).padStart(5)}/s (${r.gifBytes} B)`,
    );
  }
  console.log(`  process RSS at the end: ${rssMb} MB`);
}

function printHttp(streams: StreamFigures[], serverWorkers: number): void {
  console.log(
    `HTTP under load: ${HTTP_SECONDS}s per rules measurement, server with ${serverWorkers} render worker(s), ` +
      `${availableParallelism()} core(s) shared with autocannon, node ${process.version}`,
  );
  console.log('  stream                              conns    req/s   p50 ms   p99 ms      2xx  503 busy  other non-2xx  errors');
  for (const s of streams) {
    console.log(
      `  ${s.name.padEnd(34)} ${String(s.connections).padStart(5)} ${s.rps.toFixed(1).padStart(8)} ${s.p50.toFixed(1).padStart(8)}` +
        ` ${s.p99.toFixed(1).padStart(8)} ${String(s.ok).padStart(8)} ${String(s.busy).padStart(9)} ${String(s.otherNon2xx).padStart(14)}` +
        ` ${String(s.errors).padStart(7)}`,
    );
  }
  const [alone, loaded] = streams;
  console.log(
    `  rules under load: p50 ×${(loaded.p50 / alone.p50).toFixed(1)}, p99 ×${(loaded.p99 / alone.p99).toFixed(1)}, ` +
      `req/s ${((100 * loaded.rps) / alone.rps).toFixed(0)}% of alone`,
  );
}

async function main(): Promise<void> {
  const results = await renderInProcess();
  // Worker threads share the process, so this includes the workers' native (resvg) memory.
  // Read before the HTTP part, whose autocannon buffers are no part of rendering.
  const rssMb = Math.round(process.memoryUsage().rss / 1e6);
  if (!json) printRender(results, rssMb);

  // The server reads RENDER_WORKERS the same way (0 or unset: the default for this machine).
  const serverWorkers = Number(process.env.RENDER_WORKERS) || defaultRenderWorkers();
  const http = await httpUnderLoad();
  if (json) {
    console.log(
      JSON.stringify(
        { workers, imageSize: SIZE, gifPlies: GIF_PLIES, rssMb, results, http: { seconds: HTTP_SECONDS, serverWorkers, streams: http } },
        null,
        2,
      ),
    );
    return;
  }
  printHttp(http, serverWorkers);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
