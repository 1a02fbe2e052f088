/**
 * Worker threads for work that must not block the event loop, one shape for every room that has such
 * work (render: PNG and GIF encoding; search: move suggestion). Up to `workers` threads, started when
 * first needed, take one job each; further jobs wait in a bounded queue, and a job that finds it full
 * is refused at once ('queue-full', for a 503 with Retry-After) rather than piling up memory. With
 * `maxPerClient`, a client key with that many jobs queued or running is refused ('client-limit').
 * Every answer is a PoolOutcome; nothing here rejects.
 *
 * Cancellation (cancel(id), or the job's AbortSignal: a client that disconnected) answers 'cancelled'
 * at once. A queued job is dropped. A running one keeps its worker until the worker answers, and a
 * worker busy with synchronous work cannot read a message meanwhile: so a pool given `stopCell` hands
 * each worker a one-integer shared cell, and writes the id of the job to stop into it, for the worker
 * to poll (0 while there is none). A job may carry a deadline: a worker still silent then is
 * terminated and replaced ('failed'), the last resort for work that stopped polling.
 *
 * Workers always run a compiled script (see worker-file.ts); when it is missing a job answers
 * 'worker-missing' saying to run `npm run build`.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PoolOutcome, PoolRefusalKind } from './pool-outcome';

/** A job message before the pool numbers it (Omit over each member of a union). */
export type JobBody<J> = J extends unknown ? Omit<J, 'id'> : never;

/** The watchdog's timer; tests pass one they fire by hand instead of waiting. */
export interface DeadlineTimer {
  start(fire: () => void, ms: number): unknown;
  stop(handle: unknown): void;
}

const REAL_TIMER: DeadlineTimer = {
  // Unref'd: a watchdog must not keep the process alive when nothing else does.
  start: (fire, ms) => setTimeout(fire, ms).unref(),
  stop: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface WorkerPoolOptions {
  /** The room, for messages ("the render queue is full"). */
  name: string;
  workerFile: string;
  workers: number;
  maxQueue: number;
  /** Jobs one client key may have queued or running at once (default: no limit). */
  maxPerClient?: number;
  /** For workers that poll a stop cell: the workerData that hands a worker its cell. */
  stopCell?: (cell: SharedArrayBuffer) => unknown;
  timer?: DeadlineTimer;
}

export interface JobOptions {
  /** Aborting it cancels the job. */
  signal?: AbortSignal;
  /** Whose job it is, for maxPerClient and activeFor. */
  clientKey?: string;
  /** Milliseconds from the job's start on a worker after which a silent worker is replaced. */
  deadlineMs?: number;
  /** The room's check of the job: a message refuses it ('bad-request'), after 'closed' and 'cancelled'. */
  check?: () => string | null;
}

export interface PoolTicket<A> {
  /** For cancel(id). */
  id: number;
  result: Promise<PoolOutcome<A>>;
}

export interface WorkerPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Client keys with jobs queued or running. */
  clients: number;
  closed: boolean;
}

interface Pending<J, A> {
  id: number;
  body: JobBody<J>;
  deadlineMs: number | undefined;
  settled: boolean;
  settle: (o: PoolOutcome<A>) => void;
}

interface Slot<J, A> {
  worker: Worker;
  cell: Int32Array | null;
  /** The job the worker is running; it stays here after a cancellation until the worker answers. */
  job: Pending<J, A> | null;
  watchdog: unknown;
}

const refusal = <A>(kind: PoolRefusalKind, message: string): PoolOutcome<A> => ({ ok: false, refusal: { kind, message } });

export class WorkerPool<J extends { id: number }, A extends { id: number }> {
  readonly name: string;
  readonly workerFile: string;
  readonly maxWorkers: number;
  readonly maxQueue: number;
  readonly maxPerClient: number;
  private readonly stopCell: ((cell: SharedArrayBuffer) => unknown) | undefined;
  private readonly timer: DeadlineTimer;
  private readonly slots: Slot<J, A>[] = [];
  private readonly queue: Pending<J, A>[] = [];
  private readonly perClient = new Map<string, number>();
  private readonly byId = new Map<number, Pending<J, A>>();
  private nextId = 1;
  private isClosed = false;

  constructor(options: WorkerPoolOptions) {
    this.name = options.name;
    this.workerFile = options.workerFile;
    this.maxWorkers = Math.max(1, Math.floor(options.workers));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue));
    this.maxPerClient = options.maxPerClient === undefined ? Infinity : Math.max(1, Math.floor(options.maxPerClient));
    this.stopCell = options.stopCell;
    this.timer = options.timer ?? REAL_TIMER;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Queues a job (numbered here: `body` is the message without its id); the ticket's id cancels it. */
  submit(body: JobBody<J>, options: JobOptions = {}): PoolTicket<A> {
    const id = this.nextId++;
    const { promise: result, resolve } = Promise.withResolvers<PoolOutcome<A>>();
    const { signal, clientKey: key } = options;
    const onAbort = (): void => void this.cancel(id);
    const pending: Pending<J, A> = {
      id,
      body,
      deadlineMs: options.deadlineMs,
      settled: false,
      settle: (o) => {
        if (pending.settled) return;
        pending.settled = true;
        this.byId.delete(id);
        if (key !== undefined) {
          const left = (this.perClient.get(key) ?? 1) - 1;
          if (left > 0) this.perClient.set(key, left);
          else this.perClient.delete(key);
        }
        signal?.removeEventListener('abort', onAbort);
        resolve(o);
      },
    };
    const refuse = (kind: PoolRefusalKind, message: string): PoolTicket<A> => {
      resolve(refusal(kind, message));
      return { id, result };
    };
    if (this.isClosed) return refuse('closed', `the ${this.name} pool is closed`);
    if (signal?.aborted) return refuse('cancelled', `the ${this.name} job was cancelled before it started`);
    const bad = options.check?.() ?? null;
    if (bad !== null) return refuse('bad-request', bad);
    if (key !== undefined && (this.perClient.get(key) ?? 0) >= this.maxPerClient) {
      return refuse('client-limit', `this client already has ${this.maxPerClient} ${this.name} jobs running or waiting`);
    }
    const slot = this.freeSlot();
    if (slot === 'missing') return refuse('worker-missing', this.missingMessage());
    if (!slot && this.queue.length >= this.maxQueue) {
      return refuse('queue-full', `the ${this.name} queue is full (${this.maxQueue} jobs waiting); try again shortly`);
    }
    if (key !== undefined) this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    this.byId.set(id, pending);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (slot) this.start(slot, pending);
    else this.queue.push(pending);
    return { id, result };
  }

  /**
   * Cancels a queued or running job: it answers 'cancelled' now; a running one is told through its
   * worker's stop cell, when there is one. False when the job is unknown or already answered.
   */
  cancel(id: number): boolean {
    const pending = this.byId.get(id);
    if (!pending || pending.settled) return false;
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    else {
      const cell = this.slots.find((s) => s.job === pending)?.cell;
      if (cell) Atomics.store(cell, 0, id);
    }
    pending.settle(refusal('cancelled', `the ${this.name} job was cancelled`));
    return true;
  }

  /** Jobs of a client key queued or running. */
  activeFor(clientKey: string): number {
    return this.perClient.get(clientKey) ?? 0;
  }

  stats(): WorkerPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job !== null).length,
      queued: this.queue.length,
      clients: this.perClient.size,
      closed: this.isClosed,
    };
  }

  /** Refuses what waits, ends the jobs running ('closed') and stops every worker. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const p of this.queue.splice(0)) p.settle(refusal('closed', `the ${this.name} pool is closed`));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      const job = s.job;
      this.finish(s);
      job?.settle(refusal('closed', `the ${this.name} pool closed during the job`));
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private missingMessage(): string {
    return `${this.name} worker not found at ${this.workerFile}: run \`npm run build\` (workers run the compiled file)`;
  }

  /** An idle worker, a new one while under the limit, null when all are busy. */
  private freeSlot(): Slot<J, A> | null | 'missing' {
    const idle = this.slots.find((s) => s.job === null);
    if (idle) return idle;
    if (this.slots.length >= this.maxWorkers) return null;
    if (!existsSync(this.workerFile)) return 'missing';
    return this.spawn();
  }

  private spawn(): Slot<J, A> {
    const shared = this.stopCell ? new SharedArrayBuffer(4) : null;
    // No inherited execArgv: the parent may run under a test runner's loader flags the worker must not get.
    const worker = new Worker(this.workerFile, { execArgv: [], workerData: shared && this.stopCell?.(shared) });
    const slot: Slot<J, A> = { worker, cell: shared && new Int32Array(shared), job: null, watchdog: null };
    worker.on('message', (answer: A) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      this.finish(slot);
      job.settle({ ok: true, answer });
      this.drain();
    });
    worker.on('error', (e) => {
      this.lose(slot, `failed: ${e.message}`);
      void worker.terminate();
    });
    worker.on('exit', (code) => this.lose(slot, `exited with code ${code}`));
    // Busy workers keep the process alive; idle ones do not, so a forgotten pool cannot hang an exit.
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** A worker gone without answering: its job fails and the queue moves on (a new worker if needed). */
  private lose(slot: Slot<J, A>, why: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return; // closed or replaced on purpose
    this.slots.splice(i, 1);
    const job = slot.job;
    this.finish(slot);
    job?.settle(refusal('failed', `the ${this.name} worker ${why}`));
    this.drain();
  }

  private finish(slot: Slot<J, A>): void {
    if (slot.watchdog !== null) this.timer.stop(slot.watchdog);
    slot.watchdog = null;
    slot.job = null;
    slot.worker.unref();
  }

  private start(slot: Slot<J, A>, pending: Pending<J, A>): void {
    slot.job = pending;
    if (slot.cell) Atomics.store(slot.cell, 0, 0);
    slot.worker.ref();
    const deadline = pending.deadlineMs;
    if (deadline !== undefined) slot.watchdog = this.timer.start(() => this.replace(slot, pending, deadline), deadline);
    slot.worker.postMessage({ ...pending.body, id: pending.id });
  }

  /** The watchdog: `pending` is still on a silent worker past its deadline. */
  private replace(slot: Slot<J, A>, pending: Pending<J, A>, deadline: number): void {
    if (slot.job !== pending) return;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.finish(slot);
    void slot.worker.terminate();
    pending.settle(refusal('failed', `the ${this.name} worker did not answer within ${deadline} ms and was replaced`));
    this.drain();
  }

  private drain(): void {
    while (this.queue.length && !this.isClosed) {
      const slot = this.freeSlot();
      if (slot === null) return;
      if (slot === 'missing') {
        for (const p of this.queue.splice(0)) p.settle(refusal('worker-missing', this.missingMessage()));
        return;
      }
      const next = this.queue.shift();
      if (next) this.start(slot, next);
    }
  }
}
