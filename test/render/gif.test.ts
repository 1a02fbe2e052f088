import { Position } from '../../src/engine/position';
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { MAX_GIF_FRAMES, MAX_GIF_SIZE, THEMES, THEME_COLOURS, checkAnimation, framesToSvg, gameFrames } from '../../src/render';
import { encodeGif } from '../../src/render/gif';
import { gifPalette } from '../../src/render/gif-palette';
import { rasterise } from '../../src/render/raster';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { builtInVariant } from '../../src/variants';
import { randomGame } from './games';
import { compositeFrames, parseGif } from './image-bytes';

function gameSvgs(v: CompiledVariant, plies: number, size: number, seed = 5): string[] {
  const frames = gameFrames(Position.start(v), randomGame(v, plies, seed));
  if (!frames.ok) throw new Error('illegal generated move');
  return framesToSvg(v, frames.value, { size });
}

describe('animated GIF (api.md section 6)', () => {
  it('one frame per ply plus the start, each size × size, with the delay, looping forever', async () => {
    const v = builtInVariant('brandubh')!;
    const svgs = gameSvgs(v, 6, 128);
    const gif = parseGif(Buffer.from(await encodeGif(svgs, 128, 250, 'wood')));
    expect(gif.version).toBe('GIF89a');
    expect([gif.width, gif.height]).toEqual([128, 128]);
    expect(gif.frames).toHaveLength(7);
    expect(gif.graphicControlExtensions).toBe(7);
    expect(gif.loops).toBe(0);
    for (const f of gif.frames) {
      expect([f.left, f.top, f.width, f.height]).toEqual([0, 0, 128, 128]);
      expect(f.delay).toBe(25);
    }
  });

  it('every frame, as a viewer composes it, shows the position of its ply', async () => {
    const v = builtInVariant('copenhagen')!;
    const size = 160;
    const svgs = gameSvgs(v, 8, size, 9);
    const gif = parseGif(Buffer.from(await encodeGif(svgs, size, 100, 'wood')));
    const shown = compositeFrames(gif);
    expect(shown).toHaveLength(svgs.length);
    // Later frames carry only what changed; the rest must come through from before.
    expect(gif.frames.slice(1).every((f) => f.transparentIndex !== null && f.disposal === 1)).toBe(true);
    shown.forEach((rgb, i) => {
      const truth = rasterise(svgs[i], size).pixels;
      let worst = 0;
      for (let p = 0; p < size * size; p++) {
        for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(rgb[p * 3 + k] - truth[p * 4 + k]));
      }
      // Solid areas map exactly; anti-aliased edges land on the nearest blend of the palette.
      expect(worst, `frame ${i}`).toBeLessThan(48);
      let far = 0;
      for (let p = 0; p < size * size; p++) {
        const d = Math.max(...[0, 1, 2].map((k) => Math.abs(rgb[p * 3 + k] - truth[p * 4 + k])));
        if (d > 12) far++;
      }
      expect(far / (size * size), `frame ${i}`).toBeLessThan(0.03);
      // Where the position is read (every square's centre), the colour is the picture's.
      const l = boardLayout(v.geo.size, true, false);
      const scale = size / l.extent;
      for (let f = 0; f < v.geo.size; f++)
        for (let r = 0; r < v.geo.size; r++) {
          const o = squareOrigin(l, f, r);
          const p = Math.floor((o.y + CELL / 2) * scale) * size + Math.floor((o.x + CELL / 2) * scale);
          const d = Math.max(...[0, 1, 2].map((k) => Math.abs(rgb[p * 3 + k] - truth[p * 4 + k])));
          expect(d, `frame ${i} square ${f},${r}`).toBeLessThanOrEqual(8);
        }
    });
  });

  it('a 40-ply 19×19 game gives 41 frames', async () => {
    const v = builtInVariant('alea-evangelii')!;
    const svgs = gameSvgs(v, 40, 192);
    const gif = parseGif(Buffer.from(await encodeGif(svgs, 192, 500, 'slate')));
    expect(gif.frames).toHaveLength(41);
    expect(gif.frames.every((f) => f.delay === 50)).toBe(true);
  });

  it.each([
    [20, 2],
    [1000, 100],
    [60000, 6000],
  ])('a delay of %i ms is written as %i centiseconds', async (delay, cs) => {
    const v = builtInVariant('brandubh')!;
    const gif = parseGif(Buffer.from(await encodeGif(gameSvgs(v, 2, 64), 64, delay, 'wood')));
    expect(gif.frames.map((f) => f.delay)).toEqual([cs, cs, cs]);
  });

  it.each([64, 333, MAX_GIF_SIZE])('size %i is the logical screen and every frame', async (size) => {
    const v = builtInVariant('tablut')!;
    const gif = parseGif(Buffer.from(await encodeGif(gameSvgs(v, 1, size), size, 100, 'wood')));
    expect([gif.width, gif.height]).toEqual([size, size]);
    expect(gif.frames.map((f) => [f.width, f.height])).toEqual([
      [size, size],
      [size, size],
    ]);
  });

  it('equal input gives equal bytes', async () => {
    const v = builtInVariant('fetlar')!;
    const svgs = gameSvgs(v, 4, 128);
    expect(Buffer.from(await encodeGif(svgs, 128, 300, 'wood')).equals(Buffer.from(await encodeGif(svgs, 128, 300, 'wood')))).toBe(true);
  });

  it.each(THEMES)('theme %s: a palette of at most 256 entries holding every theme colour exactly', (theme) => {
    const { palette, colours, transparentIndex } = gifPalette(theme);
    expect(palette.length).toBeLessThanOrEqual(256);
    expect(transparentIndex).toBe(palette.length - 1);
    expect(colours).toHaveLength(palette.length - 1);
    const keys = new Set(colours.map((c) => c.join(',')));
    for (const hex of Object.values(THEME_COLOURS[theme])) expect(keys.has(hexToRgb(hex).join(','))).toBe(true);
  });

  it('refuses animations out of bounds with codes', () => {
    expect(checkAnimation(1, 64, 20).ok).toBe(true);
    expect(checkAnimation(MAX_GIF_FRAMES, MAX_GIF_SIZE, 60000).ok).toBe(true);
    const r = checkAnimation(MAX_GIF_FRAMES + 1, MAX_GIF_SIZE + 1, 10);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.code).sort()).toEqual(['BAD_DELAY', 'BAD_FRAME_COUNT', 'BAD_SIZE']);
    expect(checkAnimation(0, 512, 100).ok).toBe(false);
  });
});
