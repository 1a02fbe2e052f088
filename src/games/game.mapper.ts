/**
 * Between stored rows and what the transports answer: a game row and its moves become a GameView;
 * the plies the engine played become move rows. No database access and no rules decisions here.
 */
import { GameState, OutcomeReason, Winner } from '../engine';
import { OutcomeView, outcomeView } from '../http/views/move-outcome.views';
import { GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { GameView } from './game.views';
import { readClock } from './clocks/clock';
import type { Clocks } from './events/game-event';

export type Side = 'attackers' | 'defenders';

export const otherSide = (s: Side): Side => (s === 'attackers' ? 'defenders' : 'attackers');

/** The side to move is the TFEN's last letter. */
export function sideToMove(position: string): Side {
  return position.endsWith(' d') ? 'defenders' : 'attackers';
}

/** `notations`: the moves' notations in ply order (copied: a cached list goes on growing). */
export function toGameView(game: GameEntity, notations: readonly string[], now: number): GameView {
  return {
    id: game.id,
    variant: game.variant,
    startPosition: game.startPosition,
    moves: notations.slice(),
    ply: game.ply,
    position: game.position,
    sideToMove: sideToMove(game.position),
    outcome: outcomeOf(game),
    players: { attackers: game.players?.attackers ?? null, defenders: game.players?.defenders ?? null },
    metadata: game.metadata ?? {},
    drawOfferedBy: game.drawOfferedBy,
    computer: game.computer ?? null,
    takebackOfferedBy: game.takebackOfferedBy ?? null,
    timeControl: game.timeControl ?? null,
    clocks: clocksAt(game, now),
    options: { takebacks: game.options?.takebacks ?? false, drawOffers: game.options?.drawOffers ?? true },
    createdAt: game.createdAt.toISOString(),
    updatedAt: game.updatedAt.toISOString(),
  };
}

/** The JSON export: the game as read, plus every ply with what it captured (which only a replay knows). */
export function toExportJson(game: GameEntity, moves: readonly MoveEntity[], state: GameState, now: number): object {
  return { ...toGameView(game, notationsOf(moves), now), plies: state.plies.map((move, index) => ({ index, move })) };
}

/**
 * The clocks at `now`: the side to move's runs while the game goes on; null without a time control.
 * Periods appear only for byo-yomi, as api.md has them.
 */
export function clocksAt(game: GameEntity, now: number): Clocks | null {
  if (!game.timeControl || !game.clock) return null;
  const r = readClock(game.timeControl, game.clock, game.status === 'ongoing' ? sideToMove(game.position) : null, now);
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

/** The stored outcome columns as the shared outcome view (with its sentence). */
export function outcomeOf(game: GameEntity): OutcomeView {
  if (game.status === 'ongoing') return outcomeView({ status: 'ongoing', winner: null, reason: null });
  return outcomeView({ status: 'finished', winner: game.winner as Winner, reason: game.reason as OutcomeReason });
}

export const notationsOf = (moves: readonly MoveEntity[]): string[] => moves.map((m) => m.notation);

/** The move as the engine reads it and the `move` column holds it (`f4-f7`, `pass`), from its notation (`f4-f7xf8/e7`). */
export const moveOfNotation = (notation: string): string => notation.split('x')[0];

/** Who made the move at `ply`: sides alternate from the game's start position. */
export function moverAt(game: GameEntity, ply: number): Side {
  const first = sideToMove(game.startPosition);
  return ply % 2 === 0 ? first : otherSide(first);
}

/** Rows for the state's plies from `fromPly` on. */
export function toMoveRows(game: GameEntity, state: GameState, fromPly: number, at: Date): MoveEntity[] {
  return state.plies.slice(fromPly).map((p, i) => {
    const ply = fromPly + i;
    return Object.assign(new MoveEntity(), {
      gameId: game.id,
      ply,
      move: p.from === null ? 'pass' : `${p.from}-${p.to}`,
      notation: p.notation,
      side: moverAt(game, ply),
      createdAt: at,
    });
  });
}
