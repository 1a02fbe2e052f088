/** The picture of a game state as SVG, drawn by the same function as the service's `/v1/boards/*.svg`. */
import { checkPictureOptions } from '../render/options.js';
import type { PictureOptions } from '../render/options.js';
import { renderSvg } from '../render/svg.js';
import { err, ok } from '../engine/result.js';
import { loadGame } from './local-operations.js';
import type { Answer, GameStateInput } from './local-operations.js';

/** The position of `state`, its last move marked unless `options.lastMove` says otherwise. */
export function positionSvg(state: GameStateInput, options: PictureOptions = {}): Answer<string> {
  const game = loadGame(state);
  if (!game.ok) return game;
  const last = game.value.plies.at(-1);
  const lastMove = last?.from && last.to ? { from: last.from, to: last.to } : null;
  const marks: PictureOptions = { lastMove, ...options };
  const checked = checkPictureOptions(game.value.v, marks);
  if (!checked.ok) {
    const detail = checked.error.map((p) => p.message).join('; ');
    return err({ code: 'BAD_USER_INPUT', detail, errors: checked.error });
  }
  return ok(renderSvg(game.value.v, game.value.pos, marks));
}
