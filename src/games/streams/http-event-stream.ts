/**
 * The body of one streaming HTTP answer: a Readable that Fastify pipes to the socket (so every hook
 * still sets its headers). Fastify stops reading it while the socket is full; what it holds meanwhile
 * is capped at `maxBufferedBytes`, past which the reader is dropped rather than let the server's
 * memory grow with its backlog.
 */
import { Readable } from 'node:stream';
import { CloseReason, EventSink } from '../events/event-subscription';
import { OutgoingEvent } from '../events/game-event';
import { StreamFormat, frame, keepAlive } from './stream-format';

/** On shutdown a stream ends cleanly; one whose reader has not taken the end this long after is cut. */
const SHUTDOWN_GRACE_MS = 1_000;

export class HttpEventStream extends Readable implements EventSink {
  private readonly keepAliveTimer: NodeJS.Timeout;
  private waiters: (() => void)[] = [];
  /** Called once when the answer is over, however it ended (the reader left, the game ended, a drop). */
  onGone: (() => void) | null = null;

  constructor(
    readonly format: StreamFormat,
    keepAliveMs: number,
    private readonly maxBufferedBytes: number,
  ) {
    super();
    // A line only on an idle stream: one with a backlog is not idle, and must not grow it.
    this.keepAliveTimer = setInterval(() => {
      if (this.readableLength === 0) this.push(keepAlive(this.format));
    }, keepAliveMs);
    this.once('close', () => {
      clearInterval(this.keepAliveTimer);
      this.wake();
      this.onGone?.();
    });
  }

  /**
   * Called once the stream is set up, before it is sent: the answer's headers leave with its first
   * bytes, so a resumed stream with nothing new yet starts with a keep-alive. Otherwise the client
   * would not even see the 200 until the first keep-alive interval passed.
   */
  start(): void {
    if (this.readableLength === 0 && !this.destroyed) this.push(keepAlive(this.format));
  }

  send(e: OutgoingEvent): boolean {
    if (this.destroyed) return false;
    const bytes = frame(this.format, e);
    // With nothing waiting any one event goes out (a long game's gameFull may exceed the cap alone).
    if (this.readableLength > 0 && this.readableLength + bytes.length > this.maxBufferedBytes) return false;
    this.push(bytes);
    return true;
  }

  drained(): Promise<void> {
    if (this.destroyed || this.readableLength < this.readableHighWaterMark) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(reason: CloseReason): void {
    clearInterval(this.keepAliveTimer);
    if (this.destroyed) return;
    if (reason === 'dropped' || reason === 'client') {
      this.destroy();
      return;
    }
    this.push(null);
    if (reason === 'shutdown') setTimeout(() => this.destroy(), SHUTDOWN_GRACE_MS).unref();
  }

  override _read(): void {
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
