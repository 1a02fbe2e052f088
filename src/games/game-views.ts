/**
 * The game as both transports answer it: the summary (acts, lists) or the whole game (reads), with
 * picture URLs when the service knows its public address, and what the GraphQL `board` and `moves`
 * fields need, kept out of the JSON.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { CompiledVariant } from '../engine';
import { APP_CONFIG, AppConfig } from '../config/config';
import { withBoardSource } from '../pictures/board-field';
import { gameImages } from '../http/views/image-links.view';
import type { GameEntity } from './entities/game.entity';
import { moveViewOf, toGameSummary, toGameView } from './game.mapper';
import type { GameSummaryView, GameView } from './game.views';

const NOTATIONS = Symbol('the moves of a summary');

/** The moves a summary was made with, as they were then: a hot game's list goes on growing. */
interface NotationsAt {
  list: readonly string[];
  length: number;
}

/** The moves of a game answer, if it carries them (a whole game, or a summary made with them at hand). */
export function notationsOfView(view: GameSummaryView): string[] | undefined {
  if (Array.isArray((view as GameView).moves)) return (view as GameView).moves;
  const at = (view as { [NOTATIONS]?: NotationsAt })[NOTATIONS];
  return at?.list.slice(0, at.length);
}

@Injectable()
export class GameViews {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * The summary of `game`; `last` is the notation of its last move (null at the start), for the
   * board's last-move mark. With `notations` at hand, GraphQL's `moves` field answers from them.
   */
  summary(v: CompiledVariant, game: GameEntity, last: string | null, now: number, notations?: readonly string[]): GameSummaryView {
    const view = toGameSummary(game, now);
    if (notations) Object.defineProperty(view, NOTATIONS, { value: { list: notations, length: notations.length }, enumerable: false });
    return this.drawable(v, game, view, last);
  }

  full(v: CompiledVariant, game: GameEntity, notations: readonly string[], now: number): GameView {
    return this.drawable(v, game, toGameView(toGameSummary(game, now), notations), notations.at(-1) ?? null);
  }

  private drawable<T extends GameSummaryView>(v: CompiledVariant, game: GameEntity, view: T, last: string | null): T {
    const move = last === null ? null : moveViewOf(last);
    const image = gameImages(this.config.publicBaseUrl, game.id, game.ply);
    if (image) view.image = image;
    const lastMove = move?.from && move.to ? { from: move.from, to: move.to } : null;
    return withBoardSource(view, { v, position: game.position, lastMove, image });
  }
}
