/**
 * The rate-limit quota store every process on one PostgreSQL shares: one upsert per lease, which hands
 * out what is left of the window and returns it, atomically under the row's lock. It hands itself to
 * the rate limiter once the database is connected, and takes itself back when it closes; PGlite has
 * one process, whose own count is exact, so embedded mode keeps the limiter's count in memory.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { QuotaClaim, QuotaStore } from '../../http/rate-limit/quota-store';
import { RateLimiter } from '../../http/rate-limit/rate-limiter';
import { DatabaseService } from './database.service';

/** Old windows are deleted at most this often, by whichever process claims first after it. */
const SWEEP_EVERY_MS = 60_000;

// In the UPDATE, `w.used` is the row before this claim, so `granted` is what this claim added.
const CLAIM = `
  INSERT INTO rate_limit_windows AS w (key, window_start, used, granted)
  VALUES ($1, $2::bigint, CASE WHEN $4::boolean THEN $3::bigint ELSE LEAST($3::bigint, $5::bigint) END, CASE WHEN $4::boolean THEN $3::bigint ELSE LEAST($3::bigint, $5::bigint) END)
  ON CONFLICT (key, window_start) DO UPDATE SET
    granted = CASE WHEN $4::boolean THEN $3::bigint ELSE GREATEST(0, LEAST(w.used + $3::bigint, $5::bigint) - w.used) END,
    used = CASE WHEN $4::boolean THEN w.used + $3::bigint ELSE GREATEST(w.used, LEAST(w.used + $3::bigint, $5::bigint)) END
  RETURNING used, granted`;

const SWEEP = `WITH gone AS (DELETE FROM rate_limit_windows WHERE window_start < $1 RETURNING 1) SELECT count(*) AS n FROM gone`;

@Injectable()
export class RateLimitWindowsRepository implements QuotaStore {
  private sweptAt = Date.now();

  constructor(
    private readonly db: DatabaseService,
    limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!db.embedded) db.onConnection((connected) => limiter.useSharedStore(connected ? this : null));
  }

  async claim(key: string, windowStart: number, want: number, max: number, force: boolean): Promise<QuotaClaim> {
    if (Date.now() - this.sweptAt > SWEEP_EVERY_MS) {
      this.sweptAt = Date.now();
      void this.db.statement('tafl_rate_limit_sweep', SWEEP, [windowStart - this.config.rateLimitWindowMs]).catch(() => undefined);
    }
    const rows = (await this.db.statement('tafl_rate_limit_claim', CLAIM, [key, windowStart, want, force, max])) as {
      used: string;
      granted: string;
    }[];
    return { used: Number(rows[0].used), granted: Number(rows[0].granted) };
  }
}
