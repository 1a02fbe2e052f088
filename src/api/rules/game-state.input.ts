/** The game state of every stateless operation (api.md section 3), for both transports. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Field, InputType } from '@nestjs/graphql';
import { IsArray, IsObject, IsOptional, IsString } from 'class-validator';
import { JsonScalar } from '../../http/json.scalar';

const BRANDUBH_AFTER_TWO = '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a';

@InputType('GameStateInput', {
  description: 'A variant (exactly one of variant, otn and definition), an optional TFEN start position, and the moves played from it.',
})
export class GameStateInput {
  @Field(() => String, { nullable: true, description: 'Variant id, e.g. "copenhagen" or a registered "custom-…".' })
  @ApiPropertyOptional({
    description: 'Variant id, e.g. "copenhagen" or a registered "custom-…".',
    example: 'brandubh',
    type: String,
    nullable: true,
  })
  @IsOptional()
  @IsString()
  variant?: string | null;

  @Field(() => String, { nullable: true, description: 'Instead of variant: an OpenTafl rules string.' })
  @ApiPropertyOptional({ description: 'Instead of variant: an OpenTafl rules string.', type: String, nullable: true })
  @IsOptional()
  @IsString()
  otn?: string | null;

  @Field(() => JsonScalar, { nullable: true, description: 'Instead of variant: a definition, `{ base?, …overrides }` or complete rules.' })
  @ApiPropertyOptional({
    description: 'Instead of variant: a definition, `{ base?, …overrides }` or complete rules.',
    type: 'object',
    additionalProperties: true,
    nullable: true,
  })
  @IsOptional()
  @IsObject()
  definition?: Record<string, unknown> | null;

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
