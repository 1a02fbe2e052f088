/** The answer of a move suggestion (api.md section 10), for both transports. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { enumObject } from '../../http/enums';
import { MoveView } from '../../http/views/move-outcome.views';

/** Why a suggestion's search ended (api.md section 10): its depth, its node count (every seeded search), its clock, or a forced win or loss found. */
export const SUGGESTION_STOPS = ['depth', 'nodes', 'time', 'mate'] as const;
export type SuggestionStop = (typeof SUGGESTION_STOPS)[number];
export const SuggestionStopEnum = enumObject(SUGGESTION_STOPS);
registerEnumType(SuggestionStopEnum, {
  name: 'StoppedBy',
  description: 'Why the search ended: its depth, node count, clock, or a forced result found.',
});

const TIME_MS =
  'Milliseconds the search took; 0 when seeded, so that a seeded answer is the same on any machine (REST gives the time in Server-Timing).';

@ObjectType('SuggestedLine')
export class SuggestedLineView {
  @Field(() => [String], { description: 'The line in rich notation, the suggested move first.' })
  @ApiProperty({ type: [String], example: ['d1-d3', 'f4-f3'] })
  moves!: string[];

  @Field(() => Float, { description: "From the side to move's view: +1000000 − n for a win in n plies, −1000000 + n for a loss." })
  @ApiProperty({ example: 35, description: "From the side to move's view: +1000000 − n / −1000000 + n for a win / loss in n plies" })
  score!: number;
}

@ObjectType('Suggestion')
export class SuggestionView {
  @Field(() => MoveView)
  @ApiProperty({ type: MoveView })
  bestMove!: MoveView;

  @Field(() => [SuggestedLineView])
  @ApiProperty({ type: [SuggestedLineView] })
  lines!: SuggestedLineView[];

  @Field(() => Int, { description: 'Deepest full iteration.' })
  @ApiProperty({ type: 'integer' })
  depth!: number;

  @Field(() => Float, { description: 'Positions searched.' })
  @ApiProperty({ type: 'integer' })
  nodes!: number;

  @Field(() => Int, { description: TIME_MS })
  @ApiProperty({ type: 'integer', description: TIME_MS })
  timeMs!: number;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10 })
  level!: number;

  @Field(() => SuggestionStopEnum, { description: 'Why the search ended; a seeded search ends by its node count, never by the clock.' })
  @ApiProperty({
    enum: SUGGESTION_STOPS,
    enumName: 'StoppedBy',
    description: 'Why the search ended; a seeded search ends by its node count, never by the clock.',
  })
  stoppedBy!: SuggestionStop;
}
