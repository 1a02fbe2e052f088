/**
 * The fan-out of game events inside one instance. Whichever instance commits a change, PostgreSQL
 * notifies every instance LISTENing (`{gameId, seq}` only); an instance that has open streams of that
 * game reads the new events from the log once, for all of them. Nothing depends on a notification
 * arriving: after the listening connection comes back the watched games are read again, and each
 * subscription checks that seqs follow on, reading any it lacks. A watch exists exactly while a game
 * has open streams here, so closed streams leave nothing behind.
 */
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ProblemError } from '../../http/problem-error';
import { DatabaseService } from '../database/database.service';
import { OutgoingEvent } from './game-event';
import { EVENTS_PER_READ, GAME_EVENTS_CHANNEL, GameEventsRepository, parseNotification } from './game-events.repository';
import { EventSink, EventSource, EventSubscription, READ_RETRY_MS } from './event-subscription';

/** The events of one game this instance streams, read once for all its subscriptions. */
class GameWatch implements EventSource {
  readonly subscriptions = new Set<EventSubscription>();
  /** The highest seq read and offered; null until a subscription has said where the game stands. */
  private fetchedSeq: number | null = null;
  /** The highest seq announced by a notification or a subscription's own read. */
  private wanted = 0;
  /** Read the log whatever was announced (after listening restarted, or a full slice). */
  private look = false;
  private pumping = false;

  constructor(
    readonly gameId: string,
    private readonly events: GameEventsRepository,
    private readonly logger: Logger,
  ) {}

  async read(seq: number): Promise<OutgoingEvent[]> {
    return (await this.events.after(this.gameId, seq)).map((e) => new OutgoingEvent(e));
  }

  fetched(): number {
    return this.fetchedSeq ?? 0;
  }

  reached(seq: number): void {
    if (this.fetchedSeq === null) this.fetchedSeq = seq;
    this.announce(seq);
  }

  announce(seq: number): void {
    this.wanted = Math.max(this.wanted, seq);
    void this.pump();
  }

  resync(): void {
    this.look = true;
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.fetchedSeq === null) return;
    this.pumping = true;
    try {
      while (this.subscriptions.size > 0 && (this.look || this.wanted > this.fetchedSeq)) {
        // Consumed by this read; a resync while it runs asks for another.
        this.look = false;
        let batch: OutgoingEvent[];
        try {
          batch = await this.read(this.fetchedSeq);
        } catch (e) {
          this.logger.warn(`reading the events of game ${this.gameId} failed (${e instanceof Error ? e.message : String(e)}); retrying`);
          this.look = true;
          await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
          continue;
        }
        if (batch.length === 0) {
          this.wanted = this.fetchedSeq;
          continue;
        }
        this.fetchedSeq = batch[batch.length - 1].seq;
        if (batch.length === EVENTS_PER_READ) this.look = true;
        for (const s of [...this.subscriptions]) s.offer(batch);
      }
    } finally {
      this.pumping = false;
    }
  }
}

@Injectable()
export class GameEventHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('GameEvents');
  private readonly watches = new Map<string, GameWatch>();
  private stopping = false;

  constructor(
    private readonly db: DatabaseService,
    private readonly events: GameEventsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.db.listen(GAME_EVENTS_CHANNEL, {
      notify: (payload) => {
        const n = parseNotification(payload);
        if (n) this.watches.get(n.gameId)?.announce(n.seq);
      },
      // Listening (re)started: whatever was committed meanwhile is in the log.
      ready: () => {
        for (const w of this.watches.values()) w.resync();
      },
    });
  }

  /**
   * Ends every stream, so clients reconnect elsewhere at once, and refuses new ones. The HTTP layer
   * calls it before the server starts closing (GameStreams); the hook is the backstop.
   */
  stop(): void {
    this.stopping = true;
    for (const w of [...this.watches.values()]) for (const s of [...w.subscriptions]) s.close('shutdown');
  }

  beforeApplicationShutdown(): void {
    this.stop();
  }

  /**
   * A subscription of `gameId` delivering to `sink`, watched from now on; the caller reads where the
   * game stands and then calls `start`. Joining before that read is what makes a change committed in
   * between impossible to miss.
   */
  join(gameId: string, sink: EventSink, onClosed: () => void): EventSubscription {
    if (this.stopping) throw ProblemError.shuttingDown();
    let watch = this.watches.get(gameId);
    if (!watch) {
      watch = new GameWatch(gameId, this.events, this.logger);
      this.watches.set(gameId, watch);
    }
    const w = watch;
    const subscription = new EventSubscription(w, sink, (s) => {
      w.subscriptions.delete(s);
      if (w.subscriptions.size === 0 && this.watches.get(gameId) === w) this.watches.delete(gameId);
      onClosed();
    });
    w.subscriptions.add(subscription);
    return subscription;
  }

  /** Open subscriptions and watched games of this instance (for tests and the benchmark). */
  stats(): { games: number; subscriptions: number } {
    let subscriptions = 0;
    for (const w of this.watches.values()) subscriptions += w.subscriptions.size;
    return { games: this.watches.size, subscriptions };
  }
}
