/** The answer of a game review (api.md section 16), for both transports. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SIDES, SideName } from '../engine';
import { MARKS, Mark } from '../search';
import { SideEnum, enumObject } from '../http/enums';

export const MarkEnum = enumObject(MARKS);
registerEnumType(MarkEnum, {
  name: 'Mark',
  description:
    'How a reviewed move is judged: by its loss (good, inaccuracy, mistake, blunder), or best, only (every other move a blunder), forced (the one legal move).',
});

const SCORE = "From the mover's view, in hundredths of an attacker soldier; 1000000 − n for a win in n plies, −1000000 + n for a loss.";
const LOSS = 'How much the move lost against the best move, scores capped at ±5000 (a won game): never negative.';

@ObjectType('ReviewedPly')
export class ReviewedPlyView {
  @Field(() => Int, { description: 'Moves played once this one is: 1 for the first (a picture of `ply` shows the position after it).' })
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  ply!: number;

  @Field(() => SideEnum)
  @ApiProperty({ enum: SIDES, enumName: 'Side' })
  side!: SideName;

  @Field({ description: 'The move played, in rich notation.' })
  @ApiProperty({ example: 'd1-d3' })
  move!: string;

  @Field(() => Float, { description: SCORE })
  @ApiProperty({ description: SCORE, example: 35 })
  scoreBefore!: number;

  @Field(() => Float, { description: SCORE })
  @ApiProperty({ description: SCORE, example: -120 })
  scoreAfter!: number;

  @Field({ description: 'The best move the search found, in rich notation.' })
  @ApiProperty({ example: 'd1-c1' })
  bestMove!: string;

  @Field(() => Float, { description: LOSS })
  @ApiProperty({ description: LOSS, minimum: 0, example: 155 })
  loss!: number;

  @Field(() => MarkEnum)
  @ApiProperty({ enum: MARKS, enumName: 'Mark' })
  mark!: Mark;
}

@ObjectType('MarkCount')
export class MarkCountView {
  @Field(() => MarkEnum)
  @ApiProperty({ enum: MARKS, enumName: 'Mark' })
  mark!: Mark;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', minimum: 0 })
  count!: number;
}

@ObjectType('SideReview')
export class SideReviewView {
  @Field(() => Int, { description: 'Moves of this side reviewed.' })
  @ApiProperty({ type: 'integer', minimum: 0 })
  moves!: number;

  @Field(() => Float, { description: 'The average loss of its moves, to a tenth.' })
  @ApiProperty({ minimum: 0, example: 42.5 })
  averageLoss!: number;

  @Field(() => [MarkCountView], { description: 'How many of its moves got each mark, every mark listed.' })
  @ApiProperty({ type: [MarkCountView] })
  marks!: MarkCountView[];
}

@ObjectType('SidesReview')
export class SidesReviewView {
  @Field(() => SideReviewView)
  @ApiProperty({ type: SideReviewView })
  attackers!: SideReviewView;

  @Field(() => SideReviewView)
  @ApiProperty({ type: SideReviewView })
  defenders!: SideReviewView;
}

const SEARCH_MS = 'Milliseconds of search in all; 0 when seeded, so that a seeded review is the same on any machine.';

@ObjectType('GameReview')
export class GameReviewView {
  @Field(() => [ReviewedPlyView])
  @ApiProperty({ type: [ReviewedPlyView] })
  plies!: ReviewedPlyView[];

  @Field(() => SidesReviewView)
  @ApiProperty({ type: SidesReviewView })
  sides!: SidesReviewView;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 10 })
  level!: number;

  @Field(() => Int)
  @ApiProperty({ type: 'integer' })
  budgetMsPerPly!: number;

  @Field(() => Float, { description: 'Positions searched in all.' })
  @ApiProperty({ type: 'integer' })
  nodes!: number;

  @Field(() => Int, { description: SEARCH_MS })
  @ApiProperty({ type: 'integer', description: SEARCH_MS })
  searchMs!: number;
}
