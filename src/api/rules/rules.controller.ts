/**
 * The stateless operations that stay Nest routes: a whole game validated, and the threats of a
 * position. The hot operations (legal moves, apply-move, evaluate and their GET forms) are plain
 * Fastify routes (rules.routes.ts).
 */
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pure } from '../../http/answer-cache/answer-cache.plugin';
import { ProblemResponses } from '../../http/problem-responses';
import { GameStateInput } from './game-state.input';
import { RulesService } from './rules.service';
import { ThreatsService } from './threats.service';
import { ThreatsView } from './threats.views';
import { ValidateGameView } from './views';

@ApiTags('rules')
@ApiExtraModels(GameStateInput)
@Controller('v1')
export class RulesController {
  constructor(
    private readonly rules: RulesService,
    private readonly threatsOf: ThreatsService,
  ) {}

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

  @Post('threats')
  @HttpCode(200)
  @Pure()
  @ApiOperation({
    operationId: 'threats',
    summary: 'The threats of a position (the tafl "checks")',
    description:
      'kingRoutes: every move of the king that escapes at once, whoever is to move (with the route); kingCapturable: the moves ' +
      'that capture the king now; hanging: the pieces the side to move can capture now. Found by the rules alone, no search; ' +
      'all three are empty once the game is over. Pictures draw them with `threats=1`.',
  })
  @ApiOkResponse({ type: ThreatsView, description: 'The position, the side to move, the outcome and the three lists' })
  @ProblemResponses(400, 422)
  threats(@Body() body: GameStateInput): Promise<ThreatsView> {
    return this.threatsOf.threats(body);
  }
}
