import { parseBoardField } from '../../src/engine/tfen';
import { Position } from '../../src/engine/position';
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { THEME_COLOURS, ThemeName, renderSvg } from '../../src/render';
import type { PictureOptions } from '../../src/render';
import { encodePng } from '../../src/render/raster';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { builtInVariant } from '../../src/variants';
import { DecodedPng, PNG_SIGNATURE, decodePng, pixelAt, pngSize } from './image-bytes';

type Board = Parameters<typeof renderSvg>[1];

function picture(v: CompiledVariant, board: Board, o: PictureOptions = {}): { img: DecodedPng; size: number } {
  const size = o.size ?? 512;
  const png = encodePng(renderSvg(v, board, o), size);
  return { img: decodePng(png), size };
}

function squareIndex(name: string): { file: number; rank: number } {
  return { file: name.charCodeAt(0) - 97, rank: Number(name.slice(1)) - 1 };
}

/**
 * Pixel of a point of a square in the unflipped layout: (dx, dy) in fractions of a square from its
 * centre. The flip tests compute the turned square themselves, so they do not lean on the renderer's
 * own flipping.
 */
function pixelOf(v: CompiledVariant, img: DecodedPng, size: number, square: string, coords: boolean, dx = 0, dy = 0) {
  const l = boardLayout(v.geo.size, coords, false);
  const { file, rank } = squareIndex(square);
  const o = squareOrigin(l, file, rank);
  const scale = size / l.extent;
  return pixelAt(img, (o.x + CELL / 2 + dx * CELL) * scale, (o.y + CELL / 2 + dy * CELL) * scale);
}

function expectColour(px: number[], hex: string, tolerance = 2): void {
  const want = hexToRgb(hex);
  const diff = Math.max(...want.map((c, i) => Math.abs(c - px[i])));
  expect(diff, `pixel ${px.slice(0, 3).join(',')} vs ${hex}`).toBeLessThanOrEqual(tolerance);
  expect(px[3]).toBe(255);
}

/** The king's cross covers his centre; a point off its arms shows his colour. */
const OFF_CROSS = 0.22;

describe('PNG pictures (api.md section 6)', () => {
  it.each([
    ['copenhagen', 'd1', 'b2', 'f6', 'f4'],
    ['alea-evangelii', 'c1', 'b3', 'j10', 'i10'],
  ])('%s at 512 px: attacker, empty square, king and defender in their colours', (id, attacker, empty, king, defender) => {
    const v = builtInVariant(id)!;
    const start = Position.start(v);
    expect(start.board[v.geo.stride * (squareIndex(attacker).rank + 1) + squareIndex(attacker).file + 1]).toBe(1);
    const { img, size } = picture(v, start);
    expect([img.width, img.height]).toEqual([512, 512]);
    const c = THEME_COLOURS.wood;
    expectColour(pixelOf(v, img, size, attacker, true), c.attacker);
    expectColour(pixelOf(v, img, size, empty, true), c.board);
    expectColour(pixelOf(v, img, size, king, true, OFF_CROSS, OFF_CROSS), c.king);
    expectColour(pixelOf(v, img, size, king, true), c.ink);
    expectColour(pixelOf(v, img, size, defender, true), c.defender);
  });

  it.each(['wood', 'slate'] as const)('theme %s colours the pieces and the board', (theme: ThemeName) => {
    const v = builtInVariant('brandubh')!;
    const { img, size } = picture(v, Position.start(v), { theme, size: 256 });
    const c = THEME_COLOURS[theme];
    expectColour(pixelOf(v, img, size, 'd7', true), c.attacker);
    expectColour(pixelOf(v, img, size, 'd5', true), c.defender);
    expectColour(pixelOf(v, img, size, 'b2', true), c.board);
    expectColour(pixelOf(v, img, size, 'a1', true, 0.4, 0), c.corner);
    expectColour(pixelAt(img, 2, 2), c.frame);
  });

  it.each([
    ['copenhagen', '11/11/11/11/11/5K5/11/11/11/1tT8/11', 'b2', 'c2', 'j10', 'i10'],
    ['alea-evangelii', '19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/1t17/19', 'b2', null, 'r18', null],
  ])('%s flipped: every piece is drawn on the square turned 180°', (id, layout, attacker, defender, turnedA, turnedD) => {
    const v = builtInVariant(id)!;
    const grid = parseBoardField(layout, v.geo.size);
    expect(grid.ok).toBe(true);
    if (!grid.ok) return;
    const c = THEME_COLOURS.wood;
    const plain = picture(v, grid.value);
    const flipped = picture(v, grid.value, { flip: true });
    expectColour(pixelOf(v, plain.img, plain.size, attacker, true), c.attacker);
    expectColour(pixelOf(v, plain.img, plain.size, turnedA, true), c.board);
    // Coordinates stay on the left and bottom, so the turned board has the same frame.
    expectColour(pixelOf(v, flipped.img, flipped.size, turnedA, true), c.attacker);
    expectColour(pixelOf(v, flipped.img, flipped.size, attacker, true), c.board);
    if (defender && turnedD) {
      expectColour(pixelOf(v, flipped.img, flipped.size, turnedD, true), c.defender);
      expectColour(pixelOf(v, flipped.img, flipped.size, defender, true), c.board);
    }
  });

  it('shows the last move, the captures and the highlights', () => {
    const v = builtInVariant('copenhagen')!;
    const c = THEME_COLOURS.wood;
    const { img, size } = picture(v, Position.start(v), {
      lastMove: { from: 'b2', to: 'c2' },
      captures: ['c3'],
      highlight: ['i3'],
    });
    expectColour(pixelOf(v, img, size, 'b2', true), c.lastMove);
    expectColour(pixelOf(v, img, size, 'c2', true, 0.35, -0.35), c.lastMove);
    expectColour(pixelOf(v, img, size, 'c3', true), c.capture);
    expectColour(pixelOf(v, img, size, 'i3', true, 0.5 - 3 / CELL, 0), c.highlight);
    const plain = picture(v, Position.start(v));
    expectColour(pixelOf(v, plain.img, plain.size, 'b2', true), c.board);
    expectColour(pixelOf(v, plain.img, plain.size, 'c3', true), c.board);
  });

  it('draws the coordinates in the margin only when asked', () => {
    const v = builtInVariant('alea-evangelii')!;
    const coordsColour = hexToRgb(THEME_COLOURS.wood.coords);
    const near = (img: DecodedPng, x0: number, x1: number, y0: number, y1: number): number => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const p = pixelAt(img, x, y);
          if (Math.max(...coordsColour.map((c, i) => Math.abs(c - p[i]))) < 40) n++;
        }
      return n;
    };
    const on = picture(v, Position.start(v));
    const off = picture(v, Position.start(v), { coords: false });
    const margin = Math.floor((34 * 512) / boardLayout(19, true, false).extent);
    expect(near(on.img, 0, margin, 0, 512)).toBeGreaterThan(100);
    expect(near(on.img, margin, 512, 512 - margin, 512)).toBeGreaterThan(100);
    // Without coordinates the frame is a thin plain band: nothing drawn in it.
    const band = Math.floor((10 * 512) / boardLayout(19, false, false).extent);
    expect(near(off.img, 0, band, 0, 512) + near(off.img, 0, 512, 512 - band, 512)).toBe(0);
  });

  it.each([64, 300, 1000, 2048])('size %i: the PNG is size × size pixels', (size) => {
    const v = builtInVariant('tablut')!;
    const png = encodePng(renderSvg(v, Position.start(v), { size }), size);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: size, height: size });
    if (size <= 300) {
      const img = decodePng(png);
      expect(img.pixels.length).toBe(size * size * 4);
    }
  });

  it('equal input gives equal PNG bytes', () => {
    const v = builtInVariant('fetlar')!;
    const svg = renderSvg(v, Position.start(v), { highlight: ['e5'] });
    expect(encodePng(svg, 512).equals(encodePng(svg, 512))).toBe(true);
  });
});
