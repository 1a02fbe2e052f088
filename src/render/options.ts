/**
 * The options of pictures and text boards, their bounds, and the one check of them. The HTTP layer
 * validates query parameters with the same value sets and this check, so a request that passes it can
 * never make the renderers throw.
 */
import type { CompiledVariant } from '../engine/compiled-variant.js';
import { cellOfName, fileOf, rankOf } from '../engine/geometry.js';
import { Problem, Result, err, ok } from '../engine/result.js';
import { DEFAULT_THEME, THEMES, ThemeName } from './themes.js';

/** Pixels of the side of a PNG (and of an SVG's width and height), api.md section 6. */
export const MIN_IMAGE_SIZE = 64;
export const MAX_IMAGE_SIZE = 2048;
export const DEFAULT_IMAGE_SIZE = 512;

/**
 * Animated GIFs cost frames × size² in rasterising and palette mapping, all of it in one worker while
 * the GIF is built. 300 frames covers nearly every real game, and 1024 px is twice what chat previews
 * show. Together they bound the worst request: 300 frames of a 19×19 board at 1024 px took 5.5 s of
 * one worker and gave 1.2 MB (512 px: 2 s, 0.6 MB) on the development machine; 2048 px would
 * quadruple that for no visible gain, and frames are held as SVG text while the job waits.
 */
export const MAX_GIF_FRAMES = 300;
export const MAX_GIF_SIZE = 1024;
/** Browsers show delays under 20 ms as 100 ms; GIF stores centiseconds, so delays round to 10 ms. */
export const MIN_GIF_DELAY_MS = 20;
export const MAX_GIF_DELAY_MS = 60_000;
export const DEFAULT_GIF_DELAY_MS = 1000;

export const TEXT_STYLES = ['ascii', 'unicode'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];
export const DEFAULT_TEXT_STYLE: TextStyle = 'ascii';

export interface MoveSquares {
  from: string;
  to: string;
}

/**
 * The threats to draw (docs/threats.md), as squares: the engine finds them (threat-marks.ts), the
 * renderers only draw. An empty set still says "asked for": the picture differs from one without.
 */
export interface ThreatMarks {
  /** Per king route: the king's square, then the squares he passes through, the escape square last. */
  kingRoutes?: readonly { from: string; route: readonly string[] }[];
  /** Kings the side to move captures now. */
  kingCapturable?: readonly string[];
  /** Other pieces the side to move captures now. */
  hanging?: readonly string[];
}

/** What every format can show besides the pieces. Squares are names ("e5"). */
export interface MarkOptions {
  /** Rank 1 at the top, the board turned 180°. */
  flip?: boolean;
  /** Files and ranks beside the board (default on). */
  coords?: boolean;
  lastMove?: MoveSquares | null;
  /** Squares the last move captured on. */
  captures?: readonly string[];
  highlight?: readonly string[];
  /**
   * A finished game's result, said instead of whose turn it is (results.ts writes it): lower-case
   * letters a–y and spaces, which the pictures draw with their own glyphs.
   */
  result?: string | null;
  /** Threats drawn (threats=1); null or left out: none drawn. */
  threats?: ThreatMarks | null;
}

export interface PictureOptions extends MarkOptions {
  size?: number;
  theme?: ThemeName;
}

export interface TextOptions extends MarkOptions {
  style?: TextStyle;
}

/** A square as the renderers use it: name plus board coordinates. */
export interface SquareRef {
  name: string;
  file: number;
  rank: number;
}

export interface ResolvedThreats {
  kingRoutes: { from: SquareRef; route: SquareRef[] }[];
  kingCapturable: SquareRef[];
  hanging: SquareRef[];
}

export interface ResolvedMarks {
  flip: boolean;
  coords: boolean;
  lastMove: { from: SquareRef; to: SquareRef } | null;
  captures: SquareRef[];
  highlight: SquareRef[];
  result: string | null;
  threats: ResolvedThreats | null;
}

export interface ResolvedPicture extends ResolvedMarks {
  size: number;
  theme: ThemeName;
}

export interface ResolvedText extends ResolvedMarks {
  style: TextStyle;
}

function squareRef(v: CompiledVariant, name: unknown, field: string, problems: Problem[]): SquareRef | null {
  const cell = typeof name === 'string' ? cellOfName(v.geo, name.trim().toLowerCase()) : -1;
  if (cell < 0) {
    const n = v.geo.size;
    problems.push({ code: 'BAD_SQUARE', field, message: `"${String(name)}" is not a square of a ${n}×${n} board` });
    return null;
  }
  return { name: v.names[cell], file: fileOf(v.geo, cell), rank: rankOf(v.geo, cell) };
}

function squareList(v: CompiledVariant, list: readonly unknown[] | undefined, field: string, problems: Problem[]): SquareRef[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.push({ code: 'BAD_SQUARE', field, message: `${field} must be a list of squares` });
    return [];
  }
  const out: SquareRef[] = [];
  list.forEach((name, i) => {
    const ref = squareRef(v, name, `${field}[${i}]`, problems);
    if (ref) out.push(ref);
  });
  return out;
}

function resolveMarks(v: CompiledVariant, o: MarkOptions, problems: Problem[]): ResolvedMarks {
  let lastMove: ResolvedMarks['lastMove'] = null;
  if (o.lastMove !== undefined && o.lastMove !== null) {
    const from = squareRef(v, o.lastMove.from, 'lastMove.from', problems);
    const to = squareRef(v, o.lastMove.to, 'lastMove.to', problems);
    if (from && to) lastMove = { from, to };
  }
  return {
    flip: o.flip === true,
    coords: o.coords !== false,
    lastMove,
    captures: squareList(v, o.captures, 'captures', problems),
    highlight: squareList(v, o.highlight, 'highlight', problems),
    result: resultOf(o.result, problems),
    threats: resolveThreats(v, o.threats, problems),
  };
}

function resolveThreats(v: CompiledVariant, t: ThreatMarks | null | undefined, problems: Problem[]): ResolvedThreats | null {
  if (t === undefined || t === null) return null;
  const kingRoutes = (t.kingRoutes ?? []).flatMap((r, i) => {
    const from = squareRef(v, r.from, `threats.kingRoutes[${i}].from`, problems);
    const route = squareList(v, r.route, `threats.kingRoutes[${i}].route`, problems);
    // A route of no square draws nothing: it is a caller's bug, refused like a bad square.
    if (route.length === 0)
      problems.push({ code: 'BAD_SQUARE', field: `threats.kingRoutes[${i}].route`, message: 'a route ends on a square' });
    return from && route.length ? [{ from, route }] : [];
  });
  return {
    kingRoutes,
    kingCapturable: squareList(v, t.kingCapturable, 'threats.kingCapturable', problems),
    hanging: squareList(v, t.hanging, 'threats.hanging', problems),
  };
}

/** Drawable with the pictures' glyphs: lower-case letters a–y and single spaces. */
const RESULT_TEXT = /^[a-y]+( [a-y]+)*$/;

function resultOf(result: string | null | undefined, problems: Problem[]): string | null {
  if (result === undefined || result === null) return null;
  if (RESULT_TEXT.test(result) && result.length <= 40) return result;
  problems.push({
    code: 'BAD_RESULT',
    field: 'result',
    message: 'result must be lower-case words of the letters a to y, 40 characters at most',
  });
  return null;
}

export function checkPictureOptions(v: CompiledVariant, o: PictureOptions = {}): Result<ResolvedPicture> {
  const problems: Problem[] = [];
  const marks = resolveMarks(v, o, problems);
  const size = o.size ?? DEFAULT_IMAGE_SIZE;
  if (!Number.isInteger(size) || size < MIN_IMAGE_SIZE || size > MAX_IMAGE_SIZE) {
    problems.push({
      code: 'BAD_SIZE',
      field: 'size',
      message: `size must be a whole number of pixels from ${MIN_IMAGE_SIZE} to ${MAX_IMAGE_SIZE}`,
    });
  }
  const theme = o.theme ?? DEFAULT_THEME;
  if (!(THEMES as readonly string[]).includes(theme)) {
    problems.push({ code: 'BAD_THEME', field: 'theme', message: `theme must be one of ${THEMES.join(', ')}` });
  }
  return problems.length ? err(problems) : ok({ ...marks, size, theme });
}

export function checkTextOptions(v: CompiledVariant, o: TextOptions = {}): Result<ResolvedText> {
  const problems: Problem[] = [];
  const marks = resolveMarks(v, o, problems);
  const style = o.style ?? DEFAULT_TEXT_STYLE;
  if (!(TEXT_STYLES as readonly string[]).includes(style)) {
    problems.push({ code: 'BAD_TEXT_STYLE', field: 'style', message: `style must be one of ${TEXT_STYLES.join(', ')}` });
  }
  return problems.length ? err(problems) : ok({ ...marks, style });
}

/** The bounds of an animation request: frame count, side in pixels, delay per frame. */
export function checkAnimation(frames: number, size: number, delayMs: number): Result<void> {
  const problems: Problem[] = [];
  if (!Number.isInteger(frames) || frames < 1 || frames > MAX_GIF_FRAMES) {
    problems.push({ code: 'BAD_FRAME_COUNT', field: 'moves', message: `an animation has 1 to ${MAX_GIF_FRAMES} frames (plies + 1)` });
  }
  if (!Number.isInteger(size) || size < MIN_IMAGE_SIZE || size > MAX_GIF_SIZE) {
    problems.push({ code: 'BAD_SIZE', field: 'size', message: `an animation's size is from ${MIN_IMAGE_SIZE} to ${MAX_GIF_SIZE} pixels` });
  }
  if (!Number.isInteger(delayMs) || delayMs < MIN_GIF_DELAY_MS || delayMs > MAX_GIF_DELAY_MS) {
    problems.push({ code: 'BAD_DELAY', field: 'delay', message: `delay is from ${MIN_GIF_DELAY_MS} to ${MAX_GIF_DELAY_MS} ms` });
  }
  return problems.length ? err(problems) : ok(undefined);
}

/** For the pure renderers: options the check refuses are a caller's bug, reported with every problem. */
export function orThrow<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new RangeError(r.error.map((p) => `${p.field ?? ''}: ${p.message}`).join('; '));
}
