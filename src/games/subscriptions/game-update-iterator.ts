/**
 * The GraphQL end of a subscription: the async iterator graphql-ws pulls from. graphql-ws pulls the
 * next value only once the previous one was written to the socket, so a slow reader shows up here as
 * a queue; past `maxBufferedBytes` (the events' JSON) the subscription is dropped, and with it the
 * connection.
 */
import type { ConnectionEnd } from '../../http/graphql-context';
import { CloseReason, EventSink } from '../events/event-subscription';
import { OutgoingEvent } from '../events/game-event';
import { GameUpdateView, toGameUpdate } from '../events/game-event.views';

export class GameUpdateIterator implements AsyncIterableIterator<GameUpdateView>, EventSink {
  private queue: OutgoingEvent[] = [];
  private queuedBytes = 0;
  private pulls: ((r: IteratorResult<GameUpdateView>) => void)[] = [];
  private drains: (() => void)[] = [];
  /** No value follows the queued ones. */
  private ended = false;
  /** The client stopped pulling (completed the subscription, or left). */
  onReturn: (() => void) | null = null;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly endConnection: (why: ConnectionEnd) => void,
  ) {}

  send(e: OutgoingEvent): boolean {
    if (this.ended) return false;
    const pull = this.pulls.shift();
    if (pull) {
      pull({ value: toGameUpdate(e.data), done: false });
      return true;
    }
    if (this.queue.length > 0 && this.queuedBytes + e.json.length > this.maxBufferedBytes) return false;
    this.queue.push(e);
    this.queuedBytes += e.json.length;
    return true;
  }

  drained(): Promise<void> {
    if (this.ended || this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drains.push(resolve));
  }

  close(reason: CloseReason): void {
    if (this.ended) return;
    this.ended = true;
    // A finished game's last events still go out, then the subscription completes.
    if (reason === 'finished' && this.queue.length > 0) return;
    this.finish();
    if (reason === 'dropped' || reason === 'shutdown') this.endConnection(reason);
  }

  next(): Promise<IteratorResult<GameUpdateView>> {
    const e = this.queue.shift();
    if (e) {
      this.queuedBytes -= e.json.length;
      if (this.queue.length === 0) this.wakeDrains();
      if (this.ended && this.queue.length === 0) this.finish();
      return Promise.resolve({ value: toGameUpdate(e.data), done: false });
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.pulls.push(resolve));
  }

  return(): Promise<IteratorResult<GameUpdateView>> {
    this.ended = true;
    this.queue = [];
    this.queuedBytes = 0;
    this.finish();
    this.onReturn?.();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(): Promise<IteratorResult<GameUpdateView>> {
    return this.return();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private finish(): void {
    const pulls = this.pulls;
    this.pulls = [];
    for (const p of pulls) p({ value: undefined, done: true });
    this.wakeDrains();
  }

  private wakeDrains(): void {
    const drains = this.drains;
    this.drains = [];
    for (const d of drains) d();
  }
}
