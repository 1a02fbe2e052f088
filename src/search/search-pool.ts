/**
 * Suggestions in worker threads, so a search never blocks the event loop. A fixed number of workers
 * (the cores minus one, at least one) take one job each; further jobs wait in a bounded queue, and a
 * job that finds it full is refused at once (SEARCH_QUEUE_FULL, for a 503 with Retry-After). A job may
 * carry a client key: with `maxPerClient` set, a client with that many jobs queued or running is
 * refused (SEARCH_CLIENT_LIMIT), which is the HTTP layer's MAX_SEARCHES_PER_CLIENT; activeFor(key)
 * counts them too, for a layer that prefers to check itself.
 *
 * Budgets are enforced inside the worker (the search reads the clock every few hundred nodes and
 * stops at budgetMs); as a last resort a worker that has not answered `watchdogMs` after its budget
 * is terminated and replaced (SEARCH_FAILED). Cancellation, by cancel(id) or an AbortSignal (a client
 * that disconnected), answers SEARCH_CANCELLED at once and stops the running search within a few
 * hundred nodes through a shared flag, which frees its worker for the next job; a queued job is simply
 * dropped. Every answer is a Result; nothing here rejects.
 *
 * Which file the workers run: always the compiled `search-worker.js`, found as the render pool finds
 * its worker (src/render/render-pool.ts): from the compiled app it is this file's sibling
 * (dist/src/search/); under Vitest, which runs the TypeScript sources, it is dist/src/search/ under
 * the project root (the nearest folder up with a package.json), built by `npm test` first. When it is
 * missing a job answers SEARCH_WORKER_MISSING saying to run `npm run build`.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { compiledWorkerFile } from '../workers/worker-file';
import { Worker } from 'node:worker_threads';
import type { CompiledVariant } from '../engine/compiled-variant';
import type { GameStateInput } from '../engine/operations';
import { SearchJob, SearchRefusalCode, SuggestResult, refusal, searchJob } from './job';
import { MAX_BUDGET_MS, SuggestOptions, checkSuggestOptions } from './levels';
import type { SearchWorkerAnswer, SearchWorkerData, SearchWorkerJob } from './worker-protocol';

/** Jobs that may wait for a worker. */
export const DEFAULT_SEARCH_QUEUE = 64;
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

interface Pending {
  id: number;
  job: SearchJob;
  clientKey: string | undefined;
  settled: boolean;
  settle: (r: SuggestResult) => void;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  /** The job the worker is running; it stays here after a cancellation until the worker answers. */
  job: Pending | null;
  watchdog: NodeJS.Timeout | null;
}

export function defaultSearchWorkerFile(): string {
  return compiledWorkerFile(__dirname, 'search', 'search-worker.js');
}

export class SearchPool {
  readonly maxWorkers: number;
  readonly maxQueue: number;
  readonly maxPerClient: number;
  readonly watchdogMs: number;
  readonly workerFile: string;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly perClient = new Map<string, number>();
  private readonly byId = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(options: SearchPoolOptions = {}) {
    this.maxWorkers = Math.max(1, Math.floor(options.workers ?? defaultSearchWorkers()));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue ?? DEFAULT_SEARCH_QUEUE));
    this.maxPerClient = options.maxPerClient === undefined ? Infinity : Math.max(1, Math.floor(options.maxPerClient));
    this.watchdogMs = Math.max(100, options.watchdogMs ?? DEFAULT_WATCHDOG_MS);
    this.workerFile = options.workerFile ?? defaultSearchWorkerFile();
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
    const id = this.nextId++;
    let resolve!: (r: SuggestResult) => void;
    const result = new Promise<SuggestResult>((r) => (resolve = r));
    const key = submit.clientKey;
    const signal = submit.signal;
    const onAbort = (): void => void this.cancel(id);
    const pending: Pending = {
      id,
      job,
      clientKey: key,
      settled: false,
      settle: (r) => {
        if (pending.settled) return;
        pending.settled = true;
        this.byId.delete(id);
        if (key !== undefined) {
          const left = (this.perClient.get(key) ?? 1) - 1;
          if (left > 0) this.perClient.set(key, left);
          else this.perClient.delete(key);
        }
        signal?.removeEventListener('abort', onAbort);
        resolve(r);
      },
    };
    const refuse = (code: SearchRefusalCode, message: string, extra = {}): SearchTicket => {
      resolve(refusal(code, message, extra));
      return { id, result };
    };
    if (this.closed) return refuse('SEARCH_POOL_CLOSED', 'the search pool is closed');
    if (signal?.aborted) return refuse('SEARCH_CANCELLED', 'the search was cancelled before it started');
    const checked = checkSuggestOptions(job?.options);
    if (!checked.ok) return refuse('SEARCH_BAD_REQUEST', 'the search options are out of bounds', { problems: checked.error });
    if (key !== undefined && (this.perClient.get(key) ?? 0) >= this.maxPerClient) {
      return refuse('SEARCH_CLIENT_LIMIT', `this client already has ${this.maxPerClient} searches running or waiting`);
    }
    const slot = this.freeSlot();
    if (slot === 'missing') {
      return refuse(
        'SEARCH_WORKER_MISSING',
        `search worker not found at ${this.workerFile}: run \`npm run build\` (workers run the compiled file)`,
      );
    }
    if (!slot && this.queue.length >= this.maxQueue) {
      return refuse('SEARCH_QUEUE_FULL', `the search queue is full (${this.maxQueue} jobs waiting); try again shortly`);
    }
    if (key !== undefined) this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    this.byId.set(id, pending);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (slot) this.start(slot, pending);
    else this.queue.push(pending);
    return { id, result };
  }

  /**
   * Cancels a queued or running job: it answers SEARCH_CANCELLED now, and a running search stops
   * within a few hundred nodes, freeing its worker. False when the job is unknown or already answered.
   */
  cancel(id: number): boolean {
    const pending = this.byId.get(id);
    if (!pending || pending.settled) return false;
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    else {
      const slot = this.slots.find((s) => s.job === pending);
      if (slot) Atomics.store(slot.cancel, 0, id);
    }
    pending.settle(refusal('SEARCH_CANCELLED', 'the search was cancelled'));
    return true;
  }

  /** Jobs of a client key queued or running. */
  activeFor(clientKey: string): number {
    return this.perClient.get(clientKey) ?? 0;
  }

  stats(): SearchPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job !== null).length,
      queued: this.queue.length,
      clients: this.perClient.size,
      closed: this.closed,
    };
  }

  /** Refuses what waits, ends the jobs running (SEARCH_POOL_CLOSED) and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.settle(refusal('SEARCH_POOL_CLOSED', 'the search pool is closed'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      if (s.watchdog) clearTimeout(s.watchdog);
      s.job?.settle(refusal('SEARCH_POOL_CLOSED', 'the search pool closed during the search'));
      s.job = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** An idle worker, a new one while under the limit, null when all are busy. */
  private freeSlot(): Slot | null | 'missing' {
    const idle = this.slots.find((s) => s.job === null);
    if (idle) return idle;
    if (this.slots.length >= this.maxWorkers) return null;
    if (!existsSync(this.workerFile)) return 'missing';
    return this.spawn();
  }

  private spawn(): Slot {
    const cancel = new SharedArrayBuffer(4);
    const data: SearchWorkerData = { cancel };
    // No inherited execArgv: the parent may run under a test runner's loader flags the worker must not get.
    const worker = new Worker(this.workerFile, { execArgv: [], workerData: data });
    const slot: Slot = { worker, cancel: new Int32Array(cancel), job: null, watchdog: null };
    worker.on('message', (answer: SearchWorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      this.finish(slot);
      job.settle(answer.result);
      this.drain();
    });
    const lost = (why: string): void => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return; // closed or replaced on purpose
      this.slots.splice(i, 1);
      const job = slot.job;
      this.finish(slot);
      job?.settle(refusal('SEARCH_FAILED', `the search worker ${why}`));
      this.drain();
    };
    worker.on('error', (e) => {
      lost(`failed: ${e.message}`);
      void worker.terminate();
    });
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.watchdog) clearTimeout(slot.watchdog);
    slot.watchdog = null;
    slot.job = null;
    slot.worker.unref();
  }

  private start(slot: Slot, pending: Pending): void {
    slot.job = pending;
    Atomics.store(slot.cancel, 0, 0);
    // Busy workers keep the process alive; idle ones do not, so a forgotten pool cannot hang an exit.
    slot.worker.ref();
    const budget = Math.min(Number(pending.job.options.budgetMs) || MAX_BUDGET_MS, MAX_BUDGET_MS);
    slot.watchdog = setTimeout(() => {
      if (slot.job !== pending) return;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      this.finish(slot);
      void slot.worker.terminate();
      pending.settle(refusal('SEARCH_FAILED', `the search worker did not answer within ${budget + this.watchdogMs} ms and was replaced`));
      this.drain();
    }, budget + this.watchdogMs);
    slot.watchdog.unref();
    const message: SearchWorkerJob = { id: pending.id, job: pending.job };
    slot.worker.postMessage(message);
  }

  private drain(): void {
    while (this.queue.length && !this.closed) {
      const slot = this.freeSlot();
      if (slot === null) return;
      if (slot === 'missing') {
        const message = `search worker not found at ${this.workerFile}: run \`npm run build\``;
        for (const p of this.queue.splice(0)) p.settle(refusal('SEARCH_WORKER_MISSING', message));
        return;
      }
      const next = this.queue.shift();
      if (next) this.start(slot, next);
    }
  }
}
