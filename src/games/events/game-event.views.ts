/**
 * The shapes of stream events for the contracts: the two NDJSON/SSE lines for OpenAPI, and the one
 * GraphQL type `GameUpdate` that carries either (a flat type with a `type` field, so a subscription
 * needs no fragments).
 */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SIDES, SideName } from '../../engine';
import { SideEnum, enumObject } from '../../http/enums';
import { MoveView, OutcomeView } from '../../http/views/move-outcome.views';
import { ClocksView } from '../clocks/clock.views';
import { GameSummaryView, GameView, PlayersView } from '../game.views';
import { SeatsView } from '../seats';
import { GAME_EVENT_KINDS, GameEventKind, StreamEvent } from './game-event';

export const STREAM_EVENT_TYPES = ['gameFull', 'gameState'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

export const GameEventKindEnum = enumObject(GAME_EVENT_KINDS);
export const StreamEventTypeEnum = enumObject(STREAM_EVENT_TYPES);

const KIND_DESCRIPTION =
  'What changed: a move, a resignation, a draw offer or acceptance, a takeback (and its offer, takeback_offer), a loss on time, ' +
  'the claim of an open seat (seat_taken), the loss of a side played by an external engine that failed (engine_failure).';
const TYPE_DESCRIPTION = 'gameFull: the whole game (the first line of a fresh stream); gameState: one change.';

registerEnumType(GameEventKindEnum, { name: 'GameEventKind', description: KIND_DESCRIPTION });
registerEnumType(StreamEventTypeEnum, { name: 'StreamEventType', description: TYPE_DESCRIPTION });

const SEQ_OF_STATE = 'The number of this event in its game: 1, 2, 3, …; the SSE `id:`.';
const SEQ_OF_FULL = 'The seq of the last event so far (0 before any): resume after it with sinceSeq or Last-Event-ID.';

export class GameFullEventView {
  @ApiProperty({ enum: ['gameFull'] }) type!: 'gameFull';
  @ApiProperty({ type: 'integer', minimum: 0, description: SEQ_OF_FULL }) seq!: number;
  @ApiProperty({ type: GameView, description: 'The game as GET /v1/games/{id} answers it.' }) game!: GameView;
}

export class GameStateEventView {
  @ApiProperty({ enum: ['gameState'] }) type!: 'gameState';
  @ApiProperty({ type: 'integer', minimum: 1, description: SEQ_OF_STATE }) seq!: number;
  @ApiProperty({ enum: GAME_EVENT_KINDS, enumName: 'GameEventKind', description: KIND_DESCRIPTION }) event!: GameEventKind;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Moves played after the event.' }) ply!: number;
  @ApiProperty({ type: MoveView, nullable: true, description: 'The move of a `move` event; null for the others.' })
  move!: MoveView | null;
  @ApiProperty({ description: 'TFEN after the event.' }) position!: string;
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' }) sideToMove!: SideName;
  @ApiProperty({ type: OutcomeView }) outcome!: OutcomeView;
  @ApiProperty({ enum: SIDES, enumName: 'Side', nullable: true, description: 'The side whose draw offer stands.' })
  drawOfferedBy!: SideName | null;
  @ApiProperty({ type: ClocksView, nullable: true }) clocks!: ClocksView | null;
  @ApiProperty({ enum: SIDES, enumName: 'Side', nullable: true, description: 'The side whose takeback offer stands.' })
  takebackOfferedBy!: SideName | null;
  @ApiProperty({ type: SeatsView, description: 'Whether each side is held or waits for a claim.' }) seats!: SeatsView;
  @ApiProperty({
    type: PlayersView,
    nullable: true,
    description: "The sides' names after the event (null in events older than open seats).",
  })
  players!: PlayersView | null;
}

@ObjectType('GameUpdate', {
  description:
    'One line of a game stream. A fresh subscription opens with type gameFull (`game` set, the other fields as of now, `event` ' +
    'and `move` null); each change follows as type gameState. The subscription completes after the event that finishes the game.',
})
export class GameUpdateView {
  @Field(() => StreamEventTypeEnum) type!: StreamEventType;
  @Field(() => Int, {
    description: 'gameState: the number of the event in its game (1, 2, 3, …); gameFull: the seq of the last event so far.',
  })
  seq!: number;
  @Field(() => GameEventKindEnum, { nullable: true, description: 'What changed; null on gameFull.' }) event!: GameEventKind | null;
  @Field(() => Int) ply!: number;
  @Field(() => MoveView, { nullable: true, description: 'The move of a `move` event; null otherwise.' }) move!: MoveView | null;
  @Field({ description: 'TFEN after the event.' }) position!: string;
  @Field(() => SideEnum) sideToMove!: SideName;
  @Field(() => OutcomeView) outcome!: OutcomeView;
  @Field(() => SideEnum, { nullable: true }) drawOfferedBy!: SideName | null;
  @Field(() => ClocksView, { nullable: true }) clocks!: ClocksView | null;
  @Field(() => SideEnum, { nullable: true }) takebackOfferedBy!: SideName | null;
  @Field(() => SeatsView) seats!: SeatsView;
  @Field(() => PlayersView, { nullable: true }) players!: PlayersView | null;
  @Field(() => GameSummaryView, { nullable: true, description: 'The whole game, on gameFull only.' }) game!: GameView | null;
}

export function toGameUpdate(e: StreamEvent): GameUpdateView {
  if (e.type === 'gameState') return { ...e, game: null };
  const g = e.game;
  return {
    type: 'gameFull',
    seq: e.seq,
    event: null,
    ply: g.ply,
    move: null,
    position: g.position,
    sideToMove: g.sideToMove,
    outcome: g.outcome,
    drawOfferedBy: g.drawOfferedBy,
    clocks: g.clocks,
    takebackOfferedBy: g.takebackOfferedBy,
    seats: g.seats,
    players: { attackers: g.players.attackers ?? null, defenders: g.players.defenders ?? null },
    game: g,
  };
}
