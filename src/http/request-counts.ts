/**
 * Requests answered, by route and status, counted in the last hook every request passes (onResponse):
 * for /metrics, and the proof that no request is answered around Fastify's hooks. A route is its
 * pattern (`/v1/games/:id`), so the labels stay few whatever the URLs; a request no route matched is
 * counted under `unmatched`.
 */
import type { FastifyInstance } from 'fastify';

export class RequestCounts {
  private readonly counts = new Map<string, { method: string; route: string; status: number; n: number }>();

  add(method: string, route: string, status: number): void {
    const key = `${method} ${route} ${status}`;
    const c = this.counts.get(key);
    if (c) c.n++;
    else this.counts.set(key, { method, route, status, n: 1 });
  }

  /** Every (method, route, status) seen, with its count. */
  entries(): { method: string; route: string; status: number; n: number }[] {
    return [...this.counts.values()];
  }
}

export function installRequestCounting(fastify: FastifyInstance, counts: RequestCounts): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    counts.add(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    done();
  });
}
