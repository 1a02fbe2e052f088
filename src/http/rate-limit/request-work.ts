/**
 * The work a request made the service do, counted where the work happens (every replay of a game state
 * records its plies) and read by the rate limiter when the request is over, so that a request replaying
 * five thousand moves costs more of the quota than one reading a variant.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

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

/** Quota units a finished request costs beyond the one every request costs. */
export function extraUnitsOf(request: object): number {
  const m = meters.get(request);
  return m ? Math.floor(m.plies / PLIES_PER_UNIT) + m.units : 0;
}

/**
 * Runs every controller and resolver call inside the meter of its HTTP request (all fields of one
 * GraphQL request share it), so services record their work without knowing about requests.
 */
@Injectable()
export class WorkInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request: unknown =
      context.getType<string>() === 'graphql'
        ? (context.getArgByIndex<{ req?: unknown } | undefined>(2)?.req ?? null)
        : context.switchToHttp().getRequest<unknown>();
    if (typeof request !== 'object' || request === null) return next.handle();
    const meter = meterOf(request);
    return new Observable((subscriber) => current.run(meter, () => next.handle().subscribe(subscriber)));
  }
}
