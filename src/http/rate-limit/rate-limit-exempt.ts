/** Routes the rate limit never counts (orchestrators probe them): one list for the limiter and the docs. */
export const RATE_LIMIT_EXEMPT: ReadonlySet<string> = new Set(['/health', '/ready']);
