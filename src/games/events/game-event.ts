/**
 * The events of stored games (api.md section 7): what a change produces, what a stream's lines carry.
 * One value set for the kinds, from which the OpenAPI and GraphQL enums are derived (the database check
 * is written in the migrations, which never change: a new kind needs a migration of its own).
 */
import type { SideName } from '../../engine';
import type { MoveView, OutcomeView } from '../../http/views/move-outcome.views';
import type { GameEntity } from '../entities/game.entity';
import { Clocks, clocksAt } from '../clocks/clocks-of-game';
import { outcomeOf } from '../game.mapper';
import { sideToMove } from '../game-sides';
import type { GameView } from '../game.views';
import { SeatsView, seatsOf } from '../seats';

export const GAME_EVENT_KINDS = [
  'move',
  'resign',
  'draw_offer',
  'draw_accept',
  'takeback',
  'timeout',
  'takeback_offer',
  'seat_taken',
  'engine_failure',
] as const;
export type GameEventKind = (typeof GAME_EVENT_KINDS)[number];

/** The game after a change: the body of a `gameState` line besides its type, seq and kind. */
export interface GameStateFields {
  ply: number;
  /** The move of a `move` event; null for the others. */
  move: MoveView | null;
  position: string;
  sideToMove: SideName;
  outcome: OutcomeView;
  drawOfferedBy: SideName | null;
  clocks: Clocks | null;
  /** Added after api.md's fields: the side whose takeback offer stands. Events logged before takebacks lack it (read as null). */
  takebackOfferedBy: SideName | null;
  /** Added with open seats (api.md section 11). Events logged before them lack it (read as both taken). */
  seats: SeatsView;
  /** The sides' names: a claim may name its side. Events logged before open seats lack it (read as null). */
  players: { attackers: string | null; defenders: string | null } | null;
}

export interface GameStateEvent extends GameStateFields {
  type: 'gameState';
  seq: number;
  event: GameEventKind;
}

export interface GameFullEvent {
  type: 'gameFull';
  /** The seq of the last event so far (0 before any): resuming after it misses nothing. */
  seq: number;
  game: GameView;
}

export type StreamEvent = GameFullEvent | GameStateEvent;

/** The game's state for its event log at `now` (the clocks as of the change). */
export function stateFields(game: GameEntity, move: MoveView | null, now: number): GameStateFields {
  return {
    ply: game.ply,
    move,
    position: game.position,
    sideToMove: sideToMove(game.position),
    outcome: outcomeOf(game),
    drawOfferedBy: game.drawOfferedBy,
    clocks: clocksAt(game, now),
    takebackOfferedBy: game.takebackOfferedBy,
    seats: seatsOf(game),
    players: game.players,
  };
}

const BOTH_TAKEN: SeatsView = { attackers: 'taken', defenders: 'taken' };

/** Fields in api.md's order, nested ones too: the log's jsonb keeps keys in an order of its own. */
export function gameStateEvent(seq: number, event: GameEventKind, s: GameStateFields): GameStateEvent {
  const m = s.move;
  const o = s.outcome;
  return {
    type: 'gameState',
    seq,
    event,
    ply: s.ply,
    move: m ? { from: m.from, to: m.to, notation: m.notation, captures: m.captures } : null,
    position: s.position,
    sideToMove: s.sideToMove,
    outcome: { status: o.status, winner: o.winner, reason: o.reason, detail: o.detail },
    drawOfferedBy: s.drawOfferedBy,
    clocks: s.clocks ?? null,
    takebackOfferedBy: s.takebackOfferedBy ?? null,
    seats: s.seats ?? BOTH_TAKEN,
    players: s.players ?? null,
  };
}

/** Whether a line ends its stream: the game it shows is over, so nothing follows. */
export function endsStream(e: StreamEvent): boolean {
  return (e.type === 'gameFull' ? e.game.outcome.status : e.outcome.status) === 'finished';
}

/**
 * An event on its way to many subscribers: its JSON is written once, however many streams send it,
 * and its size is what a slow reader's buffer is charged.
 */
export class OutgoingEvent {
  private text: string | null = null;

  constructor(readonly data: StreamEvent) {}

  get seq(): number {
    return this.data.seq;
  }

  get json(): string {
    return (this.text ??= JSON.stringify(this.data));
  }
}
