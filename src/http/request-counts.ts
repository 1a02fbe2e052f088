/**
 * Requests answered, by route and status, counted in the last hook every request passes (onResponse):
 * for /metrics, and the proof that no request is answered around Fastify's hooks. A route is its
 * pattern (`/v1/games/:id`), so the labels stay few whatever the URLs; a request no route matched is
 * counted under `unmatched`.
 */
import type { FastifyInstance } from 'fastify';

interface Count {
  method: string;
  route: string;
  status: number;
  n: number;
}

export class RequestCounts {
  /** By route, then method and status: no key text is built per request. */
  private readonly counts = new Map<string, Count[]>();

  add(method: string, route: string, status: number): void {
    let list = this.counts.get(route);
    if (!list) this.counts.set(route, (list = []));
    for (const c of list) {
      if (c.status === status && c.method === method) {
        c.n++;
        return;
      }
    }
    list.push({ method, route, status, n: 1 });
  }

  /** Every (method, route, status) seen, with its count. */
  entries(): Count[] {
    return [...this.counts.values()].flat();
  }
}

export function installRequestCounting(fastify: FastifyInstance, counts: RequestCounts): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    counts.add(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    done();
  });
}
