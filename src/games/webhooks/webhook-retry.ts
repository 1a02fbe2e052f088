/**
 * When a failed delivery is tried again: exponential backoff from `baseMs` (doubling per attempt, at
 * most an hour apart) with jitter, so receivers coming back are not hit by every instance at once.
 */
export const MAX_RETRY_DELAY_MS = 3_600_000;

/** The delay after the `attempts`-th failed attempt (1, 2, …); `random` in [0, 1). */
export function retryDelay(attempts: number, baseMs: number, random: number = Math.random()): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  // "Equal jitter": half the delay fixed, half random; never sooner than half the backoff.
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
