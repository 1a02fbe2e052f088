/**
 * When a running search must stop: its node limit, its clock, a cancellation. The clock and the
 * cancellation flag are read only every few hundred nodes, since reading them costs more than a node.
 */
import { SearchLimits, StopReason } from './search-contract';

/** How often (in nodes, a power of two minus one) the clock and the cancellation flag are read. */
const CLOCK_MASK = 255;

export class StopConditions {
  nodes = 0;
  stopped = false;
  /** Why the search ended; the iterative deepening sets it too when it ends between iterations. */
  reason: StopReason = 'depth';
  private limits!: SearchLimits;

  start(limits: SearchLimits): void {
    this.limits = limits;
    this.nodes = 0;
    this.stopped = false;
    this.reason = 'depth';
  }

  /** Counts a node; true when the search must stop (node limit, clock, cancellation). */
  tick(): boolean {
    if (this.stopped) return true;
    const nodes = ++this.nodes;
    if (nodes >= this.limits.maxNodes) return this.stop('nodes');
    if ((nodes & CLOCK_MASK) === 0) {
      if (this.limits.now() >= this.limits.deadline) return this.stop('time');
      if (this.limits.shouldStop && this.limits.shouldStop()) return this.stop('cancelled');
    }
    return false;
  }

  /** Has the clock reached the deadline? (Read between iterations, where no node is counted.) */
  pastDeadline(): boolean {
    return this.limits.now() >= this.limits.deadline;
  }

  private stop(reason: StopReason): boolean {
    this.stopped = true;
    this.reason = reason;
    return true;
  }
}
