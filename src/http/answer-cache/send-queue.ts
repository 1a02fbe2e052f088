/**
 * Early answers are written together once the event loop has handled what it read in one turn, not
 * each as soon as it is made: with several requests ready at once, their work runs back to back and
 * then their writes, instead of every answer's trip through the kernel coming between two requests'
 * work (and evicting what the next one's work had in the processor's caches). Measured with
 * bench:speed's distinct legal-moves misses, three pairs of runs: 3–8% less CPU a request. An answer
 * waits at most until the end of the turn it was made in.
 */
export class SendQueue {
  private queue: (() => void)[] = [];

  /** `onError`: a send that threw (its answer is lost; the caller's handler decides what to do). */
  constructor(private readonly onError: (e: unknown) => void) {}

  add(send: () => void): void {
    if (this.queue.push(send) === 1) setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    const sends = this.queue;
    this.queue = [];
    for (const send of sends) {
      try {
        send();
      } catch (e) {
        this.onError(e);
      }
    }
  };
}
