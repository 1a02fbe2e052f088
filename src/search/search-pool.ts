/**
 * Suggestions in worker threads (the shared WorkerPool, src/workers), so a search never blocks the
 * event loop. A job that finds the queue full is refused at once (SEARCH_QUEUE_FULL, for a 503 with
 * Retry-After). A job may carry a client key: with `maxPerClient` set, a client with that many jobs
 * queued or running is refused (SEARCH_CLIENT_LIMIT), which is the HTTP layer's
 * MAX_SEARCHES_PER_CLIENT; activeFor(key) counts them too, for a layer that prefers to check itself.
 *
 * Budgets are enforced inside the worker (the search reads the clock every few hundred nodes and
 * stops at budgetMs); as a last resort a worker that has not answered `watchdogMs` after its budget
 * is terminated and replaced (SEARCH_FAILED). Cancellation, by cancel(id) or an AbortSignal (a client
 * that disconnected), answers SEARCH_CANCELLED at once and stops the running search within a few
 * hundred nodes through the pool's stop cell, which the search polls with its clock; that frees its
 * worker for the next job. A queued job is simply dropped. Every answer is a Result; nothing here
 * rejects.
 *
 * Which file the workers run: always the compiled `search-worker.js`, found by compiledWorkerFile:
 * from the compiled app it is this file's sibling (dist/src/search/); under Vitest, which runs the
 * TypeScript sources, it is dist/src/search/ under the project root, built by `npm test` first. When
 * it is missing a job answers SEARCH_WORKER_MISSING saying to run `npm run build`.
 */
import { availableParallelism } from 'node:os';
import type { CompiledVariant } from '../engine/compiled-variant';
import type { GameStateInput } from '../engine/operations';
import type { Problem } from '../engine/result';
import { PoolOutcome, PoolRefusalKind, WorkerPool, compiledWorkerFile } from '../workers';
import { SearchJob, SearchRefusalCode, SuggestResult, refusal, searchJob } from './job';
import { MAX_BUDGET_MS, SuggestOptions, checkSuggestOptions } from './levels';
import type { SearchWorkerAnswer, SearchWorkerData, SearchWorkerJob } from './worker-protocol';

/** Jobs that may wait for a worker. */
export const DEFAULT_SEARCH_QUEUE = 64;
/** How many budgets a seeded search (ended by nodes, not time) may take before the watchdog acts. */
export const SEEDED_BUDGET_FACTOR = 10;
/** How long past its budget a worker may stay silent before it is replaced. */
export const DEFAULT_WATCHDOG_MS = 2000;

/** One core stays with the event loop; a single-core machine still gets one worker. */
export function defaultSearchWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface SearchPoolOptions {
  workers?: number;
  maxQueue?: number;
  /** Jobs one client key may have queued or running at once (default: no limit). */
  maxPerClient?: number;
  watchdogMs?: number;
  /** The compiled worker script; see the file comment for the default. */
  workerFile?: string;
}

export interface SubmitOptions {
  /** Aborting it cancels the job (e.g. the request's client disconnected). */
  signal?: AbortSignal;
  /** Whose job it is, for maxPerClient and activeFor. */
  clientKey?: string;
}

export interface SearchTicket {
  /** For cancel(id). */
  id: number;
  result: Promise<SuggestResult>;
}

export interface SearchPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Client keys with jobs queued or running. */
  clients: number;
  closed: boolean;
}

const CODES: Record<PoolRefusalKind, SearchRefusalCode> = {
  'queue-full': 'SEARCH_QUEUE_FULL',
  closed: 'SEARCH_POOL_CLOSED',
  cancelled: 'SEARCH_CANCELLED',
  'client-limit': 'SEARCH_CLIENT_LIMIT',
  'worker-missing': 'SEARCH_WORKER_MISSING',
  failed: 'SEARCH_FAILED',
  'bad-request': 'SEARCH_BAD_REQUEST',
};

export function defaultSearchWorkerFile(): string {
  return compiledWorkerFile(__dirname, 'search', 'search-worker.js');
}

export class SearchPool {
  readonly maxWorkers: number;
  readonly maxQueue: number;
  readonly maxPerClient: number;
  readonly watchdogMs: number;
  readonly workerFile: string;
  private readonly pool: WorkerPool<SearchWorkerJob, SearchWorkerAnswer>;

  constructor(options: SearchPoolOptions = {}) {
    this.pool = new WorkerPool({
      name: 'search',
      workerFile: options.workerFile ?? defaultSearchWorkerFile(),
      workers: options.workers ?? defaultSearchWorkers(),
      maxQueue: options.maxQueue ?? DEFAULT_SEARCH_QUEUE,
      maxPerClient: options.maxPerClient,
      stopCell: (cancel): SearchWorkerData => ({ cancel }),
    });
    this.maxWorkers = this.pool.maxWorkers;
    this.maxQueue = this.pool.maxQueue;
    this.maxPerClient = this.pool.maxPerClient;
    this.watchdogMs = Math.max(100, options.watchdogMs ?? DEFAULT_WATCHDOG_MS);
    this.workerFile = this.pool.workerFile;
  }

  /** Suggestions for a game of `v` (built-in or custom) in state `state`. */
  suggest(v: CompiledVariant, state: GameStateInput, options: SuggestOptions, submit: SubmitOptions = {}): Promise<SuggestResult> {
    return this.submit(searchJob(v, state, options), submit).result;
  }

  run(job: SearchJob, submit: SubmitOptions = {}): Promise<SuggestResult> {
    return this.submit(job, submit).result;
  }

  /** Queues a job; the ticket's id cancels it. */
  submit(job: SearchJob, submit: SubmitOptions = {}): SearchTicket {
    let problems: Problem[] | undefined;
    const check = (): string | null => {
      const checked = checkSuggestOptions(job?.options);
      if (checked.ok) return null;
      problems = checked.error;
      return 'the search options are out of bounds';
    };
    const budget = Math.min(Number(job?.options?.budgetMs) || MAX_BUDGET_MS, MAX_BUDGET_MS);
    // A seeded search ends by its node count, never by the clock, so a loaded machine may take longer
    // than its budget: the watchdog waits that much more for it before it calls the worker lost.
    const seeded = job?.options?.seed !== undefined && job?.options?.seed !== null;
    const deadlineMs = (seeded ? SEEDED_BUDGET_FACTOR * budget : budget) + this.watchdogMs;
    const ticket = this.pool.submit({ job }, { ...submit, check, deadlineMs });
    return { id: ticket.id, result: ticket.result.then((o) => searchResult(o, problems)) };
  }

  /**
   * Cancels a queued or running job: it answers SEARCH_CANCELLED now, and a running search stops
   * within a few hundred nodes, freeing its worker. False when the job is unknown or already answered.
   */
  cancel(id: number): boolean {
    return this.pool.cancel(id);
  }

  /** Jobs of a client key queued or running. */
  activeFor(clientKey: string): number {
    return this.pool.activeFor(clientKey);
  }

  stats(): SearchPoolStats {
    return this.pool.stats();
  }

  /** Refuses what waits, ends the jobs running (SEARCH_POOL_CLOSED) and stops every worker. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

function searchResult(o: PoolOutcome<SearchWorkerAnswer>, problems: Problem[] | undefined): SuggestResult {
  if (o.ok) return o.answer.result;
  const { kind, message } = o.refusal;
  return refusal(CODES[kind], message, kind === 'bad-request' ? { problems } : {});
}
