/**
 * What a worker pool answers: the worker's own answer, or a refusal of a kind every room shares. The
 * kinds are the pool's, not the rooms': each room maps them to its public codes (RENDER_QUEUE_FULL,
 * SEARCH_QUEUE_FULL, ...), so this folder needs nothing from the engine's Result or a room's catalogue.
 */

export const POOL_REFUSALS = [
  /** Every worker busy and `maxQueue` jobs waiting. */
  'queue-full',
  /** close() was called, before the job or during it. */
  'closed',
  /** cancel(id) or the job's AbortSignal. */
  'cancelled',
  /** The job's client key already has `maxPerClient` jobs queued or running. */
  'client-limit',
  /** The compiled worker script is not there (the project was not built). */
  'worker-missing',
  /** The worker died during the job, or stayed silent past the job's deadline. */
  'failed',
  /** The room's own check of the job, run by submit() in its place among the others. */
  'bad-request',
] as const;
export type PoolRefusalKind = (typeof POOL_REFUSALS)[number];

export interface PoolRefusal {
  kind: PoolRefusalKind;
  message: string;
}

export type PoolOutcome<A> = { ok: true; answer: A } | { ok: false; refusal: PoolRefusal };
