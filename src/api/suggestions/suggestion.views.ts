/** The answer of a move suggestion (api.md section 10), for both transports. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { MoveView } from '../../http/views/move-outcome.views';

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

  @Field(() => Int)
  @ApiProperty({ type: 'integer' })
  timeMs!: number;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10 })
  level!: number;
}
