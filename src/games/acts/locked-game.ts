/**
 * A game under its row lock for one act (a play, a resign, an offer, a takeback): the row as locked,
 * its variant, the moves' notations and the engine state, both from the hot-games cache when it held
 * this very seq, else from the move rows (the state replayed only when the act needs it). It says what
 * the cache may keep afterwards.
 */
import type { CompiledVariant, GameState } from '../../engine';
import type { GameEntity } from '../entities/game.entity';
import type { DecidedGame } from './decide-move';
import type { HotGame } from './hot-games';

export class LockedGame implements DecidedGame {
  private current: GameState | null;
  /** Whether the act has changed the cached state or move list in memory, ahead of its commit. */
  private changed = false;

  /**
   * `cached`: the entry taken out of the cache for this act (its seq is the row's), or null, and then
   * `notations` from the move rows and `rebuild` to replay them.
   */
  constructor(
    readonly game: GameEntity,
    readonly v: CompiledVariant,
    private readonly cached: HotGame | null,
    public notations: string[],
    private readonly rebuild: () => GameState,
  ) {
    this.current = cached?.state ?? null;
  }

  /** The engine state after the moves (replayed on first use when the cache did not have it). */
  state(): GameState {
    return (this.current ??= this.rebuild());
  }

  /** The act is about to change the state or the move list: from now on only its commit makes them good. */
  changing(): void {
    this.changed = true;
  }

  /** A takeback's state and moves, in place of the old ones. */
  replace(state: GameState, notations: string[]): void {
    this.changed = true;
    this.current = state;
    this.notations = notations;
  }

  /** What the cache holds once the act is committed: the row as changed, with the state if known. */
  committed(): HotGame | null {
    return this.current ? { game: this.game, state: this.current, notations: this.notations } : null;
  }

  /** What the cache gets back when the act failed: its entry, unless the act had begun changing it. */
  rolledBack(): HotGame | null {
    return this.changed ? null : this.cached;
  }
}
