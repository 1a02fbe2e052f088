/** The rate limit's answer headers (IETF draft RateLimit fields), as name, value, name, value. */
import type { Admission } from './rate-limiter';

export const ADMISSION_HEADER_NAMES = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] as const;

export function admissionHeaders(a: Admission): [string, string, string, string, string, string] {
  const [limit, remaining, reset] = ADMISSION_HEADER_NAMES;
  return [limit, String(a.limit), remaining, String(a.remaining), reset, String(resetSecondsOf(a))];
}

/** Whole seconds until the window ends, at least one (a client told 0 would retry at once). */
export function resetSecondsOf(a: Admission): number {
  return Math.max(1, Math.ceil(a.resetMs / 1000));
}
