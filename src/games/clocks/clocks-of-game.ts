/** A stored game's clocks as every answer and event shows them (api.md section 8). */
import type { SideName } from '../../engine';
import type { GameEntity } from '../entities/game.entity';
import { sideToMove } from '../game-sides';
import { initialClock, readClock } from './clock';

/** The clocks of a game as of an answer or event; null for a game without a time control. */
export interface Clocks {
  attackersMs: number;
  defendersMs: number;
  running: SideName | null;
  deadline: string | null;
  attackersPeriods?: number;
  defendersPeriods?: number;
}

/**
 * The clocks at `now`: the side to move's runs while the game goes on; null without a time control.
 * A game waiting for its open seat has no clock yet (it starts at the claim): its full time shows,
 * not running. Periods appear only for byo-yomi, as api.md has them.
 */
export function clocksAt(game: GameEntity, now: number): Clocks | null {
  if (!game.timeControl) return null;
  const waiting = !game.clock && game.openSeat !== null && game.status === 'ongoing';
  const clock = waiting ? initialClock(game.timeControl, now) : game.clock;
  if (!clock) return null;
  const r = readClock(game.timeControl, clock, game.status === 'ongoing' && !waiting ? sideToMove(game.position) : null, now);
  const clocks: Clocks = {
    attackersMs: r.attackersMs,
    defendersMs: r.defendersMs,
    running: r.running,
    deadline: r.deadline === null ? null : new Date(r.deadline).toISOString(),
  };
  if (r.attackersPeriods !== null) clocks.attackersPeriods = r.attackersPeriods;
  if (r.defendersPeriods !== null) clocks.defendersPeriods = r.defendersPeriods;
  return clocks;
}
