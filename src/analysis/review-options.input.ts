/** The options of a game review (api.md section 16), shared by the stateless and the stored-game routes. */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_REVIEW_OPTIONS, MAX_BUDGET_MS, MAX_LEVEL, MIN_LEVEL } from '../search';

export class ReviewOptionsInput {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: MIN_LEVEL,
    maximum: MAX_LEVEL,
    default: DEFAULT_REVIEW_OPTIONS.level,
    description: 'Strength of the search that judges each move',
  })
  @IsOptional()
  @IsInt()
  @Min(MIN_LEVEL)
  @Max(MAX_LEVEL)
  level?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_BUDGET_MS,
    default: DEFAULT_REVIEW_OPTIONS.budgetMsPerPly,
    description: 'Milliseconds of search per position; plies × budget may not pass 600,000',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_BUDGET_MS)
  budgetMsPerPly?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Makes the review reproducible: every search ends at a node count' })
  @IsOptional()
  @IsInt()
  seed?: number;
}
