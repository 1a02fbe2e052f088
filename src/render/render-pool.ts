/**
 * PNG and GIF encoding in worker threads, so rasterising never blocks the event loop. A fixed number
 * of workers take one job each; further jobs wait in a bounded queue, and a job that finds the queue
 * full is refused at once (RENDER_QUEUE_FULL, for a 503 with Retry-After) rather than piling up
 * memory: a queued GIF holds all its frames' SVG text. Every answer is a Result; nothing here rejects.
 *
 * Which file the workers run: always the compiled `render-worker.js`. From the compiled app it is the
 * sibling of this file (dist/src/render/). Under Vitest this file runs from its TypeScript source,
 * and a worker thread cannot load TypeScript without a loader the project does not have; since
 * `npm test` builds first, the pool then uses the compiled worker under the project root's
 * dist/src/render/ (the project root being the nearest folder up with a package.json). When that
 * file is missing the job answers RENDER_WORKER_MISSING saying to run `npm run build`.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { compiledWorkerFile } from '../workers/worker-file';
import { Worker } from 'node:worker_threads';
import { Problem, Result, err, ok } from '../engine/result';
import { MAX_IMAGE_SIZE, MIN_IMAGE_SIZE, checkAnimation } from './options';
import { DEFAULT_THEME, THEMES, ThemeName } from './themes';
import type { WorkerAnswer, WorkerJob } from './worker-protocol';

export const RENDER_REFUSALS = [
  'RENDER_QUEUE_FULL',
  'RENDER_POOL_CLOSED',
  'RENDER_BAD_REQUEST',
  'RENDER_WORKER_MISSING',
  'RENDER_FAILED',
] as const;
export type RenderRefusalCode = (typeof RENDER_REFUSALS)[number];

export interface RenderRefusal {
  code: RenderRefusalCode;
  message: string;
  /** For RENDER_BAD_REQUEST: every problem with the job. */
  problems?: Problem[];
}

export type RenderResult = Result<Buffer, RenderRefusal>;

/** Jobs that may wait for a worker. With 300 frames of a 19×19 board a GIF job holds ~10 MB of SVG. */
export const DEFAULT_RENDER_QUEUE = 32;

/** One core stays with the event loop; a single-core machine still gets one worker. */
export function defaultRenderWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface RenderPoolOptions {
  workers?: number;
  maxQueue?: number;
  /** The compiled worker script; see the file comment for the default. */
  workerFile?: string;
}

export interface RenderPoolStats {
  workers: number;
  busy: number;
  queued: number;
  closed: boolean;
}

/** A job before the pool numbers it (Omit over each member of the union). */
type JobBody = WorkerJob extends infer J ? (J extends unknown ? Omit<J, 'id'> : never) : never;

interface Pending {
  body: JobBody;
  settle: (r: RenderResult) => void;
}

interface Slot {
  worker: Worker;
  job: (Pending & { id: number }) | null;
}

export function defaultWorkerFile(): string {
  return compiledWorkerFile(__dirname, 'render', 'render-worker.js');
}

const refuse = (code: RenderRefusalCode, message: string, problems?: Problem[]): RenderResult =>
  err(problems ? { code, message, problems } : { code, message });

export class RenderPool {
  readonly maxWorkers: number;
  readonly maxQueue: number;
  readonly workerFile: string;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.maxWorkers = Math.max(1, Math.floor(options.workers ?? defaultRenderWorkers()));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue ?? DEFAULT_RENDER_QUEUE));
    this.workerFile = options.workerFile ?? defaultWorkerFile();
  }

  /** The PNG of an SVG from renderSvg, `size` × `size` pixels. */
  png(svg: string, size: number): Promise<RenderResult> {
    if (typeof svg !== 'string' || !Number.isInteger(size) || size < MIN_IMAGE_SIZE || size > MAX_IMAGE_SIZE) {
      return Promise.resolve(
        refuse('RENDER_BAD_REQUEST', `a PNG needs an SVG and a size from ${MIN_IMAGE_SIZE} to ${MAX_IMAGE_SIZE} pixels`),
      );
    }
    return this.submit({ kind: 'png', svg, size });
  }

  /** An animated GIF, one frame per SVG (the start position, then one per ply), looping forever. */
  gif(frames: readonly string[], size: number, delayMs: number, theme: ThemeName = DEFAULT_THEME): Promise<RenderResult> {
    const checked = checkAnimation(Array.isArray(frames) ? frames.length : 0, size, delayMs);
    if (!checked.ok) return Promise.resolve(refuse('RENDER_BAD_REQUEST', 'the animation is out of bounds', checked.error));
    if (!(THEMES as readonly string[]).includes(theme)) {
      return Promise.resolve(refuse('RENDER_BAD_REQUEST', `theme must be one of ${THEMES.join(', ')}`));
    }
    return this.submit({ kind: 'gif', frames, size, delayMs, theme });
  }

  stats(): RenderPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job !== null).length,
      queued: this.queue.length,
      closed: this.closed,
    };
  }

  /** Refuses what waits, ends the jobs running (RENDER_POOL_CLOSED) and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.settle(refuse('RENDER_POOL_CLOSED', 'the render pool is closed'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      s.job?.settle(refuse('RENDER_POOL_CLOSED', 'the render pool closed during the job'));
      s.job = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private submit(body: JobBody): Promise<RenderResult> {
    return new Promise<RenderResult>((resolve) => {
      if (this.closed) return resolve(refuse('RENDER_POOL_CLOSED', 'the render pool is closed'));
      const pending: Pending = { body, settle: resolve };
      const slot = this.freeSlot();
      if (slot === 'missing') {
        return resolve(
          refuse(
            'RENDER_WORKER_MISSING',
            `render worker not found at ${this.workerFile}: run \`npm run build\` (workers run the compiled file)`,
          ),
        );
      }
      if (slot) return this.start(slot, pending);
      if (this.queue.length >= this.maxQueue) {
        return resolve(refuse('RENDER_QUEUE_FULL', `the render queue is full (${this.maxQueue} jobs waiting); try again shortly`));
      }
      this.queue.push(pending);
    });
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
    // No inherited execArgv: the parent may run under a test runner's loader flags the worker must not get.
    const worker = new Worker(this.workerFile, { execArgv: [] });
    const slot: Slot = { worker, job: null };
    worker.on('message', (answer: WorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      slot.job = null;
      worker.unref();
      job.settle(
        answer.ok
          ? ok(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength))
          : refuse('RENDER_FAILED', answer.message),
      );
      this.drain();
    });
    const lost = (why: string): void => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return; // closed on purpose
      this.slots.splice(i, 1);
      slot.job?.settle(refuse('RENDER_FAILED', `the render worker ${why}`));
      slot.job = null;
      this.drain();
    };
    worker.on('error', (e) => {
      lost(`failed: ${e.message}`);
      void worker.terminate();
    });
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    const job = { ...pending, id: this.nextId++ };
    slot.job = job;
    // Busy workers keep the process alive; idle ones do not, so a forgotten pool cannot hang an exit.
    slot.worker.ref();
    slot.worker.postMessage({ ...job.body, id: job.id } as WorkerJob);
  }

  private drain(): void {
    while (this.queue.length && !this.closed) {
      const slot = this.freeSlot();
      if (slot === null) return;
      if (slot === 'missing') {
        const message = `render worker not found at ${this.workerFile}: run \`npm run build\``;
        for (const p of this.queue.splice(0)) p.settle(refuse('RENDER_WORKER_MISSING', message));
        return;
      }
      const next = this.queue.shift();
      if (next) this.start(slot, next);
    }
  }
}
