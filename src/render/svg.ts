/**
 * The board as SVG: a pure function of the variant, the board and the options. Every attribute is
 * written by hand in a fixed order and every number through `num`, so equal inputs give equal bytes
 * (the strong ETags of api.md section 6 rely on it). Only solid colours are used: see themes.ts.
 *
 * The drawing is in board units (CELL per square) and the viewBox maps it onto `size` pixels, so the
 * same layout serves 64 px and 2048 px.
 */
import type { CompiledVariant } from '../engine/compiled-variant.js';
import type { SpecialSquareKind } from '../engine/values.js';
import { BoardInput, BoardModel, boardModel } from './board-model.js';
import { CELL, num, pieceShape } from './piece-shapes.js';
import { BASELINE, DIGIT_HEIGHT, FILE_LETTERS, GLYPH_WIDTH, X_HEIGHT_TOP, glyphOf } from './glyphs.js';
import { PictureOptions, ResolvedPicture, ResolvedThreats, SquareRef, checkPictureOptions, orThrow } from './options.js';
import { THEME_COLOURS, THREAT_COLOURS, ThemeColours, ThreatColours } from './themes.js';

/** Units of one square (defined with the piece shapes), for callers that place marks on the layout. */
export { CELL };
/** Margin on the sides that carry coordinates (left and bottom), and on the others. */
export const COORD_MARGIN = 34;
export const PLAIN_MARGIN = 10;
/** Glyph units to board units: digits stand 18 units (0.45 of a square) tall. */
const GLYPH_SCALE = 1.8;
const GLYPH_STROKE = 1.4;
const GLYPH_ADVANCE = GLYPH_WIDTH + 1.6;

/** A ring along the inside of the square's edge: the part outside a piece stays visible. */
const HIGHLIGHT_WIDTH = 5;
/** How far a special square's own drawing shrinks when the last move's tint shares its square. */
const SHARED_INSET = 5;

/** Threat marks (threats=1), in board units: wide enough to read at 64 px, clear of the piece shapes. */
const ROUTE_WIDTH = 6;
const ROUTE_DOT = 5;
const ESCAPE_DOT = 10;
const ESCAPE_RING = 15;
const FRAME_WIDTH = 6;
const CORNER_LEG = 12;

/** The band below the board where a finished game's result is written (board units). */
export const RESULT_BAND = 36;

/** Where the board sits in the viewBox and where each square is drawn. */
export interface BoardLayout {
  /** Side of the (square) viewBox in board units. */
  extent: number;
  left: number;
  top: number;
  size: number;
  flip: boolean;
}

/**
 * `result`: a band below the board says a finished game's result; the picture stays square, so the
 * board moves right by half the band, and the band's other half is the new right margin.
 */
export function boardLayout(size: number, coords: boolean, flip: boolean, result = false): BoardLayout {
  const band = result ? RESULT_BAND : 0;
  const left = (coords ? COORD_MARGIN : PLAIN_MARGIN) + band / 2;
  const extent = size * CELL + left + PLAIN_MARGIN + band / 2;
  return { extent, left, top: PLAIN_MARGIN, size, flip };
}

/** Top-left corner of a square in board units; flipping turns the board 180° (a1 top right). */
export function squareOrigin(l: BoardLayout, file: number, rank: number): { x: number; y: number } {
  const col = l.flip ? l.size - 1 - file : file;
  const row = l.flip ? rank : l.size - 1 - rank;
  return { x: l.left + col * CELL, y: l.top + row * CELL };
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function rect(x: number, y: number, w: number, h: number, rest: string): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${rest}/>`;
}

function specialSquare(kind: SpecialSquareKind, name: string, x: number, y: number, shared: boolean, c: ThemeColours): string {
  const i = shared ? SHARED_INSET : 0;
  const s = CELL - 2 * i;
  const x0 = x + i;
  const y0 = y + i;
  const open = `<g data-square="${name}" data-special="${kind}">`;
  switch (kind) {
    case 'throne': {
      // An inner square: still visible around the king standing on it.
      const d = s * 0.2;
      return (
        open +
        rect(x0, y0, s, s, ` fill="${c.throne}"`) +
        rect(x0 + d, y0 + d, s - 2 * d, s - 2 * d, ` fill="none" stroke="${c.frame}" stroke-width="2.5"`) +
        '</g>'
      );
    }
    case 'corner': {
      const d = s * 0.18;
      const path = `M${num(x0 + d)} ${num(y0 + d)}L${num(x0 + s - d)} ${num(y0 + s - d)}M${num(x0 + s - d)} ${num(y0 + d)}L${num(x0 + d)} ${num(y0 + s - d)}`;
      return (
        open +
        rect(x0, y0, s, s, ` fill="${c.corner}"`) +
        `<path d="${path}" fill="none" stroke="${c.frame}" stroke-width="3" stroke-linecap="round"/>` +
        '</g>'
      );
    }
    case 'citadel':
      return open + rect(x0, y0, s, s, ` fill="${c.citadel}"`) + '</g>';
    case 'fort': {
      // A citadel's colour with a dashed inner frame: a fort is no escape square.
      const d = s * 0.12;
      return (
        open +
        rect(x0, y0, s, s, ` fill="${c.citadel}"`) +
        rect(x0 + d, y0 + d, s - 2 * d, s - 2 * d, ` fill="none" stroke="${c.frame}" stroke-width="2" stroke-dasharray="4 3"`) +
        '</g>'
      );
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** One label (e.g. "19") centred on (cx, cy), cy being the middle of the digits or of the x-height. */
/** `text` centred on (cx, cy); `middle` is the glyph height to centre on. Spaces leave a gap. */
function label(text: string, cx: number, cy: number, middle: number, scale = GLYPH_SCALE): string {
  const width = (text.length - 1) * GLYPH_ADVANCE + GLYPH_WIDTH;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ') continue;
    const gx = cx + (i * GLYPH_ADVANCE - width / 2) * scale;
    const gy = cy - middle * scale;
    out += `<path transform="translate(${num(gx)} ${num(gy)}) scale(${num(scale)})" d="${glyphOf(text[i])}"/>`;
  }
  return out;
}

/** A finished game's result in the band below the board, as large as the band and the width allow. */
function resultCaption(l: BoardLayout, coords: boolean, text: string, c: ThemeColours): string {
  const width = (text.length - 1) * GLYPH_ADVANCE + GLYPH_WIDTH;
  const scale = Math.min(GLYPH_SCALE, (l.extent - 2 * PLAIN_MARGIN) / width);
  const cy = l.top + l.size * CELL + (coords ? COORD_MARGIN : PLAIN_MARGIN) + RESULT_BAND / 2 - PLAIN_MARGIN / 2;
  return (
    `<g data-layer="result" data-result="${escapeXml(text)}" fill="none" stroke="${c.coords}" stroke-width="${num(GLYPH_STROKE)}" stroke-linecap="round" stroke-linejoin="round">` +
    label(text, l.extent / 2, cy, (X_HEIGHT_TOP + BASELINE) / 2, scale) +
    '</g>'
  );
}

function coordinates(l: BoardLayout, c: ThemeColours): string {
  const n = l.size;
  const out: string[] = [];
  const bottom = l.top + n * CELL;
  for (let i = 0; i < n; i++) {
    const rankOrigin = squareOrigin(l, 0, i);
    out.push(label(String(i + 1), l.left / 2, rankOrigin.y + CELL / 2, DIGIT_HEIGHT / 2));
    const fileOrigin = squareOrigin(l, i, 0);
    // Letters are centred on their x-height, so ascenders and descenders balance in the margin.
    out.push(label(FILE_LETTERS[i], fileOrigin.x + CELL / 2, bottom + COORD_MARGIN / 2, (X_HEIGHT_TOP + BASELINE) / 2));
  }
  return (
    `<g data-layer="coords" fill="none" stroke="${c.coords}" stroke-width="${num(GLYPH_STROKE)}" stroke-linecap="round" stroke-linejoin="round">` +
    out.join('') +
    '</g>'
  );
}

function gridPath(l: BoardLayout): string {
  const n = l.size;
  const x0 = l.left;
  const y0 = l.top;
  const len = n * CELL;
  let d = '';
  for (let i = 1; i < n; i++) {
    d += `M${num(x0 + i * CELL)} ${num(y0)}V${num(y0 + len)}`;
    d += `M${num(x0)} ${num(y0 + i * CELL)}H${num(x0 + len)}`;
  }
  return d;
}

type Origin = (s: SquareRef) => { x: number; y: number };

function kingRoute(r: ResolvedThreats['kingRoutes'][number], at: Origin, colour: string): string {
  const half = CELL / 2;
  const from = at(r.from);
  const first = at(r.route[0]);
  const end = at(r.route[r.route.length - 1]);
  // From the edge of the king's square: the line never covers the king himself.
  const sx = from.x + half + Math.sign(first.x - from.x) * half;
  const sy = from.y + half + Math.sign(first.y - from.y) * half;
  const ex = end.x + half;
  const ey = end.y + half;
  const parts = [
    `<path data-mark="king-route" data-from="${r.from.name}" data-to="${r.route[r.route.length - 1].name}" d="M${num(sx)} ${num(sy)}L${num(ex)} ${num(ey)}" fill="none" stroke="${colour}" stroke-width="${num(ROUTE_WIDTH)}"/>`,
  ];
  for (const sq of r.route.slice(0, -1)) {
    const p = at(sq);
    parts.push(
      `<circle data-mark="king-route-square" data-square="${sq.name}" cx="${num(p.x + half)}" cy="${num(p.y + half)}" r="${num(ROUTE_DOT)}" fill="${colour}"/>`,
    );
  }
  const escape = r.route[r.route.length - 1];
  return (
    parts.join('') +
    `<g data-mark="king-escape" data-square="${escape.name}">` +
    `<circle cx="${num(ex)}" cy="${num(ey)}" r="${num(ESCAPE_DOT)}" fill="${colour}"/>` +
    `<circle cx="${num(ex)}" cy="${num(ey)}" r="${num(ESCAPE_RING)}" fill="none" stroke="${colour}" stroke-width="3"/>` +
    '</g>'
  );
}

/** The threats layer: present whenever threats were asked for, so the picture says it looked. */
function threatLayer(t: ResolvedThreats, at: Origin, c: ThreatColours): string {
  const parts = t.kingRoutes.map((r) => kingRoute(r, at, c.kingRoute));
  for (const s of t.kingCapturable) {
    const p = at(s);
    const i = FRAME_WIDTH / 2;
    parts.push(
      rect(
        p.x + i,
        p.y + i,
        CELL - 2 * i,
        CELL - 2 * i,
        ` data-mark="king-capturable" data-square="${s.name}" fill="none" stroke="${c.kingCapturable}" stroke-width="${num(FRAME_WIDTH)}"`,
      ),
    );
  }
  for (const s of t.hanging) {
    const { x, y } = at(s);
    const a = CORNER_LEG;
    const e = CELL;
    // A triangle in each corner of the square, outside every piece's shape.
    const d =
      `M${num(x)} ${num(y)}h${num(a)}L${num(x)} ${num(y + a)}Z` +
      `M${num(x + e)} ${num(y)}v${num(a)}L${num(x + e - a)} ${num(y)}Z` +
      `M${num(x + e)} ${num(y + e)}h${num(-a)}L${num(x + e)} ${num(y + e - a)}Z` +
      `M${num(x)} ${num(y + e)}v${num(-a)}L${num(x + a)} ${num(y + e)}Z`;
    parts.push(`<path data-mark="hanging" data-square="${s.name}" d="${d}" fill="${c.hanging}"/>`);
  }
  return `<g data-layer="threats">${parts.join('')}</g>`;
}

function drawBoard(model: BoardModel, o: ResolvedPicture): string {
  const c = THEME_COLOURS[o.theme];
  const n = model.size;
  const l = boardLayout(n, o.coords, o.flip, o.result !== null);
  const at = (s: SquareRef | { file: number; rank: number }): { x: number; y: number } => squareOrigin(l, s.file, s.rank);
  const moved = new Set<string>();
  const parts: string[] = [];
  const ext = num(l.extent);

  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${o.size}" height="${o.size}" viewBox="0 0 ${ext} ${ext}" role="img" aria-label="${escapeXml(
      `${model.variantId} board, ${n}×${n}${o.result ? `, ${o.result}` : ''}`,
    )}">`,
  );
  parts.push(rect(0, 0, l.extent, l.extent, ` fill="${c.frame}"`));
  parts.push(rect(l.left, l.top, n * CELL, n * CELL, ` fill="${c.board}"`));

  if (o.lastMove) {
    const marks: string[] = [];
    for (const [kind, s] of [
      ['from', o.lastMove.from],
      ['to', o.lastMove.to],
    ] as const) {
      const p = at(s);
      moved.add(s.name);
      marks.push(rect(p.x, p.y, CELL, CELL, ` data-mark="last-move-${kind}" data-square="${s.name}" fill="${c.lastMove}"`));
    }
    parts.push(`<g data-layer="last-move">${marks.join('')}</g>`);
  }

  const specials: string[] = [];
  for (const sq of model.squares) {
    if (!sq.special) continue;
    const p = at(sq);
    specials.push(specialSquare(sq.special, sq.name, p.x, p.y, moved.has(sq.name), c));
  }
  if (specials.length) parts.push(`<g data-layer="special">${specials.join('')}</g>`);

  parts.push(`<path d="${gridPath(l)}" fill="none" stroke="${c.grid}" stroke-width="1.5"/>`);
  parts.push(rect(l.left, l.top, n * CELL, n * CELL, ` fill="none" stroke="${c.ink}" stroke-width="2"`));

  if (o.highlight.length) {
    const rings = o.highlight.map((s) => {
      const p = at(s);
      const i = HIGHLIGHT_WIDTH / 2;
      return rect(
        p.x + i,
        p.y + i,
        CELL - 2 * i,
        CELL - 2 * i,
        ` data-mark="highlight" data-square="${s.name}" fill="none" stroke="${c.highlight}" stroke-width="${num(HIGHLIGHT_WIDTH)}"`,
      );
    });
    parts.push(`<g data-layer="highlight">${rings.join('')}</g>`);
  }

  const pieces: string[] = [];
  for (const sq of model.squares) {
    if (!sq.piece) continue;
    const p = at(sq);
    pieces.push(pieceShape(sq.piece, sq.name, p.x, p.y, c));
  }
  parts.push(`<g data-layer="pieces">${pieces.join('')}</g>`);

  if (o.captures.length) {
    const crosses = o.captures.map((s) => {
      const p = at(s);
      const a = 10;
      const b = CELL - 10;
      const d = `M${num(p.x + a)} ${num(p.y + a)}L${num(p.x + b)} ${num(p.y + b)}M${num(p.x + b)} ${num(p.y + a)}L${num(p.x + a)} ${num(p.y + b)}`;
      return `<path data-mark="capture" data-square="${s.name}" d="${d}" fill="none" stroke="${c.capture}" stroke-width="5" stroke-linecap="round"/>`;
    });
    parts.push(`<g data-layer="captures">${crosses.join('')}</g>`);
  }

  if (o.threats) parts.push(threatLayer(o.threats, at, THREAT_COLOURS[o.theme]));

  if (o.coords) parts.push(coordinates(l, c));
  if (o.result) parts.push(resultCaption(l, o.coords, o.result, c));
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * The picture of `board` in `variant`. Options are checked with checkPictureOptions; ones it refuses
 * throw a RangeError here (callers validate first, so that is a bug, not a request to answer).
 */
export function renderSvg(variant: CompiledVariant, board: BoardInput, options: PictureOptions = {}): string {
  const resolved = orThrow(checkPictureOptions(variant, options));
  return drawBoard(boardModel(variant, board), resolved);
}
