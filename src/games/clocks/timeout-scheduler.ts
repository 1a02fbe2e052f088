/**
 * Flag fall without a move: every instance looks every TIMEOUT_SWEEP_MS for ongoing games whose
 * deadline has passed and finishes them (FlagFall.finishDueGames). The truth is the `deadline`
 * column, not a timer of this process: the timer only says when to look, so a game is finished by
 * whichever instance looks first after its deadline, and exactly once (row locks, SKIP LOCKED).
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { FlagFall } from './flag-fall.service';

@Injectable()
export class TimeoutScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Timeouts');
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly flagFall: FlagFall,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.connectDatabase || this.config.timeoutSweepMs === 0) return;
    this.schedule(this.config.timeoutSweepMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep().finally(() => (this.running = null));
    }, ms);
    // The scheduler alone must not keep a stopping process alive.
    this.timer.unref();
  }

  /** Sweeps until a batch comes back short (a backlog drains at once), then waits for the next look. */
  private async sweep(): Promise<void> {
    try {
      while (!this.stopped && (await this.flagFall.finishDueGames()) > 0);
    } catch (e) {
      // The database down (503) is retried at the next look; anything else is a bug worth a warning.
      if (!(e instanceof ProblemError)) this.logger.warn(`timeout sweep failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.schedule(this.config.timeoutSweepMs);
  }
}
