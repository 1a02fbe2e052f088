/**
 * One open stream of one game, whatever its transport: it hands the sink every event after its cursor
 * exactly once and in seq order. Live events come from the instance's watch of the game; whenever the
 * next one is not the cursor's successor (the stream starts behind, or joined while the watch was
 * ahead) the subscription reads the missing ones from the event log itself, then goes live again.
 */
import { OutgoingEvent, endsStream } from './game-event';

export type CloseReason = 'finished' | 'client' | 'dropped' | 'shutdown';

/** The transport's end of a subscription: an HTTP response, a GraphQL iterator. */
export interface EventSink {
  /** Queues one event; false when the reader is too far behind, and the subscription is dropped. */
  send(e: OutgoingEvent): boolean;
  /** Resolves once the reader has room again: a catch-up waits for it between reads. */
  drained(): Promise<void>;
  /** Ends the transport. Called once, whoever closes the subscription. */
  close(reason: CloseReason): void;
}

/** What a subscription asks of its game's watch. */
export interface EventSource {
  /** Events after `seq` from the log, in order (a slice of them). */
  read(seq: number): Promise<OutgoingEvent[]>;
  /** The highest seq the watch has read and offered to its subscriptions. */
  fetched(): number;
  /** The game is known to have reached `seq` (a subscription's own read of it). */
  reached(seq: number): void;
}

/** After a failed read of the log (the database is away), the next try waits this long. */
export const READ_RETRY_MS = 1_000;

export class EventSubscription {
  private cursor = 0;
  /** Whether offers from the watch are taken (false before the start and while catching up). */
  private live = false;
  private closedFor: CloseReason | null = null;

  constructor(
    private readonly source: EventSource,
    private readonly sink: EventSink,
    private readonly onClosed: (s: EventSubscription) => void,
  ) {}

  get closed(): boolean {
    return this.closedFor !== null;
  }

  /**
   * Starts after `cursor`: the opening line first (a gameFull), then the log's events after `cursor`,
   * then live ones. `lastSeq` is the game's last seq as the caller read it; `finished` closes the
   * stream at once (a finished game with nothing after `cursor`).
   */
  start(cursor: number, opening: OutgoingEvent | null, lastSeq: number, finished: boolean): void {
    if (this.closed) return;
    this.cursor = cursor;
    this.source.reached(lastSeq);
    if (opening && !this.deliver(opening)) return;
    if (finished) return this.close('finished');
    void this.catchUp();
  }

  /** Events the watch read from the log, in order. */
  offer(events: readonly OutgoingEvent[]): void {
    if (!this.live) return;
    for (const e of events) {
      if (e.seq <= this.cursor) continue;
      if (e.seq !== this.cursor + 1) {
        void this.catchUp();
        return;
      }
      if (!this.deliver(e)) return;
    }
  }

  close(reason: CloseReason): void {
    if (this.closed) return;
    this.closedFor = reason;
    this.live = false;
    this.sink.close(reason);
    this.onClosed(this);
  }

  /** False once the subscription is closed (dropped, or the game is over). */
  private deliver(e: OutgoingEvent): boolean {
    if (!this.sink.send(e)) {
      this.close('dropped');
      return false;
    }
    if (e.data.type === 'gameState') this.cursor = e.seq;
    if (endsStream(e.data)) {
      this.close('finished');
      return false;
    }
    return true;
  }

  private async catchUp(): Promise<void> {
    this.live = false;
    while (!this.closed) {
      // Checked and acted on in one turn of the event loop, so no offer can slip between the two.
      if (this.cursor >= this.source.fetched()) {
        this.live = true;
        return;
      }
      let batch: OutgoingEvent[];
      try {
        batch = await this.source.read(this.cursor);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
        continue;
      }
      if (this.closed) return;
      if (batch.length === 0) {
        // The watch offered what the log does not hold: nothing to wait for.
        this.live = true;
        return;
      }
      for (const e of batch) if (e.seq > this.cursor && !this.deliver(e)) return;
      await this.sink.drained();
    }
  }
}
