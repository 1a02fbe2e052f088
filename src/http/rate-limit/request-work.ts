/**
 * The work a request made the service do, counted where the work happens (every replay of a game state
 * records its plies) and read by the rate limiter when the request is over, so that a request replaying
 * five thousand moves costs more of the quota than one reading a variant.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Plies replayed that cost one unit of quota more than the request itself (about a millisecond on 19×19). */
export const PLIES_PER_UNIT = 100;

interface WorkMeter {
  plies: number;
  /** Units of other work: a picture rasterised (a PNG, each frame of a GIF), 10 ms of search. */
  units: number;
}

const meters = new WeakMap<object, WorkMeter>();
const current = new AsyncLocalStorage<WorkMeter>();

function meterOf(request: object): WorkMeter {
  let m = meters.get(request);
  if (!m) {
    m = { plies: 0, units: 0 };
    meters.set(request, m);
  }
  return m;
}

/** Records that the current request replayed `plies` positions; outside a request it does nothing. */
export function recordReplay(plies: number): void {
  const m = current.getStore();
  if (m) m.plies += plies;
}

/** Records `n` units of work besides replays (pictures rasterised, search time). */
export function recordUnits(n: number): void {
  const m = current.getStore();
  if (m) m.units += n;
}

/** Quota units a request replaying `plies` positions costs for them. */
export function unitsOfPlies(plies: number): number {
  return Math.floor(plies / PLIES_PER_UNIT);
}

/** Quota units a finished request costs beyond the one every request costs. */
export function extraUnitsOf(request: object): number {
  const m = meters.get(request);
  return m ? unitsOfPlies(m.plies) + m.units : 0;
}

/**
 * Runs the handler of every HTTP request (controllers, and all resolvers of one GraphQL request) inside
 * that request's meter, so services record their work without knowing about requests. A Fastify hook
 * rather than a Nest interceptor: the same reach, without an Observable chain per call.
 */
export function installWorkMeter(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => current.run(meterOf(request), done));
}
