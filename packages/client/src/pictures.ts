/**
 * Picture URLs (pictures.md): boards as SVG, PNG or text, and animated GIFs, of a position given in the
 * URL or of a stored game. A URL depends on nothing but itself, so equal pictures should have equal URLs:
 * these builders write the parameters in one order, the position with `_` for its space, and leave out
 * every option equal to its default. `positionImages` and `gameImages` give exactly the `image` URLs the
 * service puts in its answers.
 */
import type { components, operations } from './generated/openapi.js';

type Query<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;

export type PictureTheme = NonNullable<Query<'boardSvg'>['theme']>;
export type TextStyle = NonNullable<Query<'boardText'>['style']>;
export type PictureFormat = 'svg' | 'png' | 'txt';
export type ImageLinks = components['schemas']['ImageLinksView'];

/** A move to mark: notation (`d2-e2`), `auto` (the last move played), `none`, or a move object of an answer. */
export type LastMove = string | Pick<components['schemas']['MoveView'], 'from' | 'to'>;

/** Options every picture takes. */
export interface PictureOptions {
  /** Squares to ring (`['d4', 'e5']` or `'d4,e5'`). */
  highlight?: string | readonly string[];
  /** The board turned 180°, rank 1 at the top (default false). */
  flip?: boolean;
  /** File letters and rank numbers beside the board (default true). */
  coords?: boolean;
  /** Draw the threats of the position shown (default false). */
  threats?: boolean;
}

/** Options of an SVG or PNG board. */
export interface ImageBoardOptions extends PictureOptions {
  lastMove?: LastMove;
  /** The side in pixels, 64 to 2048 (default 512). */
  size?: number;
  /** Default wood. */
  theme?: PictureTheme;
}

/** Options of a text board. */
export interface TextBoardOptions extends PictureOptions {
  lastMove?: LastMove;
  /** Default ascii. */
  style?: TextStyle;
}

/** The options a board of this format takes: a text board has no size or theme, a picture no style. */
export type BoardOptions<F extends PictureFormat = PictureFormat> = F extends 'txt' ? TextBoardOptions : ImageBoardOptions;

/** Options of an animated GIF. */
export interface AnimationOptions extends PictureOptions {
  /** The side in pixels, 64 to 1024 (default 512). */
  size?: number;
  theme?: PictureTheme;
  /** Milliseconds per frame, 20 to 60,000 (default 1000). */
  delay?: number;
}

/** A position given in the URL: the variant, and a TFEN and/or moves played from it (the start by default). */
export interface PositionSource {
  variant: string;
  position?: string;
  moves?: readonly string[];
}

const DEFAULTS = { size: 512, theme: 'wood', style: 'ascii', delay: 1000 } as const;

const trimBase = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

/** A TFEN as the URL writes it: `_` for the space between board and side (the service's own form). */
const urlPosition = (tfen: string): string => tfen.replace(' ', '_');

/** `from-to` of a move object, as the service writes `lastMove`; nothing for a pass. */
function lastMoveText(move: LastMove | undefined): string | undefined {
  if (move === undefined) return undefined;
  if (typeof move === 'string') return move;
  return move.from && move.to ? `${move.from}-${move.to}` : undefined;
}

/** The query in the one order of these builders; options at their defaults are left out. */
function query(
  fields: {
    position?: string;
    moves?: readonly string[];
    ply?: number;
    lastMove?: string;
    /** The lastMove every route of this kind assumes, left out when asked for. */
    lastMoveDefault: string;
  } & PictureOptions & { size?: number; theme?: PictureTheme; style?: TextStyle; delay?: number },
): string {
  const q = new URLSearchParams();
  if (fields.position !== undefined) q.set('position', urlPosition(fields.position));
  if (fields.moves?.length) q.set('moves', fields.moves.join(','));
  if (fields.ply !== undefined) q.set('ply', String(fields.ply));
  if (fields.lastMove !== undefined && fields.lastMove !== fields.lastMoveDefault) q.set('lastMove', fields.lastMove);
  const highlight = typeof fields.highlight === 'string' ? fields.highlight : fields.highlight?.join(',');
  if (highlight) q.set('highlight', highlight);
  if (fields.flip) q.set('flip', '1');
  if (fields.coords === false) q.set('coords', '0');
  if (fields.size !== undefined && fields.size !== DEFAULTS.size) q.set('size', String(fields.size));
  if (fields.theme !== undefined && fields.theme !== DEFAULTS.theme) q.set('theme', fields.theme);
  if (fields.style !== undefined && fields.style !== DEFAULTS.style) q.set('style', fields.style);
  if (fields.delay !== undefined && fields.delay !== DEFAULTS.delay) q.set('delay', String(fields.delay));
  if (fields.threats) q.set('threats', '1');
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** A board of a position given in the URL: `GET /v1/variants/{id}/board.{svg,png,txt}`. */
export function positionPictureUrl<F extends PictureFormat>(
  baseUrl: string,
  format: F,
  source: PositionSource,
  options: BoardOptions<F> = {},
): string {
  const q = query({
    ...options,
    position: source.position,
    moves: source.moves,
    lastMove: lastMoveText(options.lastMove),
    lastMoveDefault: 'none',
  });
  return `${trimBase(baseUrl)}/v1/variants/${encodeURIComponent(source.variant)}/board.${format}${q}`;
}

/**
 * A board of a stored game: `GET /v1/games/{id}/board.{svg,png,txt}`. With `ply` the URL shows that
 * position for ever; without it, the game as it stands. The last move is marked unless `lastMove: 'none'`.
 */
export function gamePictureUrl<F extends PictureFormat>(
  baseUrl: string,
  format: F,
  id: string,
  options: BoardOptions<F> & { ply?: number } = {},
): string {
  const q = query({ ...options, lastMove: lastMoveText(options.lastMove), lastMoveDefault: 'auto' });
  return `${trimBase(baseUrl)}/v1/games/${encodeURIComponent(id)}/board.${format}${q}`;
}

/** An animated GIF of moves played from a position: `GET /v1/variants/{id}/animation.gif`. */
export function positionAnimationUrl(baseUrl: string, source: PositionSource, options: AnimationOptions = {}): string {
  const q = query({ ...options, position: source.position, moves: source.moves, lastMoveDefault: 'none' });
  return `${trimBase(baseUrl)}/v1/variants/${encodeURIComponent(source.variant)}/animation.gif${q}`;
}

/** An animated GIF of a stored game's moves so far: `GET /v1/games/{id}/animation.gif`. */
export function gameAnimationUrl(baseUrl: string, id: string, options: AnimationOptions = {}): string {
  return `${trimBase(baseUrl)}/v1/games/${encodeURIComponent(id)}/animation.gif${query({ ...options, lastMoveDefault: 'auto' })}`;
}

/**
 * The `image` of a position answer (legal-moves, apply-move, evaluate, validate-game): the position and
 * its last move. `baseUrl` is the service's PUBLIC_BASE_URL.
 */
export function positionImages(baseUrl: string, variant: string, position: string, lastMove?: LastMove | null): ImageLinks {
  const source = { variant, position };
  const options = lastMove ? { lastMove } : {};
  return { svg: positionPictureUrl(baseUrl, 'svg', source, options), png: positionPictureUrl(baseUrl, 'png', source, options) };
}

/** The `image` of a stored game at `ply`: immutable, whatever is played later. */
export function gameImages(baseUrl: string, id: string, ply: number): ImageLinks {
  return { svg: gamePictureUrl(baseUrl, 'svg', id, { ply }), png: gamePictureUrl(baseUrl, 'png', id, { ply }) };
}
