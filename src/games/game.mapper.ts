/**
 * Between stored rows and what the transports answer: a game row and its moves become a GameView;
 * the plies the engine played become move rows. No database access and no rules decisions here.
 */
import { GameState, OutcomeReason, Winner } from '../engine';
import { OutcomeView, outcomeView } from '../http/views/move-outcome.views';
import { GameEntity } from './entities/game.entity';
import { MoveEntity } from './entities/move.entity';
import { GameView } from './game.views';

export type Side = 'attackers' | 'defenders';

export const otherSide = (s: Side): Side => (s === 'attackers' ? 'defenders' : 'attackers');

/** The side to move is the TFEN's last letter. */
export function sideToMove(position: string): Side {
  return position.endsWith(' d') ? 'defenders' : 'attackers';
}

export function toGameView(game: GameEntity, moves: readonly MoveEntity[]): GameView {
  return {
    id: game.id,
    variant: game.variant,
    startPosition: game.startPosition,
    moves: moves.map((m) => m.notation),
    ply: game.ply,
    position: game.position,
    sideToMove: sideToMove(game.position),
    outcome: outcomeOf(game),
    players: { attackers: game.players?.attackers ?? null, defenders: game.players?.defenders ?? null },
    metadata: game.metadata ?? {},
    drawOfferedBy: game.drawOfferedBy,
    computer: game.computer ?? null,
    createdAt: game.createdAt.toISOString(),
    updatedAt: game.updatedAt.toISOString(),
  };
}

/** The JSON export: the game as read, plus every ply with what it captured (which only a replay knows). */
export function toExportJson(game: GameEntity, moves: readonly MoveEntity[], state: GameState): object {
  return { ...toGameView(game, moves), plies: state.plies.map((move, index) => ({ index, move })) };
}

/** The stored outcome columns as the shared outcome view (with its sentence). */
export function outcomeOf(game: GameEntity): OutcomeView {
  if (game.status === 'ongoing') return outcomeView({ status: 'ongoing', winner: null, reason: null });
  return outcomeView({ status: 'finished', winner: game.winner as Winner, reason: game.reason as OutcomeReason });
}

/** Rows for the state's plies from `fromPly` on; sides alternate from the game's start position. */
export function toMoveRows(game: GameEntity, state: GameState, fromPly: number, at: Date): MoveEntity[] {
  const first = sideToMove(game.startPosition);
  return state.plies.slice(fromPly).map((p, i) => {
    const ply = fromPly + i;
    return Object.assign(new MoveEntity(), {
      gameId: game.id,
      ply,
      move: p.from === null ? 'pass' : `${p.from}-${p.to}`,
      notation: p.notation,
      side: ply % 2 === 0 ? first : otherSide(first),
      createdAt: at,
    });
  });
}
