/** The options of a game review (api.md section 16), shared by the stateless and the stored-game routes. */
import { OptionalInteger } from '../http/optional-integer';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { DEFAULT_REVIEW_OPTIONS, MAX_BUDGET_MS, MAX_LEVEL, MIN_LEVEL } from '../search';

export class ReviewOptionsInput {
  @OptionalInteger({
    minimum: MIN_LEVEL,
    maximum: MAX_LEVEL,
    default: DEFAULT_REVIEW_OPTIONS.level,
    description: 'Strength of the search that judges each move',
  })
  level?: number;

  @OptionalInteger({
    minimum: 1,
    maximum: MAX_BUDGET_MS,
    default: DEFAULT_REVIEW_OPTIONS.budgetMsPerPly,
    description: 'Milliseconds of search per position; plies × budget may not pass 600,000',
  })
  budgetMsPerPly?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Makes the review reproducible: every search ends at a node count' })
  @IsOptional()
  @IsInt()
  seed?: number;
}
