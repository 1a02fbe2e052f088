/** The game state of every stateless operation (api.md section 3), for both transports. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Field, InputType } from '@nestjs/graphql';
import { IsArray, IsOptional, IsString } from 'class-validator';

const BRANDUBH_AFTER_TWO = '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a';

@InputType('GameStateInput', { description: 'A variant, an optional TFEN start position, and the moves played from it.' })
export class GameStateInput {
  @Field(() => String, { description: 'Variant id, e.g. "copenhagen".' })
  @ApiProperty({ description: 'Variant id, e.g. "copenhagen".', example: 'brandubh' })
  @IsString()
  variant!: string;

  @Field(() => String, { nullable: true, description: 'TFEN start position; the variant start when omitted.' })
  @ApiPropertyOptional({
    description: 'TFEN start position; the variant start when omitted.',
    example: BRANDUBH_AFTER_TWO,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString()
  position?: string | null;

  @Field(() => [String], { nullable: true, description: 'Moves played from the start position, e.g. ["d2-e2"].' })
  @ApiPropertyOptional({
    description: 'Moves played from the start position, in order.',
    example: ['d2-e2', 'c4-c5'],
    type: [String],
    nullable: true,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  moves?: string[] | null;
}

export class LegalMovesRequest extends GameStateInput {
  @ApiPropertyOptional({ description: 'Only the moves of the piece on this square.', example: 'f4', nullable: true, type: String })
  @IsOptional()
  @IsString()
  from?: string | null;
}

export class ApplyMoveRequest extends GameStateInput {
  @ApiProperty({ description: 'The move to play: "f4-f7", "f4f7" or "pass".', example: 'f4-f5' })
  @IsString()
  move!: string;
}
