/** Answers of the rules operations (api.md section 4), one class per shape for both transports. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ILLEGAL_REASONS, IllegalReason, SIDES, SideName } from '../../engine';
import { IllegalReasonEnum, SideEnum } from '../../http/enums';
import { MoveView, OutcomeView } from '../../http/views/move-outcome.views';
import { ImageLinksView } from '../../http/views/image-links.view';

export { MoveView, OutcomeView };

@ObjectType('LegalMoves')
export class LegalMovesView {
  @Field(() => String, { description: 'TFEN of the position.' })
  @ApiProperty({ example: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a' })
  position!: string;

  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;

  @Field(() => [MoveView])
  @ApiProperty({ type: [MoveView] })
  moves!: MoveView[];

  @Field(() => Int, { description: 'Number of moves listed.' })
  @ApiProperty({ type: 'integer', minimum: 0, example: 40, description: 'Number of moves listed.' })
  count!: number;

  @Field(() => ImageLinksView, { nullable: true, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  @ApiPropertyOptional({ type: ImageLinksView, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  image?: ImageLinksView;
}

@ObjectType('AppliedMove')
export class ApplyMoveView {
  @Field(() => String, { description: 'TFEN after the move.' })
  @ApiProperty({ description: 'TFEN after the move.' })
  position!: string;

  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;

  @Field(() => MoveView)
  @ApiProperty({ type: MoveView })
  move!: MoveView;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;

  @Field(() => ImageLinksView, { nullable: true, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  @ApiPropertyOptional({ type: ImageLinksView, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  image?: ImageLinksView;
}

@ObjectType('Evaluation')
export class EvaluateView {
  @Field(() => String, { description: 'TFEN of the position.' })
  @ApiProperty({ description: 'TFEN of the position.' })
  position!: string;

  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;

  @Field(() => ImageLinksView, { nullable: true, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  @ApiPropertyOptional({ type: ImageLinksView, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  image?: ImageLinksView;
}

@ObjectType('Ply')
export class PlyView {
  @Field(() => Int, { description: 'Place of the move in the sequence, from 0.' })
  @ApiProperty({ type: 'integer', minimum: 0, example: 0, description: 'Place of the move in the sequence, from 0.' })
  index!: number;

  @Field(() => MoveView)
  @ApiProperty({ type: MoveView })
  move!: MoveView;
}

@ObjectType('IllegalMove')
export class IllegalMoveView {
  @Field(() => Int, { description: 'Place of the move in the sequence, from 0.' })
  @ApiProperty({ type: 'integer', minimum: 0, example: 2, description: 'Place of the move in the sequence, from 0.' })
  index!: number;

  @Field(() => String, { description: 'The move as given.' })
  @ApiProperty({ example: 'e2-e2' })
  move!: string;

  @Field(() => IllegalReasonEnum, { description: 'Why the move is illegal.' })
  @ApiProperty({ enum: ILLEGAL_REASONS, enumName: 'IllegalReason', example: 'NOT_STRAIGHT', description: 'Why the move is illegal.' })
  reason!: IllegalReason;

  @Field(() => String, { description: 'Why, in a sentence.' })
  @ApiProperty({ description: 'Why, in a sentence.' })
  message!: string;
}

@ObjectType('GameValidation')
export class ValidateGameView {
  @Field(() => Boolean, { description: 'Whether every move is legal.' })
  @ApiProperty({ description: 'Whether every move is legal.' })
  valid!: boolean;

  @Field(() => [PlyView], { description: 'Every legal ply, up to the first illegal move.' })
  @ApiProperty({ type: [PlyView], description: 'Every legal ply, up to the first illegal move.' })
  plies!: PlyView[];

  @Field(() => String, { description: 'TFEN after the last legal move.' })
  @ApiProperty({ description: 'TFEN after the last legal move.' })
  position!: string;

  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;

  @Field(() => OutcomeView)
  @ApiProperty({ type: OutcomeView })
  outcome!: OutcomeView;

  @Field(() => IllegalMoveView, { nullable: true, description: 'The first illegal move; null when valid.' })
  @ApiProperty({ type: IllegalMoveView, nullable: true, description: 'The first illegal move; null when valid.' })
  error!: IllegalMoveView | null;

  @Field(() => ImageLinksView, { nullable: true, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  @ApiPropertyOptional({ type: ImageLinksView, description: 'Picture URLs of the position (with PUBLIC_BASE_URL set).' })
  image?: ImageLinksView;
}
