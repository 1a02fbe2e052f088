/**
 * Readers of the image bytes the render room writes, written here from the PNG and GIF specifications
 * so the tests do not trust the encoders they check: a PNG decoder (8-bit RGB/RGBA, no interlace) and
 * a GIF block walker that lists the frames, their delays and the loop count.
 */
import { inflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  pixels: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('IHDR is not the first chunk');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export function decodePng(bytes: Buffer): DecodedPng {
  const { width, height } = pngSize(bytes);
  const depth = bytes[24];
  const colourType = bytes[25];
  const interlace = bytes[28];
  if (depth !== 8 || (colourType !== 6 && colourType !== 2) || interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  }
  const channels = colourType === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const len = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + len));
    if (type === 'IEND') break;
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const v = raw[src + x];
      const a = x >= channels ? rows[y * stride + x - channels] : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels] : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predicted === undefined) throw new Error(`bad PNG filter ${filter}`);
      rows[y * stride + x] = (v + predicted) & 255;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels.set(rows.subarray(i * 3, i * 3 + 3), i * 4);
    pixels[i * 4 + 3] = 255;
  }
  return { width, height, pixels };
}

export function pixelAt(img: DecodedPng, x: number, y: number): [number, number, number, number] {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  return [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2], img.pixels[i + 3]];
}

export interface GifFrame {
  /** Delay in centiseconds, from the graphic control extension before the image. */
  delay: number | null;
  transparentIndex: number | null;
  disposal: number;
  left: number;
  top: number;
  width: number;
  height: number;
  localColours: boolean;
  minCodeSize: number;
  /** The LZW data, sub-blocks joined. */
  data: Buffer;
}

export interface ParsedGif {
  version: string;
  width: number;
  height: number;
  globalColours: [number, number, number][];
  /** Netscape loop count (0 = forever), or null without the extension. */
  loops: number | null;
  frames: GifFrame[];
  graphicControlExtensions: number;
}

function skipSubBlocks(b: Buffer, at: number): number {
  while (b[at] !== 0) at += b[at] + 1;
  return at + 1;
}

function joinSubBlocks(b: Buffer, at: number): Buffer {
  const parts: Buffer[] = [];
  while (b[at] !== 0) {
    parts.push(b.subarray(at + 1, at + 1 + b[at]));
    at += b[at] + 1;
  }
  return Buffer.concat(parts);
}

/** GIF's variable-width LZW, codes read least significant bit first. */
export function lzwDecode(minCodeSize: number, data: Uint8Array, pixels: number): Uint8Array {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const out = new Uint8Array(pixels);
  let n = 0;
  let dict: number[][] = [];
  let codeSize = minCodeSize + 1;
  const reset = (): void => {
    dict = [];
    for (let i = 0; i < clear; i++) dict.push([i]);
    dict.push([], []);
    codeSize = minCodeSize + 1;
  };
  reset();
  let prev: number[] | null = null;
  let bit = 0;
  for (;;) {
    if (bit + codeSize > data.length * 8) break;
    let code = 0;
    for (let i = 0; i < codeSize; i++, bit++) code |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
    if (code === clear) {
      reset();
      prev = null;
      continue;
    }
    if (code === end) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code];
    else if (code === dict.length && prev) entry = [...prev, prev[0]];
    else throw new Error(`bad LZW code ${code}`);
    for (const v of entry) if (n < pixels) out[n++] = v;
    if (prev && dict.length < 4096) {
      dict.push([...prev, entry[0]]);
      if (dict.length === 1 << codeSize && codeSize < 12) codeSize++;
    }
    prev = entry;
  }
  if (n !== pixels) throw new Error(`LZW data gave ${n} pixels, expected ${pixels}`);
  return out;
}

/** Each frame as the viewer shows it (RGB, 3 bytes a pixel), for full-screen frames on the global table. */
export function compositeFrames(gif: ParsedGif): Uint8Array[] {
  const canvas = new Uint8Array(gif.width * gif.height * 3);
  const shown: Uint8Array[] = [];
  for (const f of gif.frames) {
    if (f.localColours || f.left !== 0 || f.top !== 0 || f.width !== gif.width || f.height !== gif.height) {
      throw new Error('only full-screen frames on the global colour table are read here');
    }
    const index = lzwDecode(f.minCodeSize, f.data, f.width * f.height);
    for (let i = 0; i < index.length; i++) {
      if (index[i] === f.transparentIndex) continue;
      canvas.set(gif.globalColours[index[i]], i * 3);
    }
    shown.push(canvas.slice());
  }
  return shown;
}

export function parseGif(b: Buffer): ParsedGif {
  const version = b.toString('latin1', 0, 6);
  if (version !== 'GIF89a' && version !== 'GIF87a') throw new Error('not a GIF');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  const packed = b[10];
  let at = 13;
  const globalColours: [number, number, number][] = [];
  if (packed & 0x80) {
    const n = 1 << ((packed & 7) + 1);
    for (let i = 0; i < n; i++) globalColours.push([b[at + 3 * i], b[at + 3 * i + 1], b[at + 3 * i + 2]]);
    at += 3 * n;
  }
  let loops: number | null = null;
  let pendingDelay: number | null = null;
  let pendingTransparent: number | null = null;
  let pendingDisposal = 0;
  let gces = 0;
  const frames: GifFrame[] = [];
  for (;;) {
    const block = b[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = b[at + 1];
      if (label === 0xf9) {
        gces++;
        const fields = b[at + 3];
        pendingDisposal = (fields >> 2) & 7;
        pendingTransparent = fields & 1 ? b[at + 6] : null;
        pendingDelay = b.readUInt16LE(at + 4);
        at = skipSubBlocks(b, at + 2);
      } else if (label === 0xff && b.toString('latin1', at + 3, at + 14) === 'NETSCAPE2.0') {
        loops = b.readUInt16LE(at + 16);
        at = skipSubBlocks(b, at + 14);
      } else at = skipSubBlocks(b, at + 2);
    } else if (block === 0x2c) {
      const fp = b[at + 9];
      const header = at;
      at += 10;
      if (fp & 0x80) at += 3 * (1 << ((fp & 7) + 1));
      frames.push({
        delay: pendingDelay,
        transparentIndex: pendingTransparent,
        disposal: pendingDisposal,
        left: b.readUInt16LE(header + 1),
        top: b.readUInt16LE(header + 3),
        width: b.readUInt16LE(header + 5),
        height: b.readUInt16LE(header + 7),
        localColours: (fp & 0x80) !== 0,
        minCodeSize: b[at],
        data: joinSubBlocks(b, at + 1),
      });
      at = skipSubBlocks(b, at + 1);
      pendingDelay = null;
      pendingTransparent = null;
      pendingDisposal = 0;
    } else throw new Error(`unexpected GIF block 0x${block.toString(16)} at ${at}`);
    if (at >= b.length) throw new Error('GIF ends without a trailer');
  }
  return { version, width, height, globalColours, loops, frames, graphicControlExtensions: gces };
}
