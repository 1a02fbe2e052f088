/**
 * The entry point of a search worker thread (started by SearchPool from the compiled file). It takes
 * one job at a time; the pool never sends a second before the first is answered. The search runs
 * synchronously, so a cancellation cannot arrive as a message: the pool writes the job's id into a
 * shared cell, which the search reads with its clock every few hundred nodes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runSearchJob } from './job';
import type { SearchWorkerAnswer, SearchWorkerData, SearchWorkerJob } from './worker-protocol';

if (!parentPort) throw new Error('search-worker runs only as a worker thread (see search-pool.ts)');
const port = parentPort;
const cancel = new Int32Array((workerData as SearchWorkerData).cancel);

port.on('message', (message: SearchWorkerJob) => {
  const id = message.id;
  const result = runSearchJob(message.job, { shouldStop: () => Atomics.load(cancel, 0) === id });
  const answer: SearchWorkerAnswer = { id, result };
  port.postMessage(answer);
});
