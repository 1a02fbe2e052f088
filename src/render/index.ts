/**
 * The render room's public surface: pictures and text boards of positions. Pure functions over the
 * engine (SVG, text), plus the worker pool that turns SVG into PNG and GIF off the event loop. The
 * rasteriser and encoders themselves are not exported: they block, and belong in the workers.
 */
export { THEMES, DEFAULT_THEME, THEME_COLOURS, THREAT_COLOURS } from './themes.js';
export type { ThemeName, ThemeColours, ThreatColours } from './themes.js';
export {
  MIN_IMAGE_SIZE,
  MAX_IMAGE_SIZE,
  DEFAULT_IMAGE_SIZE,
  MAX_GIF_FRAMES,
  MAX_GIF_SIZE,
  MIN_GIF_DELAY_MS,
  MAX_GIF_DELAY_MS,
  DEFAULT_GIF_DELAY_MS,
  TEXT_STYLES,
  DEFAULT_TEXT_STYLE,
  checkPictureOptions,
  checkTextOptions,
  checkAnimation,
} from './options.js';
export type { MarkOptions, MoveSquares, PictureOptions, TextOptions, TextStyle, ThreatMarks } from './options.js';
export { threatMarks, threatMarksOf } from './threat-marks.js';
export { boardModel } from './board-model.js';
export type { BoardInput, BoardModel, BoardSquare } from './board-model.js';
export { renderSvg } from './svg.js';
export { renderText, MAX_TEXT_BOARD_CHARS } from './text-board.js';
export { gameFrames, framesToSvg } from './frames.js';
export type { Frame } from './frames.js';
export { RenderPool, RENDER_REFUSALS, DEFAULT_RENDER_QUEUE, defaultRenderWorkers } from './render-pool.js';
export type { RenderPoolOptions, RenderPoolStats, RenderRefusal, RenderRefusalCode, RenderResult } from './render-pool.js';
export { readPictureQuery, commaList, queryText } from './picture-query.js';
export type { PictureQuery, RawQuery } from './picture-query.js';
export { boardAnswer, animationAnswer, BOARD_FORMATS, CONTENT_TYPES } from './picture-answer.js';
export { resultWords } from './results.js';
export type { BoardFormat, PictureAnswer } from './picture-answer.js';
