/**
 * Clock arithmetic of stored games as pure functions of a time control, the stored clock and `now`
 * (epoch ms): no timers, no I/O, no reading of the system time, so every rule is tested with made-up
 * instants. Only the side to move loses time; it does from `turnStartedAt` (the game's creation or
 * startAt, then each move). A side whose time reaches 0 has lost on time ("flagged").
 */
import type { TimeControl } from './time-control';

export type ClockSide = 'attackers' | 'defenders';

/** What is stored with a game: each side's time as of the start of the current turn. */
export interface ClockState {
  /** Main time left (byo-yomi: 0 once in overtime; correspondence: always perMoveMs). */
  attackersMs: number;
  defendersMs: number;
  /** Byo-yomi overtime periods left; null for the other types. */
  attackersPeriods: number | null;
  defendersPeriods: number | null;
  /** When the side to move began its turn (epoch ms); may lie in the future (startAt). */
  turnStartedAt: number;
}

/** The clocks as an answer shows them at one instant. */
export interface ClockReading {
  /** Time left on the side's current clock: main time, or the current period once in byo-yomi overtime. */
  attackersMs: number;
  defendersMs: number;
  /** Byo-yomi: periods left, the current one included; null otherwise. */
  attackersPeriods: number | null;
  defendersPeriods: number | null;
  running: ClockSide | null;
  /** When the running side runs out (epoch ms); null when no clock runs. */
  deadline: number | null;
  /** The running side, when its time has run out at `now`. */
  flagged: ClockSide | null;
}

const msKey = (s: ClockSide) => (s === 'attackers' ? 'attackersMs' : 'defendersMs');
const periodsKey = (s: ClockSide) => (s === 'attackers' ? 'attackersPeriods' : 'defendersPeriods');

export function initialClock(tc: TimeControl, startsAt: number): ClockState {
  const ms = tc.type === 'correspondence' ? tc.perMoveMs : tc.initialMs;
  const periods = tc.type === 'byoyomi' ? tc.periods : null;
  return { attackersMs: ms, defendersMs: ms, attackersPeriods: periods, defendersPeriods: periods, turnStartedAt: startsAt };
}

/** The whole time a side has for this turn, from the start of it, before it flags. */
export function turnBudget(tc: TimeControl, c: ClockState, side: ClockSide): number {
  const ms = c[msKey(side)];
  switch (tc.type) {
    case 'fischer':
    case 'correspondence':
      return ms;
    case 'delay':
      return ms + tc.delayMs;
    case 'byoyomi':
      return ms + (c[periodsKey(side)] ?? 0) * tc.periodMs;
  }
}

/** When the side to move flags if it does not move. */
export function deadlineOf(tc: TimeControl, c: ClockState, toMove: ClockSide): number {
  return c.turnStartedAt + turnBudget(tc, c, toMove);
}

/** Time used in this turn; none before it starts (a startAt still to come). */
function elapsed(c: ClockState, now: number): number {
  return Math.max(0, now - c.turnStartedAt);
}

/** One side's display after `used` ms of its turn (0 for the side not to move). */
function shown(tc: TimeControl, c: ClockState, side: ClockSide, used: number): { ms: number; periods: number | null } {
  const ms = c[msKey(side)];
  const periods = c[periodsKey(side)];
  const left = Math.max(0, turnBudget(tc, c, side) - used);
  switch (tc.type) {
    case 'fischer':
    case 'correspondence':
      return { ms: left, periods: null };
    case 'delay':
      // The delay is not taken from the clock: the main time shows whole until it is over.
      return { ms: Math.min(ms, left), periods: null };
    case 'byoyomi': {
      if (used < ms) return { ms: ms - used, periods };
      const over = used - ms;
      const spent = Math.floor(over / tc.periodMs);
      const remaining = Math.max(0, (periods ?? 0) - spent);
      return { ms: remaining === 0 ? 0 : tc.periodMs - (over % tc.periodMs), periods: remaining };
    }
  }
}

/** The clocks at `now` with `toMove` to move; `toMove` null (a finished game) stops both. */
export function readClock(tc: TimeControl, c: ClockState, toMove: ClockSide | null, now: number): ClockReading {
  const used = toMove ? elapsed(c, now) : 0;
  const a = shown(tc, c, 'attackers', toMove === 'attackers' ? used : 0);
  const d = shown(tc, c, 'defenders', toMove === 'defenders' ? used : 0);
  const deadline = toMove ? deadlineOf(tc, c, toMove) : null;
  return {
    attackersMs: a.ms,
    defendersMs: d.ms,
    attackersPeriods: a.periods,
    defendersPeriods: d.periods,
    running: toMove,
    deadline,
    flagged: toMove && deadline !== null && now >= deadline ? toMove : null,
  };
}

/** Whether `side`, to move, has run out of time at `now`. */
export function hasFlagged(tc: TimeControl, c: ClockState, side: ClockSide, now: number): boolean {
  return now >= deadlineOf(tc, c, side);
}

/**
 * The clock after `mover` moved at `now` (in time: the caller checked hasFlagged first). The mover's
 * time is charged and its increment added once; the next turn starts at `now`. Which side runs next is
 * not decided here: readers take it from the position's side to move, which under berserk (OTN-13) can
 * be the mover again. Each move of a berserk chain counts as a move of its own (charged, and its
 * increment or refilled period given), as OpenTafl's clock counts every move it is slapped for.
 */
export function afterMove(tc: TimeControl, c: ClockState, mover: ClockSide, now: number): ClockState {
  const used = elapsed(c, now);
  const ms = c[msKey(mover)];
  const next: ClockState = { ...c, turnStartedAt: Math.max(now, c.turnStartedAt) };
  switch (tc.type) {
    case 'fischer':
      next[msKey(mover)] = ms - used + tc.incrementMs;
      break;
    case 'delay':
      next[msKey(mover)] = ms - Math.max(0, used - tc.delayMs);
      break;
    case 'correspondence':
      next[msKey(mover)] = tc.perMoveMs;
      break;
    case 'byoyomi':
      if (used < ms) {
        next[msKey(mover)] = ms - used + tc.incrementMs;
      } else {
        // As OpenTafl: a period the move was made in is refilled; each one that ran out is gone.
        next[msKey(mover)] = 0;
        next[periodsKey(mover)] = (c[periodsKey(mover)] ?? 0) - Math.floor((used - ms) / tc.periodMs);
      }
      break;
  }
  return next;
}

/** The clock as a takeback leaves it: as it stood before the undone move, the mover's turn starting at `now`. */
export function restoredClock(before: ClockState, now: number): ClockState {
  return { ...before, turnStartedAt: Math.max(now, before.turnStartedAt) };
}

/** One side's clock as an answer or a record shows it: time left, and byo-yomi periods left. */
export interface ShownTime {
  ms: number;
  periods: number | null;
}

/**
 * The clock that shows `attackers` and `defenders` (a record's `time-remaining`), the side to move's
 * turn starting at `startsAt`. A byo-yomi side with all its periods is taken to be in main time, one
 * with fewer in overtime (its current period whole again, as a move made within it would leave it).
 */
export function clockShowing(tc: TimeControl, attackers: ShownTime, defenders: ShownTime, startsAt: number): ClockState {
  const main = (t: ShownTime) => (tc.type === 'byoyomi' && (t.periods ?? 0) < tc.periods ? 0 : Math.max(0, t.ms));
  const periods = (t: ShownTime) => (tc.type === 'byoyomi' ? Math.max(0, Math.min(t.periods ?? tc.periods, tc.periods)) : null);
  return {
    attackersMs: main(attackers),
    defendersMs: main(defenders),
    attackersPeriods: periods(attackers),
    defendersPeriods: periods(defenders),
    turnStartedAt: startsAt,
  };
}
