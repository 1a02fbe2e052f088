/** Listeners told of every committed change of a game (the computer player starts its move from here). */
import { Injectable } from '@nestjs/common';
import type { GameEntity } from './entities/game.entity';
import type { GameSummaryView } from './game.views';

/** What a listener hears of a committed change: enough to know whose turn it is. */
export type GameChange = Pick<GameEntity, 'id' | 'ply' | 'position' | 'status' | 'computer'>;

@Injectable()
export class GameChangeListeners {
  private readonly listeners = new Set<(game: GameChange) => void>();

  onChange(listener: (game: GameChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(game: GameChange): void {
    for (const l of this.listeners) l(game);
  }

  /** changed() from a game answer. */
  changedView(view: GameSummaryView): void {
    const c = view.computer;
    const computer = c
      ? { side: c.side, level: c.level ?? 5, budgetMs: c.budgetMs ?? 1000, ...(c.engine ? { engine: c.engine } : {}) }
      : null;
    this.changed({ id: view.id, ply: view.ply, position: view.position, status: view.outcome.status, computer });
  }
}
