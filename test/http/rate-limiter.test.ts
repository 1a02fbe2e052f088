/**
 * The lease arithmetic of the rate limiter, with two limiters standing for two processes that share one
 * store: together they never admit more than the limit, and refuse at most one lease early.
 */
import { MemoryQuotaStore, QuotaClaim, QuotaStore } from '../../src/http/rate-limit/quota-store';
import { LEASES_PER_WINDOW, RateLimiter } from '../../src/http/rate-limit/rate-limiter';

const WINDOW = 60_000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW);

async function admitted(limiter: RateLimiter, key: string, n: number, now = T0): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await limiter.admit(key, now)).allowed) ok++;
  return ok;
}

describe('RateLimiter', () => {
  it('one process admits exactly the limit, then refuses until the window ends', async () => {
    const limiter = new RateLimiter(100, WINDOW);
    limiter.useSharedStore(new MemoryQuotaStore());
    expect(await admitted(limiter, 'a', 150)).toBe(100);
    const refused = await limiter.admit('a', T0 + 1000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetMs: WINDOW - 1000 });
    expect((await limiter.admit('a', T0 + WINDOW)).allowed).toBe(true);
    // Another client has its own quota.
    expect(await admitted(limiter, 'b', 5)).toBe(5);
  });

  it('two processes sharing a store admit between limit − one lease and the limit, never more', async () => {
    const store = new MemoryQuotaStore();
    const [p1, p2] = [new RateLimiter(320, WINDOW), new RateLimiter(320, WINDOW)];
    p1.useSharedStore(store);
    p2.useSharedStore(store);
    expect(p1.leaseSize).toBe(320 / LEASES_PER_WINDOW);
    let ok = 0;
    for (let i = 0; i < 400; i++) if ((await (i % 3 === 0 ? p1 : p2).admit('a', T0)).allowed) ok++;
    expect(ok).toBeLessThanOrEqual(320);
    expect(ok).toBeGreaterThanOrEqual(320 - p1.leaseSize);
    // Without the shared store each process would have let 320 through on its own.
    const alone = [new RateLimiter(320, WINDOW), new RateLimiter(320, WINDOW)];
    expect((await admitted(alone[0], 'a', 400)) + (await admitted(alone[1], 'a', 400))).toBe(640);
  });

  it('concurrent requests of one client wait for one claim instead of each claiming', async () => {
    let claims = 0;
    const inner = new MemoryQuotaStore();
    const counting: QuotaStore = {
      claim: (...args): Promise<QuotaClaim> => {
        claims++;
        return inner.claim(...args);
      },
    };
    const limiter = new RateLimiter(3200, WINDOW);
    limiter.useSharedStore(counting);
    const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.admit('a', T0)));
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(claims).toBe(1);
  });

  it('work charged after a request spends the quota, and past the limit refuses what follows', async () => {
    const limiter = new RateLimiter(100, WINDOW);
    expect((await limiter.admit('a', T0)).allowed).toBe(true);
    await limiter.charge('a', 150, T0);
    const next = await limiter.admit('a', T0);
    expect(next.allowed).toBe(false);
    expect(next.remaining).toBe(0);
  });

  it('a failing shared store falls back to the process count instead of failing requests', async () => {
    const broken: QuotaStore = { claim: () => Promise.reject(new Error('connection refused')) };
    const limiter = new RateLimiter(10, WINDOW);
    limiter.useSharedStore(broken);
    expect(await admitted(limiter, 'a', 12)).toBe(10);
  });

  it('a shared store that does not answer in time is not waited for', async () => {
    const hanging: QuotaStore = { claim: () => new Promise(() => undefined) };
    const limiter = new RateLimiter(10, WINDOW);
    limiter.useSharedStore(hanging);
    expect((await limiter.admit('a', T0)).allowed).toBe(true);
  });
});
