/**
 * threats=1 in pictures (docs/threats.md): the SVG marks the king's route, the king capturable and the
 * pieces hanging on their squares in the threat colours; the PNG shows those colours there; the text
 * board marks them; the GIF palette holds the colours only when they are drawn; without the option
 * nothing changes.
 */
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { THEMES, THEME_COLOURS, THREAT_COLOURS, checkPictureOptions, renderSvg, renderText, threatMarksOf } from '../../src/render';
import type { PictureOptions, ThreatMarks } from '../../src/render';
import { gifPalette } from '../../src/render/gif-palette';
import { encodePng } from '../../src/render/raster';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { builtInVariant } from '../../src/variants';
import { THREATS_POSITION } from '../helpers/threats-position';
import { decodePng, pixelAt } from './image-bytes';

const POSITION = THREATS_POSITION;

const v = builtInVariant('brandubh')!;

function game(position = POSITION): GameState {
  const g = GameState.fromTfen(v, position);
  if (!g.ok) throw new Error(JSON.stringify(g.error));
  return g.value;
}

/** Every element carrying data-mark, as "mark:square" (routes as "king-route:from-to"). */
function marks(svg: string): string[] {
  return [...svg.matchAll(/data-mark="([\w-]+)" data-(?:square="(\w+)"|from="(\w+)" data-to="(\w+)")/g)].map((m) =>
    m[2] ? `${m[1]}:${m[2]}` : `${m[1]}:${m[3]}-${m[4]}`,
  );
}

function pixel(vv: CompiledVariant, png: Buffer, size: number, square: string, dx = 0, dy = 0): number[] {
  const img = decodePng(png);
  const l = boardLayout(vv.geo.size, true, false);
  const o = squareOrigin(l, square.charCodeAt(0) - 97, Number(square.slice(1)) - 1);
  const scale = size / l.extent;
  return pixelAt(img, (o.x + CELL / 2 + dx * CELL) * scale, (o.y + CELL / 2 + dy * CELL) * scale);
}

function expectColour(px: number[], hex: string, tolerance = 2): void {
  const diff = Math.max(...hexToRgb(hex).map((c, i) => Math.abs(c - px[i])));
  expect(diff, `pixel ${px.slice(0, 3).join(',')} vs ${hex}`).toBeLessThanOrEqual(tolerance);
}

describe('threat marks from the engine', () => {
  it('the king capturable gets the king mark only; the other hanging piece the hanging mark', () => {
    expect(threatMarksOf(game())).toEqual({
      kingRoutes: [{ from: 'c1', route: ['b1', 'a1'] }],
      kingCapturable: ['c1'],
      hanging: ['f3'],
    });
    expect(threatMarksOf(game(), true)).toEqual({});
  });
});

describe('SVG with threats', () => {
  it('marks the route, its squares, the escape square, the king capturable and the hanging piece', () => {
    const svg = renderSvg(v, game().pos, { threats: threatMarksOf(game()) });
    expect(marks(svg)).toEqual(['king-route:c1-a1', 'king-route-square:b1', 'king-escape:a1', 'king-capturable:c1', 'hanging:f3']);
    const c = THREAT_COLOURS.wood;
    expect(svg).toMatch(new RegExp(`data-mark="king-route"[^>]* stroke="${c.kingRoute}"`));
    expect(svg).toMatch(new RegExp(`data-mark="king-route-square"[^>]* fill="${c.kingRoute}"`));
    expect(svg).toMatch(new RegExp(`data-mark="king-capturable"[^>]* stroke="${c.kingCapturable}"`));
    expect(svg).toMatch(new RegExp(`data-mark="hanging"[^>]* fill="${c.hanging}"`));
    // Drawn over the pieces, under the coordinates.
    expect(svg.indexOf('data-layer="threats"')).toBeGreaterThan(svg.indexOf('data-layer="pieces"'));
    expect(svg.indexOf('data-layer="threats"')).toBeLessThan(svg.indexOf('data-layer="coords"'));
  });

  it('without the option (or null) the picture is byte for byte what it was; asked with none found, an empty layer', () => {
    const plain = renderSvg(v, game().pos);
    expect(renderSvg(v, game().pos, { threats: null })).toBe(plain);
    expect(plain).not.toContain('data-layer="threats"');
    const quiet = renderSvg(v, game('7/7/7/3K3/7/7/3t3 a').pos, { threats: threatMarksOf(game('7/7/7/3K3/7/7/3t3 a')) });
    expect(quiet).toContain('<g data-layer="threats"></g>');
  });

  it('flipped, the route still starts at the edge of the king square toward the corner', () => {
    const svg = renderSvg(v, game().pos, { flip: true, threats: threatMarksOf(game()) });
    const l = boardLayout(7, true, true);
    const king = squareOrigin(l, 2, 0);
    const d = /data-mark="king-route"[^>]* d="M([\d.]+) ([\d.]+)L/.exec(svg)!;
    // Flipped, a1 is to the right of c1: the line leaves the king's square by its right edge.
    expect([Number(d[1]), Number(d[2])]).toEqual([king.x + CELL, king.y + CELL / 2]);
  });

  it('refuses threat squares off the board, naming each', () => {
    const bad: ThreatMarks = { kingRoutes: [{ from: 'c1', route: ['z9'] }], kingCapturable: ['h8'], hanging: ['f3', 'q1'] };
    const r = checkPictureOptions(v, { threats: bad });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.map((p) => p.field).sort()).toEqual(
        ['threats.hanging[1]', 'threats.kingCapturable[0]', 'threats.kingRoutes[0].route', 'threats.kingRoutes[0].route[0]'].sort(),
      );
  });
});

describe('PNG with threats', () => {
  it.each(THEMES)('theme %s: the threat colours on the route, the escape square, the king and the hanging piece', (theme) => {
    const size = 512;
    const o: PictureOptions = { theme, size, threats: threatMarksOf(game()) };
    const png = encodePng(renderSvg(v, game().pos, o), size);
    const c = THREAT_COLOURS[theme];
    expectColour(pixel(v, png, size, 'b1'), c.kingRoute);
    expectColour(pixel(v, png, size, 'a1'), c.kingRoute);
    // The frame along the inside of the king's square, and a corner triangle of the hanging piece.
    expectColour(pixel(v, png, size, 'c1', -0.45, -0.45), c.kingCapturable);
    expectColour(pixel(v, png, size, 'c1', 0, 0.45), c.kingCapturable);
    expectColour(pixel(v, png, size, 'f3', -0.42, -0.42), c.hanging);
    expectColour(pixel(v, png, size, 'f3', 0.42, 0.42), c.hanging);
    // Elsewhere the board as ever, and the hanging piece itself still drawn.
    expectColour(pixel(v, png, size, 'e3'), THEME_COLOURS[theme].board);
    expectColour(pixel(v, png, size, 'f3'), THEME_COLOURS[theme].defender);
    const plain = encodePng(renderSvg(v, game().pos, { theme, size }), size);
    expectColour(pixel(v, plain, size, 'b1'), THEME_COLOURS[theme].board);
  });
});

describe('text board with threats', () => {
  it('rings the pieces that can be taken with < >, stars the route, and says so in the legend', () => {
    const text = renderText(v, game().pos, 'attackers', { threats: threatMarksOf(game()) });
    const rows = text.split('\n');
    expect(rows.find((r) => r.startsWith('1'))).toBe('1 * *<K>t . . #');
    expect(rows.find((r) => r.startsWith('3'))).toBe('3 . . . . .<T>.');
    expect(text).toContain("* king's route to escape  < > can be taken now");
    const unicode = renderText(v, game().pos, 'attackers', { style: 'unicode', threats: threatMarksOf(game()) });
    expect(unicode.split('\n').find((r) => r.startsWith('1'))).toBe('1 ∗ ∗<♔>● · · ▣');
    const none = renderText(v, game('7/7/7/3K3/7/7/3t3 a').pos, 'attackers', { threats: {} });
    expect(none).toContain('no threats');
    expect(renderText(v, game().pos, 'attackers', { threats: null })).toBe(renderText(v, game().pos, 'attackers'));
  });
});

describe('GIF palette', () => {
  it.each(THEMES)('theme %s: the threat colours join the palette only when threats are drawn', (theme) => {
    const has = (palette: number[][], hex: string) => palette.some((p) => p.join() === hexToRgb(hex).join());
    const plain = gifPalette(theme).colours;
    const drawn = gifPalette(theme, true);
    for (const hex of Object.values(THREAT_COLOURS[theme])) {
      expect(has(drawn.colours, hex)).toBe(true);
      expect(has(plain, hex)).toBe(false);
    }
    for (const hex of Object.values(THEME_COLOURS[theme])) expect(has(drawn.colours, hex)).toBe(true);
    expect(drawn.palette.length).toBeLessThanOrEqual(256);
  });
});
