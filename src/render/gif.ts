/**
 * Animated GIF of a game: one frame per ply, every frame on the theme's fixed palette (gif-palette.ts).
 * After the first frame, pixels equal to the previous frame's are written as the transparent index
 * over a frame that is not disposed, so a move costs the bytes of the few squares it changed: long
 * runs of one index compress to almost nothing. CPU-bound: only the render worker calls it.
 *
 * It yields to the event loop after every frame, and must: resvg's images live in native memory that
 * V8 does not see, and their finalizers only run from the event loop, so a GIF built in one
 * synchronous pass kept every frame's pixels alive (2.7 GB for 300 frames at 1024 px; ~150 MB with
 * the yields).
 */
import { GIFEncoder, applyPalette } from 'gifenc';
import { gifPalette } from './gif-palette.js';
import { rasterise } from './raster.js';
import { ThemeName } from './themes.js';

/** GIF disposal method 1: leave the frame in place, the next one draws over it. */
const KEEP = 1;
/** Netscape loop count 0: forever. */
const LOOP_FOREVER = 0;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function encodeGif(
  frames: readonly string[],
  size: number,
  delayMs: number,
  theme: ThemeName,
  threats = false,
): Promise<Uint8Array> {
  const { palette, colours, transparentIndex } = gifPalette(theme, threats);
  const gif = GIFEncoder({ initialCapacity: 64 * 1024 });
  let previous: Uint8Array | null = null;
  for (const svg of frames) {
    const index = applyPalette(rasterise(svg, size).pixels, colours);
    if (previous === null) {
      gif.writeFrame(index, size, size, { palette, delay: delayMs, repeat: LOOP_FOREVER, dispose: KEEP });
    } else {
      const delta = new Uint8Array(index.length);
      for (let i = 0; i < index.length; i++) delta[i] = index[i] === previous[i] ? transparentIndex : index[i];
      gif.writeFrame(delta, size, size, { delay: delayMs, transparent: true, transparentIndex, dispose: KEEP });
    }
    previous = index;
    await nextTurn();
  }
  gif.finish();
  return gif.bytesView();
}
