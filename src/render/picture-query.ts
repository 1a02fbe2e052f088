/**
 * The query string of a picture URL (api.md section 6) read into render options, with every problem
 * named by its parameter. Pure, so the stateless routes and the stored-game routes read URLs the same
 * way. Squares are checked later, against the variant, by checkPictureOptions / checkTextOptions.
 */
import type { Geometry } from '../engine/geometry.js';
import { parseMoveText } from '../engine/move-notation.js';
import { Problem, Result, err, ok } from '../engine/result.js';
import { squareName } from '../engine/geometry.js';
import { DEFAULT_GIF_DELAY_MS, DEFAULT_IMAGE_SIZE, DEFAULT_TEXT_STYLE, MoveSquares, TextStyle } from './options.js';
import { DEFAULT_THEME, ThemeName } from './themes.js';

export type RawQuery = Record<string, unknown>;

export interface PictureQuery {
  flip: boolean;
  coords: boolean;
  highlight: string[];
  /** `auto`: the last of the moves played; a move's squares; or none. */
  lastMove: 'auto' | MoveSquares | null;
  size: number;
  theme: ThemeName;
  style: TextStyle;
  delayMs: number;
  /** Draw the threats of the position shown (docs/threats.md). */
  threats: boolean;
}

/** Query values arrive as strings; a parameter given twice is refused earlier (request guards). */
export function queryText(q: RawQuery, name: string): string | undefined {
  const v = q[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function flag(q: RawQuery, name: string, fallback: boolean, problems: Problem[]): boolean {
  const v = queryText(q, name);
  if (v === undefined) return fallback;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  problems.push({ code: 'INVALID_FIELD', field: name, message: `${name} must be 1 or 0` });
  return fallback;
}

function integer(q: RawQuery, name: string, fallback: number, problems: Problem[]): number {
  const v = queryText(q, name);
  if (v === undefined) return fallback;
  if (!/^\d{1,7}$/.test(v)) {
    problems.push({ code: 'INVALID_FIELD', field: name, message: `${name} must be a whole number` });
    return fallback;
  }
  return Number(v);
}

/** Comma-separated list, blanks dropped (a trailing comma is harmless in a hand-written URL). */
export function commaList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

function lastMoveOf(geo: Geometry, q: RawQuery, problems: Problem[]): PictureQuery['lastMove'] {
  const v = queryText(q, 'lastMove');
  if (v === undefined) return null;
  if (v === 'auto') return 'auto';
  if (v === 'none') return null;
  const parsed = parseMoveText(geo, v);
  if (parsed.kind === 'move') return { from: squareName(geo, parsed.from), to: squareName(geo, parsed.to) };
  if (parsed.kind === 'pass') return null;
  problems.push({ code: 'INVALID_FIELD', field: 'lastMove', message: `lastMove must be "auto", "none" or a move: ${parsed.message}` });
  return null;
}

export function readPictureQuery(geo: Geometry, q: RawQuery): Result<PictureQuery> {
  const problems: Problem[] = [];
  const parsed: PictureQuery = {
    flip: flag(q, 'flip', false, problems),
    coords: flag(q, 'coords', true, problems),
    highlight: commaList(q.highlight),
    lastMove: lastMoveOf(geo, q, problems),
    size: integer(q, 'size', DEFAULT_IMAGE_SIZE, problems),
    // Names are checked against the value sets by the option checks, with the list of what is allowed.
    theme: (queryText(q, 'theme') ?? DEFAULT_THEME) as ThemeName,
    style: (queryText(q, 'style') ?? DEFAULT_TEXT_STYLE) as TextStyle,
    delayMs: integer(q, 'delay', DEFAULT_GIF_DELAY_MS, problems),
    threats: flag(q, 'threats', false, problems),
  };
  return problems.length ? err(problems) : ok(parsed);
}
