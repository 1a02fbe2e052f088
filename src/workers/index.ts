/**
 * The workers room's public surface: one worker-thread pool for the rooms whose work must not block
 * the event loop (render, search), and where their compiled worker scripts are. No framework, and
 * nothing from the other rooms: each room keeps its own messages and maps the pool's refusals to its
 * own codes.
 */
export { WorkerPool } from './worker-pool';
export type { DeadlineTimer, JobBody, JobOptions, PoolTicket, WorkerPoolOptions, WorkerPoolStats } from './worker-pool';
export { POOL_REFUSALS } from './pool-outcome';
export type { PoolOutcome, PoolRefusal, PoolRefusalKind } from './pool-outcome';
export { compiledWorkerFile } from './worker-file';
