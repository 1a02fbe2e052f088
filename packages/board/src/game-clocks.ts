/**
 * The clocks of a timed game as <tafl-game> shows them. The service sends each side's time when the
 * event happened and, for the running side, the deadline; between events the running clock is counted
 * down here from the deadline, so every viewer shows the same time whenever its event arrived.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Clocks, Side } from './game-record.js';

/** Milliseconds left for `side` at `now` (never below zero). */
export function remainingMs(c: Clocks, side: Side, now: number): number {
  const stored = side === 'attackers' ? c.attackersMs : c.defendersMs;
  if (c.running !== side || !c.deadline) return Math.max(0, stored);
  return Math.max(0, Date.parse(c.deadline) - now);
}

/** 1:05:07, 4:32, and tenths under ten seconds, when they matter. */
export function formatClock(ms: number): string {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function clocksView(c: Clocks | null, now: number, finished: boolean): TemplateResult | typeof nothing {
  if (!c) return nothing;
  const one = (side: Side) => {
    const running = !finished && c.running === side;
    return html`<div class="clock" part="clock" data-side=${side} ?data-running=${running} role="timer" aria-label=${`${side} clock`}>
      <span class="clock-side">${side}</span> <span class="clock-time">${formatClock(remainingMs(c, side, now))}</span>
    </div>`;
  };
  return html`<div class="clocks">${one('attackers')}${one('defenders')}</div>`;
}

/** Calls `tick` a few times a second while a clock runs; stop() ends it. */
export class ClockTicker {
  private timer: ReturnType<typeof setInterval> | null = null;
  constructor(private readonly tick: () => void) {}

  follow(c: Clocks | null, finished: boolean): void {
    const running = !!c?.running && !finished;
    if (running && !this.timer) this.timer = setInterval(this.tick, 200);
    else if (!running) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
