/**
 * SVG to pixels with resvg. Synchronous and CPU-bound: only the render worker calls it (see
 * render-pool.ts), never a request handler. System fonts stay off: the pictures draw no text, and
 * loading fonts would make the bytes depend on the machine (and cost time on every call).
 */
import { Resvg } from '@resvg/resvg-js';

export interface RgbaImage {
  width: number;
  height: number;
  /** Row-major RGBA, 4 bytes a pixel, in a buffer of its own (offset 0). */
  pixels: Uint8Array;
}

function rendered(svg: string, size: number) {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render();
  // The board pictures are square; anything else would break the size × size promise of api.md.
  if (image.width !== size || image.height !== size) {
    throw new RangeError(`the SVG rasterised to ${image.width}×${image.height}, expected ${size}×${size}`);
  }
  return image;
}

export function rasterise(svg: string, size: number): RgbaImage {
  const image = rendered(svg, size);
  const px = image.pixels;
  // gifenc reads the pixels through a Uint32Array over the whole ArrayBuffer, so the view must own it.
  const pixels = px.byteOffset === 0 && px.byteLength === px.buffer.byteLength ? px : new Uint8Array(px);
  return { width: image.width, height: image.height, pixels };
}

export function encodePng(svg: string, size: number): Buffer {
  return rendered(svg, size).asPng();
}
