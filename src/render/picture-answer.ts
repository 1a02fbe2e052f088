/**
 * A picture or text board as an answer: its content type, a strong ETag known before any pixel is
 * made (so a 304 costs only the SVG), and the bytes, made on demand (PNG and GIF in the worker pool).
 * Shared by the stateless routes and the stored-game routes, which differ only in where the game comes
 * from.
 */
import { createHash } from 'node:crypto';
import type { CompiledVariant } from '../engine/compiled-variant.js';
import type { GameState, IllegalMove, MoveInfo } from '../engine/game-state.js';
import type { Position } from '../engine/position.js';
import { Problem, Result, err, ok } from '../engine/result.js';
import { checkAnimation, checkPictureOptions, checkTextOptions, MoveSquares } from './options.js';
import { framesToSvg, gameFrames } from './frames.js';
import type { PictureQuery } from './picture-query.js';
import type { RenderPool, RenderRefusal } from './render-pool.js';
import { renderSvg } from './svg.js';
import { renderText } from './text-board.js';
import { threatMarksOf } from './threat-marks.js';

export const BOARD_FORMATS = ['svg', 'png', 'txt'] as const;
export type BoardFormat = (typeof BOARD_FORMATS)[number];

/** Bumped when the drawing changes in a way the SVG text would not show (the rasteriser's settings). */
const RENDER_REVISION = 1;

export const CONTENT_TYPES = {
  svg: 'image/svg+xml',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
  gif: 'image/gif',
} as const;

export interface PictureAnswer {
  contentType: string;
  /** Strong: equal ETags mean equal bytes (the renderers are deterministic). */
  etag: string;
  /** Text boards: characters (code points), for X-Char-Count. */
  charCount?: number;
  body(): Promise<Result<Buffer | string, RenderRefusal>>;
}

function etagOf(...parts: (string | number)[]): string {
  const h = createHash('sha256');
  for (const p of [RENDER_REVISION, ...parts]) h.update(String(p)).update('\u0000');
  return `"${h.digest('base64url').slice(0, 27)}"`;
}

function marksOf(q: PictureQuery, last: MoveInfo | null): { lastMove: MoveSquares | null; captures: string[] } {
  if (q.lastMove === 'auto') {
    return last && last.from && last.to
      ? { lastMove: { from: last.from, to: last.to }, captures: last.captures }
      : { lastMove: null, captures: [] };
  }
  return { lastMove: q.lastMove, captures: [] };
}

/** The board of `state` as SVG, PNG or text; `last` is the move that led to it (for lastMove=auto). */
export function boardAnswer(
  pool: RenderPool,
  v: CompiledVariant,
  state: GameState,
  last: MoveInfo | null,
  q: PictureQuery,
  format: BoardFormat,
  /** A finished game's result (results.ts), said instead of whose turn it is. */
  result: string | null = null,
): Result<PictureAnswer> {
  // A result decided off the board (a resignation, the clock) ends the threats too.
  const threats = q.threats ? threatMarksOf(state, result !== null) : null;
  const marks = { flip: q.flip, coords: q.coords, highlight: q.highlight, ...marksOf(q, last), result, threats };
  if (format === 'txt') {
    const checked = checkTextOptions(v, { ...marks, style: q.style });
    if (!checked.ok) return checked;
    const text = renderText(v, state.pos, state.sideToMove(), { ...marks, style: q.style });
    return ok({
      contentType: CONTENT_TYPES.txt,
      etag: etagOf('txt', text),
      charCount: [...text].length,
      body: () => Promise.resolve(ok(text)),
    });
  }
  const options = { ...marks, size: q.size, theme: q.theme };
  const checked = checkPictureOptions(v, options);
  if (!checked.ok) return checked;
  const svg = renderSvg(v, state.pos, options);
  if (format === 'svg') return ok({ contentType: CONTENT_TYPES.svg, etag: etagOf('svg', svg), body: () => Promise.resolve(ok(svg)) });
  return ok({ contentType: CONTENT_TYPES.png, etag: etagOf('png', q.size, svg), body: () => pool.png(svg, q.size) });
}

/** An animated GIF of `moves` played from `start`: one frame for the start, then one per ply. */
export function animationAnswer(
  pool: RenderPool,
  v: CompiledVariant,
  start: Position,
  moves: readonly string[],
  q: PictureQuery,
): Result<PictureAnswer, Problem[] | IllegalMove> {
  const bounds = checkAnimation(moves.length + 1, q.size, q.delayMs);
  const checked = checkPictureOptions(v, { flip: q.flip, coords: q.coords, highlight: q.highlight, theme: q.theme });
  const problems = [...(bounds.ok ? [] : bounds.error), ...(checked.ok ? [] : checked.error)];
  if (problems.length) return err(problems);
  const frames = gameFrames(start, moves, q.threats);
  if (!frames.ok) return frames;
  const svgs = framesToSvg(v, frames.value, { flip: q.flip, coords: q.coords, highlight: q.highlight, size: q.size, theme: q.theme });
  return ok({
    contentType: CONTENT_TYPES.gif,
    // The frames' SVG holds the threats layer when drawn, so it keys the palette's difference too.
    etag: etagOf('gif', q.size, q.delayMs, q.theme, ...svgs),
    body: () => pool.gif(svgs, q.size, q.delayMs, q.theme, q.threats),
  });
}
