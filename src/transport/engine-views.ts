/** The engine's move and outcome as both transports of every room show them. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, ObjectType } from '@nestjs/graphql';

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
  @Field(() => String, { description: 'ongoing | finished' })
  @ApiProperty({ enum: ['ongoing', 'finished'] })
  status!: string;

  @Field(() => String, { nullable: true, description: 'attackers | defenders | draw | null' })
  @ApiProperty({ enum: ['attackers', 'defenders', 'draw'], nullable: true, type: String })
  winner!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'king_escaped | exit_fort | king_captured | encircled | repetition | no_legal_moves | both_immobile | resigned | draw_agreed | null',
  })
  @ApiProperty({
    enum: ['king_escaped', 'exit_fort', 'king_captured', 'encircled', 'repetition', 'no_legal_moves', 'both_immobile', 'resigned', 'draw_agreed'],
    nullable: true,
    type: String,
  })
  reason!: string | null;

  @Field(() => String, { nullable: true, description: 'A sentence explaining the reason; null while ongoing.' })
  @ApiProperty({ type: String, nullable: true })
  detail?: string | null;
}
