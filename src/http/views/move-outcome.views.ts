/** The engine's move and outcome as both transports of every room show them. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, ObjectType } from '@nestjs/graphql';
import { OUTCOME_REASONS, OUTCOME_STATUSES, Outcome, OutcomeReason, OutcomeStatus, WINNERS, Winner, outcomeWithDetail } from '../../engine';
import { OutcomeReasonEnum, OutcomeStatusEnum, WinnerEnum } from '../enums';

@ObjectType('Move', { description: 'A move with what it captured.' })
export class MoveView {
  @Field(() => String, { nullable: true })
  @ApiProperty({ type: String, nullable: true, example: 'f4', description: 'Origin square; null for a pass.' })
  from!: string | null;

  @Field(() => String, { nullable: true })
  @ApiProperty({ type: String, nullable: true, example: 'f7', description: 'Destination square; null for a pass.' })
  to!: string | null;

  @Field(() => String, { description: 'Rich notation with captures, e.g. "f4-f7xf8/e7", or "pass".' })
  @ApiProperty({ example: 'f4-f7xf8/e7', description: 'Rich notation with captures, or "pass".' })
  notation!: string;

  @Field(() => [String])
  @ApiProperty({ type: [String], example: ['e7', 'f8'], description: 'Captured squares (a captured king too).' })
  captures!: string[];
}

@ObjectType('Outcome')
export class OutcomeView {
  @Field(() => OutcomeStatusEnum)
  @ApiProperty({ enum: OUTCOME_STATUSES, enumName: 'OutcomeStatus' })
  status!: OutcomeStatus;

  @Field(() => WinnerEnum, { nullable: true })
  @ApiProperty({ enum: WINNERS, enumName: 'Winner', nullable: true, description: 'null while ongoing.' })
  winner!: Winner | null;

  @Field(() => OutcomeReasonEnum, { nullable: true })
  @ApiProperty({ enum: OUTCOME_REASONS, enumName: 'OutcomeReason', nullable: true, description: 'null while ongoing.' })
  reason!: OutcomeReason | null;

  @Field(() => String, { nullable: true, description: 'A sentence explaining the reason; null while ongoing.' })
  @ApiProperty({ type: String, nullable: true, description: 'A sentence explaining the reason; null while ongoing.' })
  detail!: string | null;
}

/** The outcome as answered: `detail` is always present (null while ongoing). */
export function outcomeView(o: Outcome): OutcomeView {
  return outcomeWithDetail(o);
}
