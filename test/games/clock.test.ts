/**
 * The clock arithmetic (src/games/clocks/clock.ts) with made-up instants: a table per time control,
 * then properties over random move times. No timers, no sleeps.
 */
import fc from 'fast-check';
import {
  ClockSide,
  ClockState,
  afterMove,
  deadlineOf,
  hasFlagged,
  initialClock,
  readClock,
  restoredClock,
} from '../../src/games/clocks/clock';
import { TimeControl, parseStartAt, parseTimeControl, timeControlTag } from '../../src/games/clocks/time-control';

const T0 = Date.UTC(2026, 11, 1, 12);
const other = (s: ClockSide): ClockSide => (s === 'attackers' ? 'defenders' : 'attackers');

/** Plays moves after the given thinking times, alternating from the attackers; stops at a flag. */
function run(tc: TimeControl, thinks: number[]): { c: ClockState; now: number; flagged: ClockSide | null; moves: number } {
  let c = initialClock(tc, T0);
  let now = T0;
  let side: ClockSide = 'attackers';
  for (let i = 0; i < thinks.length; i++) {
    now += thinks[i];
    if (hasFlagged(tc, c, side, now)) return { c, now, flagged: side, moves: i };
    c = afterMove(tc, c, side, now);
    side = other(side);
  }
  return { c, now, flagged: null, moves: thinks.length };
}

describe('fischer', () => {
  const tc: TimeControl = { type: 'fischer', initialMs: 60_000, incrementMs: 5_000 };
  it('charges the thinking time and adds the increment once per move', () => {
    let c = initialClock(tc, T0);
    c = afterMove(tc, c, 'attackers', T0 + 10_000);
    expect(c).toMatchObject({ attackersMs: 55_000, defendersMs: 60_000, turnStartedAt: T0 + 10_000 });
    expect(readClock(tc, c, 'defenders', T0 + 30_000)).toMatchObject({
      attackersMs: 55_000,
      defendersMs: 40_000,
      running: 'defenders',
      deadline: T0 + 70_000,
      flagged: null,
      attackersPeriods: null,
    });
  });
  it('flags exactly at the deadline, not a millisecond before', () => {
    const c = initialClock(tc, T0);
    expect(readClock(tc, c, 'attackers', T0 + 59_999)).toMatchObject({ attackersMs: 1, flagged: null });
    expect(readClock(tc, c, 'attackers', T0 + 60_000)).toMatchObject({ attackersMs: 0, flagged: 'attackers' });
    expect(readClock(tc, c, 'attackers', T0 + 99_000)).toMatchObject({ attackersMs: 0, flagged: 'attackers' });
  });
  it('a finished game runs no clock', () => {
    expect(readClock(tc, initialClock(tc, T0), null, T0 + 1e9)).toMatchObject({
      running: null,
      deadline: null,
      flagged: null,
      attackersMs: 60_000,
    });
  });
});

describe('delay (simple delay)', () => {
  const tc: TimeControl = { type: 'delay', initialMs: 30_000, delayMs: 5_000 };
  it('the first delayMs of a move are free; the main time shows whole during them', () => {
    let c = initialClock(tc, T0);
    expect(readClock(tc, c, 'attackers', T0 + 4_000).attackersMs).toBe(30_000);
    c = afterMove(tc, c, 'attackers', T0 + 4_000);
    expect(c.attackersMs).toBe(30_000);
    c = afterMove(tc, c, 'defenders', T0 + 4_000 + 12_000);
    expect(c.defendersMs).toBe(23_000);
    expect(deadlineOf(tc, c, 'attackers')).toBe(T0 + 16_000 + 35_000);
  });
});

describe('byoyomi (OpenTafl overtime)', () => {
  const tc: TimeControl = { type: 'byoyomi', initialMs: 10_000, periods: 3, periodMs: 5_000, incrementMs: 1_000 };
  it('main time with its increment, then periods: one used within is refilled, each that runs out is gone', () => {
    let c = initialClock(tc, T0);
    c = afterMove(tc, c, 'attackers', T0 + 4_000);
    expect(c).toMatchObject({ attackersMs: 7_000, attackersPeriods: 3 });
    let t = T0 + 4_000;
    c = afterMove(tc, c, 'defenders', t);
    // 7 s of main time, then 2 s into the first period: still 3 periods, main time gone, no increment.
    t += 9_000;
    expect(readClock(tc, c, 'attackers', t)).toMatchObject({ attackersMs: 3_000, attackersPeriods: 3, flagged: null });
    c = afterMove(tc, c, 'attackers', t);
    expect(c).toMatchObject({ attackersMs: 0, attackersPeriods: 3 });
    c = afterMove(tc, c, 'defenders', t);
    // 11 s: two periods ran out, the move came in the third.
    t += 11_000;
    expect(readClock(tc, c, 'attackers', t)).toMatchObject({ attackersMs: 4_000, attackersPeriods: 1 });
    c = afterMove(tc, c, 'attackers', t);
    expect(c).toMatchObject({ attackersMs: 0, attackersPeriods: 1 });
    c = afterMove(tc, c, 'defenders', t);
    expect(deadlineOf(tc, c, 'attackers')).toBe(t + 5_000);
    expect(readClock(tc, c, 'attackers', t + 5_000)).toMatchObject({ attackersMs: 0, attackersPeriods: 0, flagged: 'attackers' });
  });
  it('the side not to move shows a whole period once in overtime', () => {
    const c: ClockState = { attackersMs: 0, defendersMs: 8_000, attackersPeriods: 2, defendersPeriods: 3, turnStartedAt: T0 };
    expect(readClock(tc, c, 'defenders', T0 + 1_000)).toMatchObject({ attackersMs: 5_000, attackersPeriods: 2, defendersMs: 7_000 });
  });
});

describe('correspondence', () => {
  const tc: TimeControl = { type: 'correspondence', perMoveMs: 86_400_000 };
  it('every move has the same fixed time, whatever the last one used', () => {
    let c = initialClock(tc, T0);
    c = afterMove(tc, c, 'attackers', T0 + 86_399_999);
    expect(c.attackersMs).toBe(86_400_000);
    expect(hasFlagged(tc, c, 'defenders', T0 + 86_399_999 + 86_400_000)).toBe(true);
    expect(hasFlagged(tc, c, 'defenders', T0 + 86_399_998 + 86_400_000)).toBe(false);
  });
});

describe('startAt and takebacks', () => {
  const tc: TimeControl = { type: 'fischer', initialMs: 60_000, incrementMs: 0 };
  it('a clock whose start is still to come loses nothing until then', () => {
    const c = initialClock(tc, T0 + 3_600_000);
    expect(readClock(tc, c, 'attackers', T0)).toMatchObject({ attackersMs: 60_000, deadline: T0 + 3_660_000, flagged: null });
    expect(afterMove(tc, c, 'attackers', T0)).toMatchObject({ attackersMs: 60_000, turnStartedAt: T0 + 3_600_000 });
  });
  it('a takeback restores both clocks as they were before the undone move, the mover to move from now', () => {
    const before = afterMove(tc, initialClock(tc, T0), 'attackers', T0 + 5_000);
    const after = afterMove(tc, before, 'defenders', T0 + 25_000);
    expect(after.defendersMs).toBe(40_000);
    expect(restoredClock(before, T0 + 30_000)).toEqual({ ...before, turnStartedAt: T0 + 30_000 });
  });
});

const controls = fc.oneof(
  fc.record({
    type: fc.constant('fischer' as const),
    initialMs: fc.integer({ min: 1, max: 100_000 }),
    incrementMs: fc.integer({ min: 0, max: 10_000 }),
  }),
  fc.record({
    type: fc.constant('delay' as const),
    initialMs: fc.integer({ min: 1, max: 100_000 }),
    delayMs: fc.integer({ min: 0, max: 10_000 }),
  }),
  fc.record({
    type: fc.constant('byoyomi' as const),
    initialMs: fc.integer({ min: 0, max: 100_000 }),
    periods: fc.integer({ min: 1, max: 5 }),
    periodMs: fc.integer({ min: 1, max: 10_000 }),
    incrementMs: fc.integer({ min: 0, max: 5_000 }),
  }),
  fc.record({ type: fc.constant('correspondence' as const), perMoveMs: fc.integer({ min: 1, max: 100_000 }) }),
);
const thinks = fc.array(fc.integer({ min: 0, max: 40_000 }), { maxLength: 40 });

describe('properties', () => {
  it('no clock ever shows negative time, and 0 only at a flag', () => {
    fc.assert(
      fc.property(controls, thinks, fc.integer({ min: 0, max: 200_000 }), (tc, ts, wait) => {
        const r = run(tc, ts);
        const side: ClockSide = r.moves % 2 === 0 ? 'attackers' : 'defenders';
        const now = r.flagged ? r.now : r.now + wait;
        const reading = readClock(tc, r.c, side, now);
        for (const v of [reading.attackersMs, reading.defendersMs, r.c.attackersMs, r.c.defendersMs]) expect(v).toBeGreaterThanOrEqual(0);
        if (reading[side === 'attackers' ? 'attackersMs' : 'defendersMs'] === 0 && tc.type !== 'byoyomi')
          expect(reading.flagged).toBe(side);
        expect(reading.flagged !== null).toBe(now >= reading.deadline!);
      }),
    );
  });
  it('fischer: the time left is the start plus one increment per move, minus the time used', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 10_000 }), thinks, (initialMs, incrementMs, ts) => {
        const tc: TimeControl = { type: 'fischer', initialMs, incrementMs };
        const r = run(tc, ts);
        const used = ts.slice(0, r.moves).reduce((a, b) => a + b, 0);
        expect(r.c.attackersMs + r.c.defendersMs).toBe(2 * initialMs + r.moves * incrementMs - used);
      }),
    );
  });
  it('a side flags exactly when its thinking time reaches its budget for the turn', () => {
    fc.assert(
      fc.property(controls, thinks, (tc, ts) => {
        const r = run(tc, ts);
        // run() stops at the first flag: it came at the deadline or after, and no earlier move did.
        if (r.flagged) expect(r.now).toBeGreaterThanOrEqual(deadlineOf(tc, r.c, r.flagged));
      }),
    );
  });
  it('byoyomi: periods never grow; a move within a period keeps it; each full period that passes takes one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (initialMs, periods, periodMs, think) => {
          const tc: TimeControl = { type: 'byoyomi', initialMs, periods, periodMs, incrementMs: 0 };
          const c = initialClock(tc, T0);
          if (hasFlagged(tc, c, 'attackers', T0 + think)) {
            expect(think).toBeGreaterThanOrEqual(initialMs + periods * periodMs);
            return;
          }
          const next = afterMove(tc, c, 'attackers', T0 + think);
          const expected = think < initialMs ? periods : periods - Math.floor((think - initialMs) / periodMs);
          expect(next.attackersPeriods).toBe(expected);
          expect(next.attackersPeriods!).toBeGreaterThanOrEqual(1);
          expect(next.attackersPeriods!).toBeLessThanOrEqual(periods);
          expect(next.attackersMs).toBe(think < initialMs ? initialMs - think : 0);
        },
      ),
    );
  });
});

describe('validation', () => {
  it.each([
    [
      { type: 'fischer', initialMs: 60_000, incrementMs: 1_000 },
      { type: 'fischer', initialMs: 60_000, incrementMs: 1_000 },
    ],
    [
      { type: 'fischer', initialMs: 60_000 },
      { type: 'fischer', initialMs: 60_000, incrementMs: 0 },
    ],
    [
      { type: 'byoyomi', initialMs: 0, periods: 3, periodMs: 30_000 },
      { type: 'byoyomi', initialMs: 0, periods: 3, periodMs: 30_000, incrementMs: 0 },
    ],
    [
      { type: 'correspondence', perMoveMs: 86_400_000 },
      { type: 'correspondence', perMoveMs: 86_400_000 },
    ],
  ])('accepts %j', (input, parsed) => {
    expect(parseTimeControl(input)).toEqual(parsed);
  });
  it.each([
    [{ type: 'blitz' }, 'timeControl.type'],
    [{ type: 'fischer', initialMs: -1, incrementMs: 0 }, 'timeControl.initialMs'],
    [{ type: 'fischer', initialMs: 1.5 }, 'timeControl.initialMs'],
    [{ type: 'delay', initialMs: 1000 }, 'timeControl.delayMs'],
    [{ type: 'correspondence', perMoveMs: 1000, incrementMs: 5 }, 'timeControl.incrementMs'],
    [{ type: 'byoyomi', initialMs: 0, periods: 0, periodMs: 1000 }, 'timeControl.periods'],
    ['fast', 'timeControl'],
  ])('refuses %j naming %s', (input, field) => {
    expect(() => parseTimeControl(input)).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', errors: expect.arrayContaining([expect.objectContaining({ field })]) }),
    );
  });
  it('startAt is an ISO time with a zone', () => {
    expect(parseStartAt('2026-12-01T18:00:00Z')).toBe(Date.UTC(2026, 11, 1, 18));
    expect(() => parseStartAt('tomorrow')).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
    expect(() => parseStartAt('2026-12-01T18:00:00')).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
  });
  it('OTG tag values', () => {
    expect(timeControlTag({ type: 'fischer', initialMs: 259_200_000, incrementMs: 21_600_000 })).toBe('fischer 259200+21600');
    expect(timeControlTag({ type: 'byoyomi', initialMs: 600_000, periods: 3, periodMs: 30_000, incrementMs: 0 })).toBe(
      'byoyomi 600+0 3x30',
    );
  });
});
