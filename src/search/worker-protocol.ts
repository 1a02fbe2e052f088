/** The messages between SearchPool and its workers: one job in, one answer out, matched by id. */
import type { SearchJob, SuggestResult } from './job';

/** workerData of a search worker: a one-integer shared cell holding the id of the job to stop. */
export interface SearchWorkerData {
  cancel: SharedArrayBuffer;
}

export interface SearchWorkerJob {
  id: number;
  job: SearchJob;
}

export interface SearchWorkerAnswer {
  id: number;
  result: SuggestResult;
}
