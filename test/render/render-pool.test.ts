/**
 * The worker pool runs the compiled worker (dist/src/render/render-worker.js): `npm test` builds
 * first, and so must a direct `npx vitest run test/render` (after `npm run build`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Position } from '../../src/engine/position';
import { RenderPool, RenderResult, framesToSvg, gameFrames, renderSvg } from '../../src/render';
import { encodePng } from '../../src/render/raster';
import { defaultRenderWorkers, defaultWorkerFile } from '../../src/render/render-pool';
import { builtInVariant, builtInVariantIds } from '../../src/variants';
import { randomGame } from './games';
import { parseGif, pngSize } from './image-bytes';

const pools: RenderPool[] = [];
function pool(options: ConstructorParameters<typeof RenderPool>[0] = {}): RenderPool {
  const p = new RenderPool(options);
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

function startSvg(id: string, size = 128): string {
  const v = builtInVariant(id)!;
  return renderSvg(v, Position.start(v), { size });
}

function bytes(r: RenderResult): Buffer {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe('RenderPool', () => {
  it('runs the compiled worker, found from the sources under dist/', () => {
    const file = defaultWorkerFile();
    expect(file).toBe(join(__dirname, '..', '..', 'dist', 'src', 'render', 'render-worker.js'));
    expect(existsSync(file)).toBe(true);
    expect(defaultRenderWorkers()).toBeGreaterThanOrEqual(1);
  });

  it('answers concurrent PNG and GIF jobs, each with the bytes the encoder gives in-process', async () => {
    const p = pool({ workers: 2 });
    const ids = builtInVariantIds();
    const svgs = ids.map((id) => startSvg(id));
    const v = builtInVariant('brandubh')!;
    const frames = gameFrames(Position.start(v), randomGame(v, 5));
    if (!frames.ok) throw new Error('illegal generated move');
    const gifFrames = framesToSvg(v, frames.value, { size: 96 });
    const [pngs, gif] = await Promise.all([Promise.all(svgs.map((svg) => p.png(svg, 128))), p.gif(gifFrames, 96, 200)]);
    expect(pngs).toHaveLength(ids.length);
    pngs.forEach((r, i) => {
      const png = bytes(r);
      expect(pngSize(png)).toEqual({ width: 128, height: 128 });
      expect(png.equals(encodePng(svgs[i], 128))).toBe(true);
    });
    const parsed = parseGif(bytes(gif));
    expect(parsed.frames).toHaveLength(6);
    expect(parsed.frames.every((f) => f.delay === 20)).toBe(true);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
    expect(p.stats().workers).toBeLessThanOrEqual(2);
  });

  it('refuses a job when the queue is full, with a typed refusal, and still finishes the others', async () => {
    const p = pool({ workers: 1, maxQueue: 2 });
    const svg = startSvg('alea-evangelii', 1024);
    const jobs = [p.png(svg, 1024), p.png(svg, 1024), p.png(svg, 1024)];
    expect(p.stats()).toMatchObject({ workers: 1, busy: 1, queued: 2 });
    const refused = await p.png(svg, 1024);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('RENDER_QUEUE_FULL');
    const done = await Promise.all(jobs);
    expect(done.every((r) => r.ok)).toBe(true);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('keeps the event loop free while a GIF is encoded', async () => {
    const p = pool({ workers: 1 });
    const v = builtInVariant('alea-evangelii')!;
    const frames = gameFrames(Position.start(v), randomGame(v, 40));
    if (!frames.ok) throw new Error('illegal generated move');
    const svgs = framesToSvg(v, frames.value, { size: 512 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const r = await p.gif(svgs, 512, 100);
    clearInterval(timer);
    expect(parseGif(bytes(r)).frames).toHaveLength(41);
    // Encoding 41 frames at 512 px takes far longer than a few 5 ms ticks; done in this thread there would be none.
    expect(ticks).toBeGreaterThan(3);
  });

  it('answers a failed job with RENDER_FAILED and goes on working', async () => {
    const p = pool({ workers: 1 });
    const bad = await p.png('<svg this is not', 128);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('RENDER_FAILED');
    expect(pngSize(bytes(await p.png(startSvg('tablut'), 128)))).toEqual({ width: 128, height: 128 });
  });

  it('refuses jobs out of bounds before they reach a worker', async () => {
    const p = pool({ workers: 1 });
    const svg = startSvg('brandubh');
    const answers = await Promise.all([
      p.png(svg, 63),
      p.png(svg, 2049),
      p.gif([], 128, 100),
      p.gif(new Array(301).fill(svg), 128, 100),
      p.gif([svg], 1025, 100),
      p.gif([svg], 128, 5),
      p.gif([svg], 128, 100, 'neon' as never),
    ]);
    for (const a of answers) {
      expect(a.ok).toBe(false);
      if (!a.ok) expect(a.error.code).toBe('RENDER_BAD_REQUEST');
    }
    expect(p.stats().workers).toBe(0);
  });

  it('says to build when the compiled worker is missing', async () => {
    const p = pool({ workerFile: join(__dirname, 'no-such-worker.js') });
    const r = await p.png(startSvg('brandubh'), 128);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('RENDER_WORKER_MISSING');
      expect(r.error.message).toContain('npm run build');
    }
  });

  it('close() ends the workers, settles what was running or waiting, and refuses new jobs', async () => {
    const p = new RenderPool({ workers: 1, maxQueue: 4 });
    expect(bytes(await p.png(startSvg('brandubh'), 128)).length).toBeGreaterThan(0);
    expect(p.stats().workers).toBe(1);
    const svg = startSvg('alea-evangelii', 2048);
    const running = p.png(svg, 2048);
    const waiting = p.png(svg, 2048);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    await p.close();
    expect(p.stats()).toEqual({ workers: 0, busy: 0, queued: 0, closed: true });
    for (const r of await Promise.all([running, waiting, p.png(svg, 128)])) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('RENDER_POOL_CLOSED');
    }
  });
});
