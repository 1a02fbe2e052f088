/**
 * The delivery worker of every instance: claims due deliveries from the outbox, POSTs each to its
 * game's URL with the event id and signature headers, and records the answer. A 2xx is delivered;
 * anything else (another status, a redirect, which is never followed, a timeout, a refused
 * connection) is retried with backoff until WEBHOOK_RETRY_FOR_MS after the event, then given up.
 * Nothing is held in memory between looks: a restart (of either side) loses nothing.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { ServiceClock } from '../clocks/service-clock';
import { AttemptOutcome, ClaimedDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { retryDelay } from './webhook-retry';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signBody } from './webhook-signature';

/** Deliveries claimed, attempted at once and settled in one statement per look (each the head of a different game). */
const CLAIM_BATCH = 100;

@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly inFlight = new AbortController();

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly clock: ServiceClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.connectDatabase || this.config.webhookPollMs === 0 || this.config.webhookAllowedHosts.length === 0) return;
    this.schedule(this.config.webhookPollMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // Attempts cut short are leased, not lost: another instance (or this one restarted) repeats them.
    this.inFlight.abort();
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.look().finally(() => (this.running = null));
    }, ms);
    this.timer.unref();
  }

  /** Claims and delivers until nothing is due, then waits for the next look. */
  private async look(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) break;
        const now = this.clock.now();
        const batch = await this.deliveries.claim(new Date(now), new Date(now + this.config.webhookTimeoutMs + 5_000), CLAIM_BATCH);
        if (batch.length === 0) break;
        const outcomes = await Promise.all(batch.map((d) => this.attempt(d)));
        // An attempt cut short by shutdown settles nothing: its lease runs out and it is tried again.
        await this.deliveries.settle(outcomes.filter((o): o is AttemptOutcome => o !== null));
      }
    } catch (e) {
      if (!(e instanceof ProblemError)) this.logger.warn(`webhook delivery failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.schedule(this.config.webhookPollMs);
  }

  private async attempt(d: ClaimedDelivery): Promise<AttemptOutcome | null> {
    let status: number | null = null;
    let error = '';
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [EVENT_ID_HEADER]: d.eventId, [SIGNATURE_HEADER]: signBody(d.secret, d.body) },
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.config.webhookTimeoutMs), this.inFlight.signal]),
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (status >= 200 && status < 300) {
        return {
          delivery: d,
          status: 'delivered',
          retryAt: null,
          lastStatus: status,
          lastError: null,
          deliveredAt: new Date(this.clock.now()),
        };
      }
      error = status >= 300 && status < 400 ? `redirect to ${res.headers.get('location') ?? '?'} not followed` : `answered ${status}`;
    } catch (e) {
      if (this.stopped) return null;
      const cause = (e as { cause?: { code?: string } }).cause?.code;
      error =
        e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${this.config.webhookTimeoutMs} ms` : (cause ?? String(e));
    }
    const retryAt = this.clock.now() + retryDelay(d.attempts, this.config.webhookRetryBaseMs);
    const giveUp = retryAt > d.createdAt.getTime() + this.config.webhookRetryForMs;
    return {
      delivery: d,
      status: giveUp ? 'failed' : 'pending',
      retryAt: new Date(retryAt),
      lastStatus: status,
      lastError: error,
      deliveredAt: null,
    };
  }
}
