/**
 * Where a client's use of its quota is counted. The limiter asks for a slice of the quota at a time (a
 * lease), so the store is consulted once per slice, not once per request; the store's count is the sum
 * of every slice handed out, by every process that shares it, so together they never exceed the limit.
 */

export interface QuotaClaim {
  /** Units handed out by this claim: `want`, or less when the window is nearly used up. */
  granted: number;
  /** Units handed out in this window so far, this claim included. */
  used: number;
}

export interface QuotaStore {
  /**
   * Hands out up to `want` units of `key`'s quota of `max` in the window starting at `windowStart` (ms).
   * `force` records the units even past `max`: work already done is charged, never refused.
   */
  claim(key: string, windowStart: number, want: number, max: number, force: boolean): Promise<QuotaClaim>;
}

/** The quota of one process: exact when this process is the only one (PGlite, or no database). */
export class MemoryQuotaStore implements QuotaStore {
  private readonly windows = new Map<string, { windowStart: number; used: number }>();
  private sweptAt = 0;

  async claim(key: string, windowStart: number, want: number, max: number, force: boolean): Promise<QuotaClaim> {
    if (windowStart !== this.sweptAt) this.sweep(windowStart);
    let w = this.windows.get(key);
    if (!w || w.windowStart !== windowStart) {
      w = { windowStart, used: 0 };
      this.windows.set(key, w);
    }
    const granted = force ? want : Math.max(0, Math.min(want, max - w.used));
    w.used += granted;
    return { granted, used: w.used };
  }

  /** Windows end together, so everything older than the current one can go at its start. */
  private sweep(windowStart: number): void {
    for (const [key, w] of this.windows) if (w.windowStart < windowStart) this.windows.delete(key);
    this.sweptAt = windowStart;
  }
}
