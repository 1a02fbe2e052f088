/**
 * Where a stream resumes: after the seq named by `Last-Event-ID` (what a browser's EventSource sends
 * when it reconnects, so it wins over the URL it reconnects to) or `sinceSeq`; null is a fresh stream
 * that opens with the whole game.
 */
import { ProblemError } from '../../http/problem-error';

/** The largest seq PostgreSQL's integer column holds. */
export const MAX_SEQ = 2_147_483_647;

function parseSeq(field: string, raw: string): number {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > MAX_SEQ) {
    throw ProblemError.invalidField(field, `must be the seq of an event: an integer from 0 to ${MAX_SEQ}, got "${raw}"`, 'BAD_SEQ');
  }
  return n;
}

export interface ResumePoint {
  seq: number | null;
  /** Which input named it, for a refusal. */
  field: string;
}

export function resumePoint(lastEventId: string | undefined, sinceSeq: string | undefined): ResumePoint {
  if (lastEventId !== undefined && lastEventId.trim() !== '')
    return { seq: parseSeq('Last-Event-ID', lastEventId.trim()), field: 'Last-Event-ID' };
  if (sinceSeq !== undefined) return { seq: parseSeq('sinceSeq', sinceSeq), field: 'sinceSeq' };
  return { seq: null, field: 'sinceSeq' };
}

/** The same bounds for a number that arrived already typed (a GraphQL Int). */
export function checkSeq(field: string, n: number | null | undefined): number | null {
  if (n === null || n === undefined) return null;
  if (!Number.isInteger(n) || n < 0) {
    throw ProblemError.invalidField(field, `must be the seq of an event: an integer from 0 to ${MAX_SEQ}, got ${n}`, 'BAD_SEQ');
  }
  return n;
}

export function seqAhead(field: string, given: number, last: number): ProblemError {
  return ProblemError.invalidField(field, `${given} is past the game's last event (${last})`, 'SEQ_AHEAD');
}
