/** The rate limit's answer headers (IETF draft RateLimit fields), as name, value, name, value. */
import type { Admission } from './rate-limiter';

export function admissionHeaders(a: Admission): [string, string, string, string, string, string] {
  return ['ratelimit-limit', String(a.limit), 'ratelimit-remaining', String(a.remaining), 'ratelimit-reset', String(resetSecondsOf(a))];
}

/** Whole seconds until the window ends, at least one (a client told 0 would retry at once). */
export function resetSecondsOf(a: Admission): number {
  return Math.max(1, Math.ceil(a.resetMs / 1000));
}
