/**
 * The entry point of a render worker thread (started by RenderPool from the compiled file). It takes
 * one job at a time; the pool never sends a second before the first is answered.
 */
import { parentPort } from 'node:worker_threads';
import { encodeGif } from './gif.js';
import { encodePng } from './raster.js';
import type { WorkerAnswer, WorkerJob } from './worker-protocol.js';

async function run(job: WorkerJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'png':
      return encodePng(job.svg, job.size);
    case 'gif':
      return encodeGif(job.frames, job.size, job.delayMs, job.theme, job.threats);
    default: {
      const never: never = job;
      return never;
    }
  }
}

if (!parentPort) throw new Error('render-worker runs only as a worker thread (see render-pool.ts)');
const port = parentPort;

port.on('message', (job: WorkerJob) => void handle(job));

async function handle(job: WorkerJob): Promise<void> {
  let reply: WorkerAnswer;
  try {
    // A copy the worker owns outright, so it can be transferred instead of cloned.
    const bytes = new Uint8Array(await run(job));
    reply = { id: job.id, ok: true, bytes };
    port.postMessage(reply, [bytes.buffer]);
  } catch (e) {
    reply = { id: job.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    port.postMessage(reply);
  }
}
