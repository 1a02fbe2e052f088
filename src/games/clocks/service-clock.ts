/**
 * The time every clock decision of the service reads (the play path, the flag-fall scheduler, the
 * answers). One injectable source, so tests set the time instead of sleeping; the system clock otherwise.
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class ServiceClock {
  private source: () => number = Date.now;

  now(): number {
    return this.source();
  }

  /** Tests only: read the time from `source` (null: the system clock again). */
  use(source: (() => number) | null): void {
    this.source = source ?? Date.now;
  }
}
