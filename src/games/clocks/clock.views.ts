/**
 * The shapes of time controls, options and clocks for both transports (api.md section 8). A time
 * control is one flat type with a `type` (GraphQL inputs have no unions); which fields each type takes
 * is checked by parseTimeControl.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Allow, IsBoolean, IsIn, IsOptional } from 'class-validator';
import { SIDES, SideName } from '../../engine';
import { SideEnum, enumObject } from '../../http/enums';
import { TIME_CONTROL_TYPES, TimeControlType } from './time-control';

export const TimeControlTypeEnum = enumObject(TIME_CONTROL_TYPES);
registerEnumType(TimeControlTypeEnum, {
  name: 'TimeControlType',
  description:
    'fischer: initial time plus an increment per move; delay: simple delay; byoyomi: main time then overtime periods; correspondence: a fixed time per move.',
});

const MS = { type: 'integer', minimum: 0 } as const;

/** Its numbers are checked together, by type, where a game is created (parseTimeControl): declared here with @Allow. */
@ObjectType('TimeControl')
@InputType('TimeControlInput')
export class TimeControlView {
  @Field(() => TimeControlTypeEnum)
  @ApiProperty({ enum: TIME_CONTROL_TYPES, enumName: 'TimeControlType' })
  @IsIn(TIME_CONTROL_TYPES)
  type!: TimeControlType;

  @Field(() => Float, { nullable: true, description: 'fischer, delay, byoyomi: the main time.' })
  @ApiPropertyOptional({ ...MS, description: 'fischer, delay, byoyomi: the main time.', example: 259_200_000 })
  @Allow()
  initialMs?: number;

  @Field(() => Float, { nullable: true, description: 'fischer (and byoyomi, in main time): added after each move.' })
  @ApiPropertyOptional({
    ...MS,
    description: 'fischer (and byoyomi, in main time): added after each move; default 0.',
    example: 21_600_000,
  })
  @Allow()
  incrementMs?: number;

  @Field(() => Float, { nullable: true, description: 'delay: the time each move may take before the clock runs.' })
  @ApiPropertyOptional({ ...MS, description: 'delay: the time each move may take before the clock runs.' })
  @Allow()
  delayMs?: number;

  @Field(() => Int, { nullable: true, description: 'byoyomi: overtime periods.' })
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'byoyomi: overtime periods.' })
  @Allow()
  periods?: number;

  @Field(() => Float, { nullable: true, description: 'byoyomi: the length of a period (refilled by a move made within it).' })
  @ApiPropertyOptional({ ...MS, description: 'byoyomi: the length of a period (refilled by a move made within it).' })
  @Allow()
  periodMs?: number;

  @Field(() => Float, { nullable: true, description: 'correspondence: the time for every move.' })
  @ApiPropertyOptional({ ...MS, description: 'correspondence: the time for every move.' })
  @Allow()
  perMoveMs?: number;
}

@ObjectType('GameOptions')
@InputType('GameOptionsInput')
export class GameOptionsView {
  @Field({ nullable: true, description: 'Whether takebacks may be offered and accepted (default false).' })
  @ApiPropertyOptional({ type: Boolean, default: false })
  @IsOptional()
  @IsBoolean()
  takebacks?: boolean;

  @Field({ nullable: true, description: 'Whether draws may be offered (default true).' })
  @ApiPropertyOptional({ type: Boolean, default: true })
  @IsOptional()
  @IsBoolean()
  drawOffers?: boolean;
}

@ObjectType('Clocks', { description: 'Remaining time as of the answer or event (api.md section 8); null for a game without clocks.' })
export class ClocksView {
  @Field(() => Float) @ApiProperty(MS) attackersMs!: number;
  @Field(() => Float) @ApiProperty(MS) defendersMs!: number;
  @Field(() => SideEnum, { nullable: true, description: 'The side whose clock runs; null when none does.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', nullable: true, description: 'The side whose clock runs; null when none does.' })
  running!: SideName | null;
  @Field(() => String, { nullable: true, description: 'When the running clock runs out (ISO time).' })
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the running clock runs out.' })
  deadline!: string | null;
  @Field(() => Int, { nullable: true })
  @ApiProperty({ type: 'integer', required: false, description: 'Byo-yomi only: periods left, the current one included.' })
  attackersPeriods?: number;
  @Field(() => Int, { nullable: true })
  @ApiProperty({ type: 'integer', required: false, description: 'Byo-yomi only: periods left, the current one included.' })
  defendersPeriods?: number;
}
