/**
 * Between stored rows and what the transports answer: a game row becomes a summary (what the answers
 * of acts carry), a row and its moves the whole game; the plies the engine played become move rows.
 * No database access and no rules decisions here.
 */
import { GameState, OutcomeReason, Winner } from '../engine';
import { MoveView, OutcomeView, outcomeView } from '../http/views/move-outcome.views';
import { clocksAt } from './clocks/clocks-of-game';
import { GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { sideToMove } from './game-sides';
import { GameSummaryView, GameView } from './game.views';
import { seatsOf } from './seats';

/** The game without its moves: the same size at ply 10 and at ply 10,000 (api.md section 5). */
export function toGameSummary(game: GameEntity, now: number): GameSummaryView {
  return {
    id: game.id,
    variant: game.variant,
    startPosition: game.startPosition,
    ply: game.ply,
    position: game.position,
    sideToMove: sideToMove(game.position),
    outcome: outcomeOf(game),
    players: { attackers: game.players?.attackers ?? null, defenders: game.players?.defenders ?? null },
    seats: seatsOf(game),
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

/** The whole game, `moves` (notations in ply order) after its start as api.md lists the fields. */
export function toGameView(summary: GameSummaryView, notations: readonly string[]): GameView {
  const { id, variant, startPosition, ...rest } = summary;
  return { id, variant, startPosition, moves: notations.slice(), ...rest };
}

/** The JSON export: the game as read, plus every ply with what it captured (which only a replay knows). */
export function toExportJson(game: GameEntity, moves: readonly MoveEntity[], state: GameState, now: number): object {
  return { ...toGameView(toGameSummary(game, now), notationsOf(moves)), plies: state.plies.map((move, index) => ({ index, move })) };
}

/** The stored outcome columns as the shared outcome view (with its sentence). */
export function outcomeOf(game: GameEntity): OutcomeView {
  if (game.status === 'ongoing') return outcomeView({ status: 'ongoing', winner: null, reason: null });
  return outcomeView({ status: 'finished', winner: game.winner as Winner, reason: game.reason as OutcomeReason });
}

export const notationsOf = (moves: readonly MoveEntity[]): string[] => moves.map((m) => m.notation);

/** The move as the engine reads it and the `move` column holds it (`f4-f7`, `pass`), from its notation (`f4-f7xf8/e7`). */
export const moveOfNotation = (notation: string): string => notation.split('x')[0];

/** A stored move as answers show it, from its rich notation (which lists every capture, the king too). */
export function moveViewOf(notation: string): MoveView {
  if (notation === 'pass') return { from: null, to: null, notation, captures: [] };
  const [move, captured] = notation.split('x');
  const [from, to] = move.split('-');
  return { from, to, notation, captures: captured ? captured.split('/') : [] };
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
      // The engine's mover, not the ply's parity: under berserk a side may move several times in a row.
      side: state.moverAt(ply),
      createdAt: at,
    });
  });
}
