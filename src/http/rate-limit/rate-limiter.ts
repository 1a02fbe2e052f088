/**
 * Fixed-window quotas per client, shared by every process on one PostgreSQL. Each process takes its
 * client's quota in leases (a 32nd of the limit at a time) from the shared store and spends them
 * locally, so the store sees one statement per lease rather than per request, and the sum of the leases
 * of all processes never exceeds the limit. The price: a client spread over P processes may be refused
 * up to (P − 1) leases early. When the shared store fails or is slow, this process falls back to its own
 * count (logged), so stateless routes never wait on the database.
 */
import { Logger } from '@nestjs/common';
import { MemoryQuotaStore, QuotaClaim, QuotaStore } from './quota-store';

/** Leases per window: larger leases mean fewer statements, smaller ones less early refusal. */
export const LEASES_PER_WINDOW = 32;
/** A claim slower than this is answered from this process's own count. */
export const SHARED_CLAIM_TIMEOUT_MS = 250;
/** After a failed claim, the shared store is left alone for this long. */
const SHARED_STORE_PAUSE_MS = 2_000;

export interface Admission {
  allowed: boolean;
  limit: number;
  /** Units left in this window, as far as this process knows (exact with one process). */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

interface Lease {
  windowStart: number;
  /** Units claimed by this process and not yet spent. */
  left: number;
  /** The store's count after this process's last claim. */
  used: number;
  /** Once the store has handed out the whole limit it stays so until the window ends. */
  exhausted: boolean;
  claiming: Promise<void> | null;
}

export class RateLimiter {
  readonly leaseSize: number;
  private readonly local = new MemoryQuotaStore();
  private shared: QuotaStore | null = null;
  private sharedPausedUntil = 0;
  private readonly leases = new Map<string, Lease>();
  private sweptAt = 0;
  private readonly logger = new Logger('RateLimit');

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.leaseSize = Math.max(1, Math.ceil(max / LEASES_PER_WINDOW));
  }

  get enabled(): boolean {
    return this.max > 0;
  }

  /** The store all processes share (PostgreSQL), once the database is up; null goes back to local counts. */
  useSharedStore(store: QuotaStore | null): void {
    this.shared = store;
    this.leases.clear();
  }

  /** Takes one unit for a request that is starting; refuses when the window's quota is spent. */
  async admit(key: string, now = Date.now()): Promise<Admission> {
    const lease = this.lease(key, now);
    for (let attempt = 0; lease.left < 1 && !lease.exhausted && attempt < 3; attempt++) {
      await (lease.claiming ?? this.claimInto(key, lease, this.leaseSize, false));
    }
    return this.take(lease, now);
  }

  /**
   * admit() when the answer is known without the store (the lease has a unit left, or is known to be
   * spent), so most requests pass the limit with no promise at all; null when the store must be asked.
   */
  admitNow(key: string, now = Date.now()): Admission | null {
    const lease = this.lease(key, now);
    if (lease.left < 1 && !lease.exhausted) return null;
    return this.take(lease, now);
  }

  private take(lease: Lease, now: number): Admission {
    const allowed = lease.left >= 1;
    if (allowed) lease.left -= 1;
    return {
      allowed,
      limit: this.max,
      remaining: Math.max(0, this.max - lease.used) + lease.left,
      resetMs: lease.windowStart + this.windowMs - now,
    };
  }

  /** Charges work a request has done (after it answered): never refused, it may spend the window. */
  async charge(key: string, units: number, now = Date.now()): Promise<void> {
    if (units <= 0) return;
    const lease = this.lease(key, now);
    const fromLease = Math.min(units, lease.left);
    lease.left -= fromLease;
    if (units > fromLease) await this.claimInto(key, lease, units - fromLease, true);
  }

  private lease(key: string, now: number): Lease {
    const windowStart = now - (now % this.windowMs);
    if (windowStart !== this.sweptAt) {
      for (const [k, l] of this.leases) if (l.windowStart < windowStart) this.leases.delete(k);
      this.sweptAt = windowStart;
    }
    let lease = this.leases.get(key);
    if (!lease || lease.windowStart !== windowStart) {
      lease = { windowStart, left: 0, used: 0, exhausted: false, claiming: null };
      this.leases.set(key, lease);
    }
    return lease;
  }

  private claimInto(key: string, lease: Lease, want: number, force: boolean): Promise<void> {
    const claiming = this.claim(key, lease.windowStart, want, force).then((c) => {
      if (!force) lease.left += c.granted;
      lease.used = Math.max(lease.used, c.used);
      if (c.used >= this.max) lease.exhausted = true;
      if (lease.claiming === claiming) lease.claiming = null;
    });
    if (!force) lease.claiming = claiming;
    return claiming;
  }

  private async claim(key: string, windowStart: number, want: number, force: boolean): Promise<QuotaClaim> {
    const shared = this.shared;
    if (shared && Date.now() >= this.sharedPausedUntil) {
      try {
        return await withTimeout(shared.claim(key, windowStart, want, this.max, force), SHARED_CLAIM_TIMEOUT_MS);
      } catch (e) {
        this.sharedPausedUntil = Date.now() + SHARED_STORE_PAUSE_MS;
        this.logger.warn(
          `shared rate-limit store unavailable (${e instanceof Error ? e.message : String(e)}); counting in this process for ${SHARED_STORE_PAUSE_MS / 1000} s`,
        );
      }
    }
    return this.local.claim(key, windowStart, want, this.max, force);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
