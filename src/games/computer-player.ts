/**
 * The computer side of stored games (api.md section 10): when a change leaves the game with the
 * computer to move, this instance searches (in the search pool's workers) and plays the answer through
 * the same play path as a person, so events and streams see an ordinary move. The instance that
 * committed the change starts the move; a sweep picks up games whose computer move an instance began
 * and never finished (it stopped). Two instances may search the same ply after a sweep, but the play
 * path's expectedPly and row lock store exactly one move: the second gets 409 and drops its answer.
 * A side seated with an external engine (api.md section 15) is played by EngineSeat the same way; the
 * sweep leaves its move to the instance that started it until the engine's own limit has passed, so two
 * instances run one engine at once only when the first one stopped.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MAX_BUDGET_MS, SearchPool } from '../search';
import { ProblemError } from '../http/problem-error';
import { MovePlay } from './acts/move-play.service';
import { GameChange, GameChangeListeners } from './game-change-listeners';
import { EngineSeat, engineLimitMs } from './engine-seat';
import { GameVariants } from './game-variants';
import { sideToMove } from './game-sides';
import { GamesRepository } from './games.repository';
import { GameReads } from './reading/game-reads.service';

/** How often the sweep looks for computer moves nobody finished. */
const SWEEP_EVERY_MS = 5_000;
/** A computer move not played this long after the last change was abandoned (the longest search, and slack). */
const ABANDONED_AFTER_MS = MAX_BUDGET_MS + 10_000;
/** A full search queue is tried again after this long. */
const RETRY_MS = 1_000;

@Injectable()
export class ComputerPlayer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Computer');
  private readonly inFlight = new Set<string>();
  private sweep: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly reads: GameReads,
    private readonly moves: MovePlay,
    private readonly listeners: GameChangeListeners,
    private readonly repository: GamesRepository,
    private readonly pool: SearchPool,
    private readonly engines: EngineSeat,
    private readonly variants: GameVariants,
  ) {}

  onApplicationBootstrap(): void {
    this.unlisten = this.listeners.onChange((game) => this.consider(game));
    this.sweep = setInterval(() => void this.pickUpAbandoned(), SWEEP_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.unlisten?.();
    if (this.sweep) clearInterval(this.sweep);
  }

  /** Moves in progress in this instance (for tests and shutdown). */
  get active(): number {
    return this.inFlight.size;
  }

  private consider(game: GameChange): void {
    if (game.computer && game.status === 'ongoing' && sideToMove(game.position) === game.computer.side) void this.move(game.id, game.ply);
  }

  private async pickUpAbandoned(): Promise<void> {
    if (this.closed) return;
    try {
      for (const g of await this.repository.computerGamesIdleSince(new Date(Date.now() - ABANDONED_AFTER_MS), 50))
        void this.move(g.id, g.ply, g.updatedAt.getTime());
    } catch (e) {
      // The database may be down: the next sweep tries again.
      if (!(e instanceof ProblemError)) this.logger.warn(`sweep failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Searches and plays the computer's move at `ply`, unless someone already did. Never throws.
   * `idleSince`: the sweep's pick-up of a move nobody finished, the game unchanged since then.
   */
  private async move(id: string, ply: number, idleSince?: number): Promise<void> {
    const key = `${id}:${ply}`;
    if (this.closed || this.inFlight.has(key)) return;
    this.inFlight.add(key);
    try {
      const turn = await this.reads.computerTurn(id, ply);
      if (!turn) return;
      if (turn.computer.engine) {
        // An engine may take its whole clock: until then the instance that asked it is still waiting.
        const now = Date.now();
        if (idleSince !== undefined && now - idleSince < engineLimitMs(turn, idleSince) + ABANDONED_AFTER_MS) return;
        await this.engines.move(id, ply, turn, await this.variants.entry(turn.variant), now);
        return;
      }
      const { level, budgetMs } = turn.computer;
      const r = await this.pool.suggest(turn.v, { position: turn.startPosition, moves: turn.moves }, { level, budgetMs });
      if (!r.ok) {
        if (r.error.code === 'SEARCH_QUEUE_FULL') setTimeout(() => void this.move(id, ply), RETRY_MS).unref();
        else if (r.error.code !== 'SEARCH_POOL_CLOSED')
          this.logger.warn(`game ${id} ply ${ply}: no computer move (${r.error.code}: ${r.error.message})`);
        return;
      }
      await this.moves.play(id, null, r.value.bestMove.notation, ply, true);
    } catch (e) {
      // Another instance played this ply first (409), or the game ended meanwhile: nothing to do.
      const expected =
        e instanceof ProblemError && (e.code === 'STALE_PLY' || e.code === 'ILLEGAL_MOVE' || e.code === 'DATABASE_UNAVAILABLE');
      // (ILLEGAL_MOVE covers GAME_OVER: the flag fell, or the game ended, while an engine thought.)
      if (!expected) this.logger.error(`game ${id} ply ${ply}: computer move failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.inFlight.delete(key);
    }
  }
}
