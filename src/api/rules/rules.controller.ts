/** REST mirror of the stateless operations under /v1 (api.md section 4). Thin: RulesService does the work. */
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { JSON_TYPE } from '../../http/answers-as-bytes';
import { ProblemResponses } from '../../http/problem-responses';
import { ApplyMoveRequest, GameStateInput, LegalMovesRequest } from './game-state.input';
import { RulesService } from './rules.service';
import { ApplyMoveView, EvaluateView, LegalMovesView, ValidateGameView } from './views';

/** GET answers depend only on the URL (and the engine release), so caches may keep them. */
const CACHEABLE = 'public, max-age=3600, stale-while-revalidate=86400';

/** The game state of the GET forms: the variant in the path, the position and moves in the query. */
function StateQuery(): MethodDecorator {
  return applyDecorators(
    ApiParam({ name: 'id', description: 'Variant id', example: 'brandubh' }),
    ApiQuery({
      name: 'position',
      required: false,
      description: 'TFEN start position, "_" for the space',
      example: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3_a',
    }),
    ApiQuery({
      name: 'moves',
      required: false,
      description: 'Comma-separated moves played from the start position',
      example: 'd2-e2,c4-c5',
    }),
  );
}

function splitMoves(moves?: string): string[] {
  return moves
    ? moves
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m.length > 0)
    : [];
}

@ApiTags('rules')
@ApiExtraModels(GameStateInput)
@Controller('v1')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Post('legal-moves')
  @HttpCode(200)
  @ApiOperation({ operationId: 'legalMoves', summary: 'Legal moves of the side to move (all, or from one square)' })
  @ApiOkResponse({ type: LegalMovesView, description: 'The legal moves (none on a finished game)' })
  @ProblemResponses(400, 422)
  @Header('content-type', JSON_TYPE)
  legalMoves(@Body() body: LegalMovesRequest): Promise<Buffer> {
    return this.rules.legalMovesText(body);
  }

  @Post('apply-move')
  @HttpCode(200)
  @ApiOperation({ operationId: 'applyMove', summary: 'Play one move on a state (a pure query: nothing is stored)' })
  @ApiOkResponse({ type: ApplyMoveView, description: 'The position after the move, the move with its captures, and the outcome' })
  @ProblemResponses(400, 422)
  applyMove(@Body() body: ApplyMoveRequest): Promise<ApplyMoveView> {
    return this.rules.applyMove(body);
  }

  @Post('evaluate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'evaluateOutcome', summary: 'Whether the game is over, who won and why' })
  @ApiOkResponse({ type: EvaluateView, description: 'The position, the side to move and the outcome' })
  @ProblemResponses(400, 422)
  evaluate(@Body() body: GameStateInput): Promise<EvaluateView> {
    return this.rules.evaluate(body);
  }

  @Post('validate-game')
  @HttpCode(200)
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

  @Get('variants/:id/legal-moves')
  @Header('Cache-Control', CACHEABLE)
  @ApiOperation({
    operationId: 'legalMovesGet',
    summary: 'Legal moves, cacheable GET form',
    description: 'Write the TFEN space as "_"; moves are comma-separated.',
  })
  @StateQuery()
  @ApiQuery({ name: 'from', required: false, description: 'Only the moves of the piece on this square', example: 'd5' })
  @ApiOkResponse({ type: LegalMovesView, description: 'The legal moves (none on a finished game)' })
  @ProblemResponses(400, 404, 422)
  @Header('content-type', JSON_TYPE)
  legalMovesGet(
    @Param('id') id: string,
    @Query('position') position?: string,
    @Query('moves') moves?: string,
    @Query('from') from?: string,
  ): Promise<Buffer> {
    return this.rules.legalMovesText({ variant: id, position, moves: splitMoves(moves), from }, 'path');
  }

  @Get('variants/:id/evaluate')
  @Header('Cache-Control', CACHEABLE)
  @ApiOperation({
    operationId: 'evaluateOutcomeGet',
    summary: 'Outcome, cacheable GET form',
    description: 'Write the TFEN space as "_"; moves are comma-separated.',
  })
  @StateQuery()
  @ApiOkResponse({ type: EvaluateView, description: 'The position, the side to move and the outcome' })
  @ProblemResponses(400, 404, 422)
  evaluateGet(@Param('id') id: string, @Query('position') position?: string, @Query('moves') moves?: string): Promise<EvaluateView> {
    return this.rules.evaluate({ variant: id, position, moves: splitMoves(moves) }, 'path');
  }
}
