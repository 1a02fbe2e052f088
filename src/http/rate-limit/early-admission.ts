/**
 * Admissions given before the framework saw a request (early-answers.ts) to a request then handed on
 * to it: the rate limit's hook takes the admission instead of charging the request a second time.
 */
import type { IncomingMessage } from 'node:http';
import type { Admission } from './rate-limiter';

const admitted = new WeakMap<IncomingMessage, Admission>();

export function markAdmitted(req: IncomingMessage, a: Admission): void {
  admitted.set(req, a);
}

/** The early admission of `req`, once. */
export function takeAdmission(req: IncomingMessage): Admission | undefined {
  const a = admitted.get(req);
  if (a !== undefined) admitted.delete(req);
  return a;
}
