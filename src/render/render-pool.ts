/**
 * PNG and GIF encoding in worker threads (the shared WorkerPool, src/workers), so rasterising never
 * blocks the event loop. A job that finds the queue full is refused at once (RENDER_QUEUE_FULL, for a
 * 503 with Retry-After) rather than piling up memory: a queued GIF holds all its frames' SVG text.
 * Jobs are checked here before they reach a worker (RENDER_BAD_REQUEST); rendering has no client caps,
 * cancellation or deadline. Every answer is a Result; nothing here rejects.
 *
 * Which file the workers run: always the compiled `render-worker.js`, found by compiledWorkerFile:
 * from the compiled app the sibling of this file (dist/src/render/); under Vitest, which runs the
 * TypeScript sources, dist/src/render/ under the project root, built by `npm test` first. When that
 * file is missing the job answers RENDER_WORKER_MISSING saying to run `npm run build`.
 */
import { availableParallelism } from 'node:os';
import { Problem, Result, err, ok } from '../engine/result.js';
import { PoolOutcome, PoolRefusalKind, WorkerPool, compiledWorkerFile } from '../workers/index.js';
import { MAX_IMAGE_SIZE, MIN_IMAGE_SIZE, checkAnimation } from './options.js';
import { DEFAULT_THEME, THEMES, ThemeName } from './themes.js';
import type { WorkerAnswer, WorkerJob } from './worker-protocol.js';

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

/**
 * The pool's refusals as this room's codes. Rendering passes no client key or signal, so 'client-limit'
 * and 'cancelled' never come; they have the nearest codes only so that every kind has one.
 */
const CODES: Record<PoolRefusalKind, RenderRefusalCode> = {
  'queue-full': 'RENDER_QUEUE_FULL',
  closed: 'RENDER_POOL_CLOSED',
  cancelled: 'RENDER_FAILED',
  'client-limit': 'RENDER_QUEUE_FULL',
  'worker-missing': 'RENDER_WORKER_MISSING',
  failed: 'RENDER_FAILED',
  'bad-request': 'RENDER_BAD_REQUEST',
};

export function defaultWorkerFile(): string {
  return compiledWorkerFile(__dirname, 'render', 'render-worker.js');
}

const refuse = (code: RenderRefusalCode, message: string, problems?: Problem[]): RenderResult =>
  err(problems ? { code, message, problems } : { code, message });

function renderResult(o: PoolOutcome<WorkerAnswer>): RenderResult {
  if (!o.ok) return refuse(CODES[o.refusal.kind], o.refusal.message);
  const a = o.answer;
  return a.ok ? ok(Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength)) : refuse('RENDER_FAILED', a.message);
}

export class RenderPool {
  readonly maxWorkers: number;
  readonly maxQueue: number;
  readonly workerFile: string;
  private readonly pool: WorkerPool<WorkerJob, WorkerAnswer>;

  constructor(options: RenderPoolOptions = {}) {
    this.pool = new WorkerPool({
      name: 'render',
      workerFile: options.workerFile ?? defaultWorkerFile(),
      workers: options.workers ?? defaultRenderWorkers(),
      maxQueue: options.maxQueue ?? DEFAULT_RENDER_QUEUE,
    });
    this.maxWorkers = this.pool.maxWorkers;
    this.maxQueue = this.pool.maxQueue;
    this.workerFile = this.pool.workerFile;
  }

  /** The PNG of an SVG from renderSvg, `size` × `size` pixels. */
  png(svg: string, size: number): Promise<RenderResult> {
    if (typeof svg !== 'string' || !Number.isInteger(size) || size < MIN_IMAGE_SIZE || size > MAX_IMAGE_SIZE) {
      return Promise.resolve(
        refuse('RENDER_BAD_REQUEST', `a PNG needs an SVG and a size from ${MIN_IMAGE_SIZE} to ${MAX_IMAGE_SIZE} pixels`),
      );
    }
    return this.pool.submit({ kind: 'png', svg, size }).result.then(renderResult);
  }

  /**
   * An animated GIF, one frame per SVG (the start position, then one per ply), looping forever.
   * `threats`: the frames draw the threat marks, so their colours must be in the palette.
   */
  gif(frames: readonly string[], size: number, delayMs: number, theme: ThemeName = DEFAULT_THEME, threats = false): Promise<RenderResult> {
    const checked = checkAnimation(Array.isArray(frames) ? frames.length : 0, size, delayMs);
    if (!checked.ok) return Promise.resolve(refuse('RENDER_BAD_REQUEST', 'the animation is out of bounds', checked.error));
    if (!(THEMES as readonly string[]).includes(theme)) {
      return Promise.resolve(refuse('RENDER_BAD_REQUEST', `theme must be one of ${THEMES.join(', ')}`));
    }
    return this.pool.submit({ kind: 'gif', frames, size, delayMs, theme, threats: threats === true }).result.then(renderResult);
  }

  stats(): RenderPoolStats {
    const { workers, busy, queued, closed } = this.pool.stats();
    return { workers, busy, queued, closed };
  }

  /** Refuses what waits, ends the jobs running (RENDER_POOL_CLOSED) and stops every worker. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
