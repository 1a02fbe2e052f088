/**
 * The rate limit on every route Fastify answers, unknown ones included (a scan of made-up paths spends
 * the quota like anything else); only the orchestrators' probes are exempt. A request takes one unit
 * when it starts, and the work it did (plies replayed) is charged when it ends.
 */
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problem-error';
import { replyProblem } from '../problem-reply';
import { admissionHeaders, resetSecondsOf } from './admission-headers';
import { RATE_LIMIT_EXEMPT } from './rate-limit-exempt';
import { Admission, RateLimiter } from './rate-limiter';
import { extraUnitsOf } from './request-work';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export function installRateLimit(fastify: FastifyInstance, limiter: RateLimiter): void {
  if (!limiter.enabled) return;
  const windowSeconds = Math.round(limiter.windowMs / 1000);
  // Callback hooks: most requests are admitted from the process's lease without a promise.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (RATE_LIMIT_EXEMPT.has(pathOf(request.url))) return done();
    const answer = (a: Admission): void => {
      const resetSeconds = resetSecondsOf(a);
      const h = admissionHeaders(a);
      for (let i = 0; i < h.length; i += 2) reply.header(h[i], h[i + 1]);
      if (a.allowed) return done();
      const problem = ProblemError.rateLimited(
        `rate limit of ${a.limit} units per ${windowSeconds} s exceeded (a request costs 1, plus 1 per 100 plies it replays); retry in ${resetSeconds} s`,
        resetSeconds,
      );
      void replyProblem(request, reply, problem);
    };
    const now = limiter.admitNow(request.ip);
    if (now) answer(now);
    else limiter.admit(request.ip).then(answer, done);
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    const units = extraUnitsOf(request);
    if (units > 0) limiter.charge(request.ip, units).then(() => done(), done);
    else done();
  });
}
