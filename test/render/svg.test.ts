import { compileVariant } from '../../src/engine';
import { Position } from '../../src/engine/position';
import { parseBoardField, parseTfen } from '../../src/engine/tfen';
import { positionFromTfen } from '../../src/engine/setup';
import {
  DEFAULT_IMAGE_SIZE,
  MAX_IMAGE_SIZE,
  MIN_IMAGE_SIZE,
  THEMES,
  THEME_COLOURS,
  checkPictureOptions,
  gameFrames,
  framesToSvg,
  renderSvg,
} from '../../src/render';
import { builtInVariant, builtInVariantIds, builtInVariants, describeVariant } from '../../src/variants';
import { randomGame } from './games';

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

/** Every start tag of the SVG with its attributes, in document order. */
function tags(svg: string): Tag[] {
  const out: Tag[] = [];
  for (const m of svg.matchAll(/<([a-zA-Z]+)((?:\s+[\w:-]+="[^"]*")*)\s*\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1]] = a[2];
    out.push({ name: m[1], attrs });
  }
  return out;
}

const withAttr = (svg: string, attr: string): Tag[] => tags(svg).filter((t) => attr in t.attrs);

/** Square name → letter, read from a TFEN board field independently of the renderer. */
function piecesOfLayout(layout: string, size: number): Map<string, string> {
  const grid = parseBoardField(layout, size);
  if (!grid.ok) throw new Error('bad layout');
  const letters: Record<number, string> = { 1: 't', 2: 'T', 3: 'K', 4: 'C', 5: 'c', 6: 'n', 7: 'N', 9: 'm', 10: 'M', 11: 'g', 12: 'G' };
  const out = new Map<string, string>();
  for (let r = 0; r < size; r++)
    for (let f = 0; f < size; f++) {
      const p = grid.value.cells[r * size + f];
      if (p) out.set(`${'abcdefghijklmnopqrstuvwxy'[f]}${r + 1}`, letters[p]);
    }
  return out;
}

/** The square a special-square group's first rect covers, in viewBox units. */
function specialRect(svg: string, square: string): { x: number; y: number } {
  const all = tags(svg);
  const i = all.findIndex((t) => t.attrs['data-square'] === square && 'data-special' in t.attrs);
  const r = all[i + 1];
  return { x: Number(r.attrs.x), y: Number(r.attrs.y) };
}

function viewBoxSide(svg: string): number {
  const vb = tags(svg)[0].attrs.viewBox.split(' ').map(Number);
  expect(vb[0]).toBe(0);
  expect(vb[1]).toBe(0);
  expect(vb[2]).toBe(vb[3]);
  return vb[2];
}

describe('renderSvg (api.md section 6)', () => {
  it.each(builtInVariantIds())('%s: every piece of the start position is an element with its square and letter', (id) => {
    const v = builtInVariant(id)!;
    const svg = renderSvg(v, Position.start(v));
    const drawn = new Map(withAttr(svg, 'data-piece').map((t) => [t.attrs['data-square'], t.attrs['data-piece']]));
    const expected = piecesOfLayout(v.rules.layout, v.rules.size);
    expect(drawn.size).toBe(expected.size);
    expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(expected));
  });

  it('draws a parsed TFEN grid the same as the checked position', () => {
    const v = builtInVariant('copenhagen')!;
    const text = '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a';
    const parsed = parseTfen(text, 11);
    const pos = positionFromTfen(v, text);
    expect(parsed.ok && pos.ok).toBe(true);
    if (!parsed.ok || !pos.ok) return;
    expect(renderSvg(v, parsed.value.board)).toBe(renderSvg(v, pos.value));
  });

  it('draws a moved board: the piece stands on its new square', () => {
    const v = builtInVariant('brandubh')!;
    const frames = gameFrames(Position.start(v), ['d6-f6']);
    expect(frames.ok).toBe(true);
    if (!frames.ok) return;
    const [, after] = framesToSvg(v, frames.value);
    const drawn = new Map(withAttr(after, 'data-piece').map((t) => [t.attrs['data-square'], t.attrs['data-piece']]));
    expect(drawn.get('f6')).toBe('t');
    expect(drawn.has('d6')).toBe(false);
  });

  it.each(builtInVariants().map((b) => [b.meta.id, b] as const))(
    '%s: every special square is an element with its kind, and no other square is',
    (_id, b) => {
      const svg = renderSvg(b.compiled, Position.start(b.compiled));
      const drawn: Record<string, string[]> = {};
      for (const t of withAttr(svg, 'data-special')) (drawn[t.attrs['data-special']] ??= []).push(t.attrs['data-square']);
      const expected: Record<string, string[]> = {};
      for (const s of describeVariant(b.meta, b.compiled).specialSquares) expected[s.kind] = [...s.squares];
      for (const k of Object.keys(expected)) expected[k].sort();
      for (const k of Object.keys(drawn)) drawn[k].sort();
      expect(drawn).toEqual(expected);
    },
  );

  it('alea-evangelii-citadels: the three other squares of each 2×2 corner block are citadels', () => {
    const v = builtInVariant('alea-evangelii-citadels')!;
    const svg = renderSvg(v, Position.start(v));
    const kinds = new Map(withAttr(svg, 'data-special').map((t) => [t.attrs['data-square'], t.attrs['data-special']]));
    expect(kinds.get('j10')).toBe('throne');
    for (const c of ['a1', 'a19', 's1', 's19']) expect(kinds.get(c)).toBe('corner');
    for (const c of ['a2', 'b1', 'b2', 'a18', 'b19', 'b18', 'r1', 's2', 'r2', 'r19', 's18', 'r18']) expect(kinds.get(c)).toBe('citadel');
    expect(kinds.size).toBe(1 + 4 + 12);
  });

  it('flip turns the board 180°: a1 goes from the bottom left to the top right, s19 the other way', () => {
    const v = builtInVariant('alea-evangelii')!;
    const plain = renderSvg(v, Position.start(v));
    const flipped = renderSvg(v, Position.start(v), { flip: true });
    const side = viewBoxSide(plain);
    const a1 = specialRect(plain, 'a1');
    const a1f = specialRect(flipped, 'a1');
    const s19f = specialRect(flipped, 's19');
    expect(a1.x).toBeLessThan(side / 4);
    expect(a1.y).toBeGreaterThan((3 * side) / 4);
    expect(a1f.x).toBeGreaterThan((3 * side) / 4);
    expect(a1f.y).toBeLessThan(side / 4);
    expect(s19f.x).toBeLessThan(side / 4);
    expect(s19f.y).toBeGreaterThan((3 * side) / 4);
    expect(flipped).not.toBe(plain);
  });

  it('coordinates are drawn glyph paths outside the board, one per character; never text or fonts', () => {
    for (const id of ['brandubh', 'copenhagen', 'alea-evangelii']) {
      const v = builtInVariant(id)!;
      const n = v.geo.size;
      const on = renderSvg(v, Position.start(v));
      const off = renderSvg(v, Position.start(v), { coords: false });
      for (const svg of [on, off]) {
        expect(svg).not.toMatch(/<text|<tspan|font-family|@font-face/);
      }
      const group = /<g data-layer="coords"[^>]*>(.*?)<\/g>/s.exec(on);
      expect(group).not.toBeNull();
      const glyphs = tags(group![1]).filter((t) => t.name === 'path');
      let chars = n; // one letter per file
      for (let r = 1; r <= n; r++) chars += String(r).length;
      expect(glyphs.length).toBe(chars);
      expect(off).not.toContain('data-layer="coords"');
      // Outside the board: every glyph's origin lies left of the board or below it.
      const boardRect = tags(on)[2].attrs;
      const bx = Number(boardRect.x);
      const by = Number(boardRect.y) + Number(boardRect.height);
      for (const g of glyphs) {
        const [x, y] = /translate\(([\d.]+) ([\d.]+)\)/.exec(g.attrs.transform)!.slice(1).map(Number);
        expect(x < bx || y > by).toBe(true);
      }
    }
  });

  it('marks the last move (both squares), the captures and the highlights', () => {
    const v = builtInVariant('copenhagen')!;
    const svg = renderSvg(v, Position.start(v), {
      lastMove: { from: 'd1', to: 'd4' },
      captures: ['e5'],
      highlight: ['c3', 'J9'],
    });
    const marks = withAttr(svg, 'data-mark').map((t) => `${t.attrs['data-mark']}:${t.attrs['data-square']}`);
    expect(marks).toEqual(['last-move-from:d1', 'last-move-to:d4', 'highlight:c3', 'highlight:j9', 'capture:e5']);
    const c = THEME_COLOURS.wood;
    const fills = withAttr(svg, 'data-mark').map((t) => (t.attrs.fill === 'none' ? t.attrs.stroke : t.attrs.fill));
    expect(fills).toEqual([c.lastMove, c.lastMove, c.highlight, c.highlight, c.capture]);
    expect(renderSvg(v, Position.start(v))).not.toContain('data-mark');
  });

  it('keeps a special square visible when the last move left it', () => {
    const v = builtInVariant('brandubh')!;
    const svg = renderSvg(v, Position.start(v), { lastMove: { from: 'd4', to: 'd6' } });
    expect(withAttr(svg, 'data-special').map((t) => t.attrs['data-square'])).toContain('d4');
    const plain = specialRect(renderSvg(v, Position.start(v)), 'd4');
    const shared = specialRect(svg, 'd4');
    expect(shared.x).toBeGreaterThan(plain.x);
  });

  it('is deterministic: equal input, equal bytes; no ids, no dates', () => {
    const v = builtInVariant('alea-evangelii-citadels')!;
    const o = { flip: true, lastMove: { from: 'c1', to: 'c3' }, highlight: ['d4'], captures: ['e5'], theme: 'slate' as const };
    const a = renderSvg(v, Position.start(v), o);
    const b = renderSvg(builtInVariant('alea-evangelii-citadels')!, Position.start(v), { ...o });
    expect(a).toBe(b);
    expect(a).not.toMatch(/\sid="|Date|\d{4}-\d{2}-\d{2}/);
  });

  it.each([MIN_IMAGE_SIZE, 200, DEFAULT_IMAGE_SIZE, MAX_IMAGE_SIZE])(
    'size %i: width and height equal it, with a square viewBox',
    (size) => {
      const v = builtInVariant('fetlar')!;
      const root = tags(renderSvg(v, Position.start(v), { size }))[0];
      expect(root.name).toBe('svg');
      expect(root.attrs.width).toBe(String(size));
      expect(root.attrs.height).toBe(String(size));
      expect(viewBoxSide(renderSvg(v, Position.start(v), { size }))).toBeGreaterThan(0);
      const defaults = tags(renderSvg(v, Position.start(v)))[0];
      expect(defaults.attrs.width).toBe(String(DEFAULT_IMAGE_SIZE));
    },
  );

  it('every theme gives the four pieces four different fills and shapes', () => {
    const v = builtInVariant('unst-alea-evangelii')!;
    for (const theme of THEMES) {
      const svg = renderSvg(v, Position.start(v), { theme });
      const shapeOf = new Map<string, string>();
      const all = tags(svg);
      all.forEach((t, i) => {
        if (!('data-piece' in t.attrs)) return;
        const body = all[i + 1];
        const extra = all[i + 2] && !('data-piece' in all[i + 2].attrs) && all[i + 2].name !== 'g' ? `+${all[i + 2].name}` : '';
        shapeOf.set(t.attrs['data-piece'], `${body.name}${extra}:${body.attrs.fill}`);
      });
      expect([...shapeOf.keys()].sort()).toEqual(['C', 'K', 'T', 't']);
      const values = [...shapeOf.values()];
      expect(new Set(values).size).toBe(4);
      expect(new Set(values.map((s) => s.split(':')[1])).size).toBe(4);
      expect(new Set(values.map((s) => s.split(':')[0])).size).toBeGreaterThanOrEqual(3);
    }
  });

  it('refuses options outside their value sets, with codes, and renderSvg throws on them', () => {
    const v = builtInVariant('brandubh')!;
    const r = checkPictureOptions(v, {
      size: 63,
      theme: 'neon' as never,
      highlight: ['h8'],
      lastMove: { from: 'a1', to: 'z9' },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => `${p.code}@${p.field}`).sort()).toEqual(
      ['BAD_SIZE@size', 'BAD_THEME@theme', 'BAD_SQUARE@highlight[0]', 'BAD_SQUARE@lastMove.to'].sort(),
    );
    expect(checkPictureOptions(v, { size: 2049 }).ok).toBe(false);
    expect(checkPictureOptions(v, { size: 100.5 }).ok).toBe(false);
    expect(checkPictureOptions(v, { size: 64, highlight: ['G7'] }).ok).toBe(true);
    expect(() => renderSvg(v, Position.start(v), { size: 10 })).toThrow(RangeError);
    const other = builtInVariant('copenhagen')!;
    expect(() => renderSvg(v, Position.start(other))).toThrow(RangeError);
  });

  it('a 40-ply game gives 41 frames, each with its own last move marked', () => {
    const v = builtInVariant('copenhagen')!;
    const moves = randomGame(v, 40, 3);
    const frames = gameFrames(Position.start(v), moves);
    expect(frames.ok).toBe(true);
    if (!frames.ok) return;
    const svgs = framesToSvg(v, frames.value, { size: 256 });
    expect(svgs).toHaveLength(41);
    expect(svgs[0]).not.toContain('data-mark="last-move');
    for (let i = 1; i <= 40; i++) {
      const to = /data-mark="last-move-to" data-square="(\w+)"/.exec(svgs[i])?.[1];
      expect(moves[i - 1]).toContain(`-${to}`);
    }
    const bad = gameFrames(Position.start(v), [...moves.slice(0, 3), 'a1-a2']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.index).toBe(3);
  });
});

/** Brandubh with OpenTafl's mercenaries and guards (OTN-12) on its start: an attacker mercenary, a guard of each side. */
function mercenaryBrandubh() {
  return compileVariant('brandubh-mercenaries', { ...builtInVariant('brandubh')!.rules, layout: '3m3/3t3/3G3/tgTKTtt/3T3/3t3/3t3' });
}

describe("renderSvg: OpenTafl's mercenaries and guards (OTN-12)", () => {
  /** Per piece letter: the tags of its group, the square's top-left corner taken off every coordinate. */
  function shapes(svg: string): Map<string, Tag[]> {
    const all = tags(svg);
    const out = new Map<string, Tag[]>();
    all.forEach((t, i) => {
      if (!('data-piece' in t.attrs)) return;
      const body: Tag[] = [];
      for (let j = i + 1; j < all.length && all[j].name !== 'g'; j++) body.push(all[j]);
      out.set(t.attrs['data-piece'], body);
    });
    return out;
  }

  it('draws every piece of a start holding them, with its square and letter', () => {
    const v = mercenaryBrandubh();
    const svg = renderSvg(v, Position.start(v));
    const drawn = new Map(withAttr(svg, 'data-piece').map((t) => [t.attrs['data-square'], t.attrs['data-piece']]));
    expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(piecesOfLayout(v.rules.layout, 7)));
    expect(drawn.get('d7')).toBe('m');
    expect(drawn.get('b4')).toBe('g');
    expect(drawn.get('d5')).toBe('G');
  });

  it.each(THEMES)("%s: a disc of its side's colour with a mark in the other side's, each kind its own", (theme) => {
    const v = mercenaryBrandubh();
    const grid = parseBoardField('tTmMgGK/nN5/7/7/7/7/7', 7);
    if (!grid.ok) throw new Error('layout');
    const c = THEME_COLOURS[theme];
    const svg = renderSvg(v, grid.value, { theme });
    const s = shapes(svg);
    const disc = (p: string) => s.get(p)![0];
    const mark = (p: string) => s.get(p)![1];
    for (const p of ['m', 'M', 'g', 'G']) {
      expect(s.get(p), p).toHaveLength(2);
      expect(disc(p).name, p).toBe('circle');
      expect(disc(p).attrs.r, p).toBe(disc(p === p.toLowerCase() ? 't' : 'T').attrs.r);
      expect(mark(p).name, p).toBe('path');
    }
    // The side reads from the disc, as a soldier's; the mark wears the other side's colour (ink on a light disc).
    expect([disc('m').attrs.fill, mark('m').attrs.fill]).toEqual([c.attacker, c.defender]);
    expect([disc('M').attrs.fill, mark('M').attrs.fill]).toEqual([c.defender, c.attacker]);
    expect([disc('g').attrs.fill, mark('g').attrs.fill]).toEqual([c.attacker, c.defender]);
    expect([disc('G').attrs.fill, mark('G').attrs.fill]).toEqual([c.defender, c.ink]);
    // The mercenary's mark is a half-disc (an arc), the guard's a shield of straight lines; neither is the knight's triangle.
    expect(mark('m').attrs.d).toContain('A');
    expect(mark('g').attrs.d).not.toContain('A');
    // A mark's outline with the disc's centre taken off every coordinate: the same shape on any square.
    const relative = (p: string) => {
      const [x0, y0] = [Number(disc(p).attrs.cx), Number(disc(p).attrs.cy)];
      return mark(p).attrs.d.replace(/([A-Za-z])([^A-Za-z]*)/g, (_, cmd: string, args: string) => {
        const n = args.trim() ? args.trim().split(/\s+/).map(Number) : [];
        const axes = cmd === 'H' ? 'x' : cmd === 'V' ? 'y' : cmd === 'A' ? '-----xy' : 'xy'.repeat(n.length / 2);
        return cmd + n.map((v, i) => (axes[i] === 'x' ? v - x0 : axes[i] === 'y' ? v - y0 : v)).join(' ');
      });
    };
    const outlines = ['n', 'm', 'g'].map((p) => relative(p));
    expect(new Set(outlines).size).toBe(3);
    expect(relative('M')).toBe(relative('m'));
    expect(relative('G')).toBe(relative('g'));
    // Only the theme's own colours: the GIF palette needs no new entry.
    const colours = new Set(Object.values(c));
    for (const t of tags(svg))
      for (const a of ['fill', 'stroke']) if (t.attrs[a] && t.attrs[a] !== 'none') expect(colours).toContain(t.attrs[a]);
  });

  it("draws a captured mercenary as the other side's, where it stood", () => {
    const v = mercenaryBrandubh();
    const grid = parseBoardField('3M3/3t3/3G3/tgTKTtt/3T3/3t3/3t3', 7);
    if (!grid.ok) throw new Error('layout');
    const drawn = new Map(withAttr(renderSvg(v, grid.value), 'data-piece').map((t) => [t.attrs['data-square'], t.attrs['data-piece']]));
    expect(drawn.get('d7')).toBe('M');
  });
});
