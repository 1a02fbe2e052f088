/** Answers of the rules operations (api.md section 4), one class per shape for both transports. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { MoveView, OutcomeView } from '../../http/views/move-outcome.views';

export { MoveView, OutcomeView };

@ObjectType('LegalMoves')
export class LegalMovesView {
  @Field(() => String, { description: 'TFEN of the position.' })
  @ApiProperty({ example: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a' })
  position!: string;

  @Field(() => String, { description: 'attackers | defenders' })
  @ApiProperty({ enum: ['attackers', 'defenders'] })
  sideToMove!: string;

  @Field(() => [MoveView])
  @ApiProperty({ type: [MoveView] })
  moves!: MoveView[];

  @Field(() => Int)
  @ApiProperty({ example: 40 })
  count!: number;
}

@ObjectType('AppliedMove')
export class ApplyMoveView {
  @Field(() => String, { description: 'TFEN after the move.' })
  @ApiProperty()
  position!: string;

  @Field(() => String, { description: 'attackers | defenders' })
  @ApiProperty({ enum: ['attackers', 'defenders'] })
  sideToMove!: string;

  @Field(() => MoveView)
  @ApiProperty({ type: MoveView })
  move!: MoveView;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;
}

@ObjectType('Evaluation')
export class EvaluateView {
  @Field(() => String)
  @ApiProperty()
  position!: string;

  @Field(() => String, { description: 'attackers | defenders' })
  @ApiProperty({ enum: ['attackers', 'defenders'] })
  sideToMove!: string;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;
}

@ObjectType('Ply')
export class PlyView {
  @Field(() => Int)
  @ApiProperty({ example: 0 })
  index!: number;

  @Field(() => MoveView)
  @ApiProperty({ type: MoveView })
  move!: MoveView;
}

@ObjectType('IllegalMove')
export class IllegalMoveView {
  @Field(() => Int, { description: 'Place of the move in the sequence, from 0.' })
  @ApiProperty({ example: 2 })
  index!: number;

  @Field(() => String, { description: 'The move as given.' })
  @ApiProperty({ example: 'e2-e2' })
  move!: string;

  @Field(() => String, { description: 'NOT_YOUR_PIECE | NO_PIECE | NOT_STRAIGHT | PATH_BLOCKED | DESTINATION_OCCUPIED | RESTRICTED_SQUARE | THRONE_REENTRY | GAME_OVER | BAD_SQUARE | BAD_NOTATION' })
  @ApiProperty({ example: 'NOT_STRAIGHT' })
  reason!: string;

  @Field(() => String)
  @ApiProperty()
  message!: string;
}

@ObjectType('GameValidation')
export class ValidateGameView {
  @Field(() => Boolean)
  @ApiProperty()
  valid!: boolean;

  @Field(() => [PlyView])
  @ApiProperty({ type: [PlyView] })
  plies!: PlyView[];

  @Field(() => String, { description: 'TFEN after the last legal move.' })
  @ApiProperty()
  position!: string;

  @Field(() => String)
  @ApiProperty({ enum: ['attackers', 'defenders'] })
  sideToMove!: string;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;

  @Field(() => IllegalMoveView, { nullable: true })
  @ApiProperty({ type: IllegalMoveView, nullable: true })
  error!: IllegalMoveView | null;
}
