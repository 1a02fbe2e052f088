/** The body of POST /v1/suggest-move (api.md section 10): a game state and the search options. */
import { OptionalInteger } from '../../http/optional-integer';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { DEFAULT_SUGGEST_OPTIONS, MAX_BUDGET_MS, MAX_LEVEL, MAX_MULTI_PV, MIN_LEVEL } from '../../search';
import { GameStateInput } from '../rules/game-state.input';

export class SuggestMoveRequest extends GameStateInput {
  @OptionalInteger({ minimum: MIN_LEVEL, maximum: MAX_LEVEL, default: DEFAULT_SUGGEST_OPTIONS.level, description: 'Playing strength' })
  level?: number;

  @OptionalInteger({
    minimum: 1,
    maximum: MAX_BUDGET_MS,
    default: DEFAULT_SUGGEST_OPTIONS.budgetMs,
    description: 'Milliseconds the search may take',
  })
  budgetMs?: number;

  @OptionalInteger({
    minimum: 1,
    maximum: MAX_MULTI_PV,
    default: DEFAULT_SUGGEST_OPTIONS.multiPv,
    description: 'Lines to answer, best first',
  })
  multiPv?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'Makes the answer reproducible' })
  @IsOptional()
  @IsInt()
  seed?: number;
}
