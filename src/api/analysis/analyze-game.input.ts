/** The body of POST /v1/analyze-game (api.md section 16): a game state and the review's options. */
import { IntersectionType } from '@nestjs/swagger';
import { ReviewOptionsInput } from '../../analysis/review-options.input';
import { GameStateInput } from '../rules/game-state.input';

export class AnalyzeGameRequest extends IntersectionType(GameStateInput, ReviewOptionsInput) {}
