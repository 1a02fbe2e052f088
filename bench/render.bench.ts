/**
 * Render benchmark (`npm run bench:render`): SVGs per second (the pure function, in this thread),
 * then PNGs (512 px) and animated GIFs (40 plies, 41 frames, 512 px) per second through the worker
 * pool, for an 11×11 board (copenhagen) and a 19×19 one (alea-evangelii). Start positions for SVG and
 * PNG; a seeded random game for the GIF. The pool keeps two jobs per worker in flight. Prints
 * figures; asserts nothing.
 *   node dist/bench/render.bench.js [--json] [--seconds S] [--workers N]
 */
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

async function main(): Promise<void> {
  const pool = new RenderPool({ workers, maxQueue: 64 });
  const results: Record<string, unknown>[] = [];
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

  // Worker threads share the process, so this includes the workers' native (resvg) memory.
  const rssMb = Math.round(process.memoryUsage().rss / 1e6);
  if (json) {
    console.log(JSON.stringify({ workers, imageSize: SIZE, gifPlies: GIF_PLIES, rssMb, results }, null, 2));
    return;
  }
  console.log(`render benchmark: ${workers} worker(s), ${SIZE} px, GIF of ${GIF_PLIES} plies (${GIF_PLIES + 1} frames)`);
  for (const r of results) {
    console.log(
      `  ${String(r.variant).padEnd(16)} ${r.size}×${r.size}  SVG ${String(r.svgPerSec).padStart(6)}/s (${r.svgBytes} B)` +
        `  PNG ${String(r.pngPerSec).padStart(6)}/s (${r.pngBytes} B)  GIF ${String(r.gifPerSec).padStart(5)}/s (${r.gifBytes} B)`,
    );
  }
  console.log(`  process RSS at the end: ${rssMb} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
