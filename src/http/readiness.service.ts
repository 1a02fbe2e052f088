/** Tracks whether the app accepts work (the /ready probe); the rooms with something to wait for add checks (the database). */
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';

export type ReadinessCheck = () => Promise<string>;

@Injectable()
export class ReadinessService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private started = false;
  private stopping = false;
  private readonly checks = new Map<string, ReadinessCheck>();

  onApplicationBootstrap(): void {
    this.started = true;
  }

  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async report(): Promise<{ status: string; checks: Record<string, string> }> {
    const checks: Record<string, string> = { engine: 'ok' };
    for (const [name, check] of this.checks) checks[name] = await check().catch((e: Error) => `error: ${e.message}`);
    const healthy = Object.values(checks).every((c) => c === 'ok');
    const status = this.stopping ? 'stopping' : !this.started ? 'starting' : healthy ? 'ready' : 'degraded';
    return { status, checks };
  }
}
