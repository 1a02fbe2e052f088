/**
 * The stateless operation that stays a Nest route: a whole game validated. The hot operations (legal
 * moves, apply-move, evaluate and their GET forms) are plain Fastify routes (rules.routes.ts).
 */
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pure } from '../../http/answer-cache/answer-cache.plugin';
import { ProblemResponses } from '../../http/problem-responses';
import { GameStateInput } from './game-state.input';
import { RulesService } from './rules.service';
import { ValidateGameView } from './views';

@ApiTags('rules')
@ApiExtraModels(GameStateInput)
@Controller('v1')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Post('validate-game')
  @HttpCode(200)
  @Pure()
  @ApiOperation({
    operationId: 'validateGame',
    summary: 'Validate a whole game',
    description: 'Every ply in rich notation, the final position and outcome; an illegal move is a normal answer (valid: false, error).',
  })
  @ApiOkResponse({
    type: ValidateGameView,
    description: 'The validation; an illegal move is reported here (valid: false), not as an error',
  })
  @ProblemResponses(400)
  validateGame(@Body() body: GameStateInput): Promise<ValidateGameView> {
    return this.rules.validateGame(body);
  }
}
