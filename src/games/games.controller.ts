/** REST for stored games under /v1/games (api.md section 5). Thin: GamesService does the work. */
import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { OUTCOME_STATUSES } from '../engine';
import { JSON_TYPE, chunksAnswer } from '../http/answers-as-bytes';
import { ProblemResponses } from '../http/problem-responses';
import { MoveView } from '../http/views/move-outcome.views';
import {
  BulkCreateRequest,
  BulkCreatedView,
  CreateGameRequest,
  CreatedGameView,
  GamePageView,
  GameResultView,
  GameView,
  ImportGameRequest,
  PlayMoveRequest,
  PlayedMoveView,
} from './game.views';
import { GamesService } from './games.service';
import { playedMoveJson } from './played-move.json';
import { bearerToken } from './tokens';
import { WebhookDeliveriesView } from './webhooks/webhook.views';

@ApiTags('games')
@Controller('v1/games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  @Post()
  @ApiOperation({ operationId: 'createGame', summary: 'Create a game; the two side tokens are shown only in this answer' })
  @ApiCreatedResponse({ type: CreatedGameView, description: 'The new game and its two side tokens (shown only here)' })
  @ProblemResponses(400, 503)
  create(@Body() body: CreateGameRequest): Promise<CreatedGameView> {
    return this.games.create(body);
  }

  @Post('bulk')
  @ApiOperation({
    operationId: 'createGames',
    summary: 'Create up to 100 games in one transaction (a tournament round): all or none, each with its tokens',
  })
  @ApiCreatedResponse({
    type: BulkCreatedView,
    description: 'Every new game with its two side tokens (shown only here), in the order given',
  })
  @ProblemResponses(400, 503)
  createMany(@Body() body: BulkCreateRequest): Promise<BulkCreatedView> {
    return this.games.createMany(body.games, body.webhook);
  }

  @Post('import')
  @ApiOperation({
    operationId: 'importGame',
    summary: 'Import a complete OpenTafl game record; the first illegal move is refused and nothing is stored',
  })
  @ApiCreatedResponse({ type: CreatedGameView, description: 'The stored game and its two side tokens (shown only here)' })
  @ProblemResponses(400, 422, 503)
  importGame(@Body() body: ImportGameRequest): Promise<CreatedGameView> {
    return this.games.importGame(body.variant, body.record);
  }

  @Get()
  @ApiOperation({
    operationId: 'listGames',
    summary: 'List games, newest first, with cursor pagination and filters; an unknown parameter or variant is a 400',
  })
  @ApiQuery({ name: 'variant', required: false, description: 'Only games of this variant', example: 'brandubh' })
  @ApiQuery({
    name: 'status',
    required: false,
    enum: OUTCOME_STATUSES,
    enumName: 'OutcomeStatus',
    description: 'Only ongoing or only finished games',
  })
  @ApiQuery({ name: 'cursor', required: false, description: 'The `nextCursor` of the previous page' })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    description: 'Games per page',
  })
  @ApiQuery({ name: 'player', required: false, description: "Only games where either side's name is this", example: 'Alice' })
  @ApiQuery({
    name: 'createdAfter',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'Only games created after this time',
  })
  @ApiQuery({
    name: 'createdBefore',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'Only games created before this time',
  })
  @ApiQuery({
    name: 'metadata',
    required: false,
    style: 'deepObject',
    explode: true,
    schema: { type: 'object', additionalProperties: { type: 'string' } },
    description:
      'Written `metadata.<key>=<value>`: only games whose metadata holds that value (text, or the number or boolean it spells) at that key',
  })
  @ApiOkResponse({ type: GamePageView, description: 'One page of games and the cursor of the next' })
  @ProblemResponses(400, 503)
  list(@Query() query: Record<string, unknown>): Promise<GamePageView> {
    return this.games.list(query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getGame', summary: 'Read a game' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameView, description: 'The game as stored, with its current position and outcome' })
  @ProblemResponses(404, 503)
  get(@Param('id') id: string): Promise<GameView> {
    return this.games.get(id);
  }

  @Post(':id/moves')
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'playMove', summary: 'Play a move with the token of the side to move and the expected ply' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiCreatedResponse({ type: PlayedMoveView, description: 'The game after the move, and the move with its captures' })
  @ProblemResponses(400, 401, 403, 404, 409, 422, 503)
  @Header('content-type', JSON_TYPE)
  async play(
    @Param('id') id: string,
    @Body() body: PlayMoveRequest,
    @Headers('authorization') auth?: string,
  ): Promise<Buffer | StreamableFile> {
    return chunksAnswer(playedMoveJson(await this.games.play(id, bearerToken(auth), body.move, body.expectedPly)));
  }

  @Post(':id/resign')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'resign', summary: "Resign with a side's token: the other side wins" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The finished game' })
  @ProblemResponses(401, 404, 422, 503)
  resign(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.resign(id, bearerToken(auth));
  }

  @Post(':id/draw-offer')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'offerDraw', summary: "Offer a draw with a side's token (a move withdraws it)" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game with the standing offer (drawOfferedBy)' })
  @ProblemResponses(401, 404, 422, 503)
  offerDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.offerDraw(id, bearerToken(auth));
  }

  @Post(':id/draw-accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'acceptDraw', summary: "Accept the other side's draw offer" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game, finished as a draw (reason draw_agreed)' })
  @ProblemResponses(401, 404, 409, 422, 503)
  acceptDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.acceptDraw(id, bearerToken(auth));
  }

  @Post(':id/takeback-offer')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'offerTakeback', summary: 'Offer to take back the last move, with the token of the side that made it' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game with the standing offer (takebackOfferedBy)' })
  @ProblemResponses(401, 403, 404, 409, 422, 503)
  offerTakeback(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.offerTakeback(id, bearerToken(auth));
  }

  @Post(':id/takeback-accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    operationId: 'acceptTakeback',
    summary: "Accept the other side's takeback offer: the last move is removed, the clocks restored",
  })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game without its last move' })
  @ProblemResponses(401, 404, 409, 422, 503)
  acceptTakeback(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.acceptTakeback(id, bearerToken(auth));
  }

  @Get(':id/webhook-deliveries')
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'webhookDeliveries', summary: "The game's webhook deliveries, with either side's token" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({
    type: WebhookDeliveriesView,
    description: 'Every delivery of the game, in seq order, with its attempts and last answer',
  })
  @ProblemResponses(401, 404, 503)
  webhookDeliveries(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<WebhookDeliveriesView> {
    return this.games.webhookDeliveries(id, bearerToken(auth));
  }

  @Get(':id/export')
  @ApiOperation({ operationId: 'exportGame', summary: 'Export as an OpenTafl game record (format=otg) or JSON (format=json, the default)' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiQuery({
    name: 'format',
    required: false,
    schema: { type: 'string', enum: ['otg', 'json'], default: 'json' },
    description: 'otg: the OpenTafl record as text; json: the game with every ply',
  })
  @ApiOkResponse({
    description: 'The record: text/plain for format=otg, application/json for format=json',
    content: {
      'text/plain': {
        schema: { type: 'string', description: 'OpenTafl game record: tags, [rules:...], numbered turns' },
        example:
          '[date:2026.12.01]\n[attackers:Alice]\n[defenders:Bob]\n[variant:brandubh]\n[compiler:tafl-rules-service]\n' +
          '[rules:dim:7 name:brandubh atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-e2 c4-c5\n',
      },
      'application/json': {
        schema: {
          allOf: [
            { $ref: getSchemaPath(GameView) },
            {
              type: 'object',
              required: ['plies'],
              properties: {
                plies: {
                  type: 'array',
                  description: 'Every ply in rich notation',
                  items: {
                    type: 'object',
                    required: ['index', 'move'],
                    properties: { index: { type: 'integer', minimum: 0 }, move: { $ref: getSchemaPath(MoveView) } },
                  },
                },
              },
            },
          ],
        },
      },
    },
  })
  @ProblemResponses(400, 404, 503)
  async export(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('format') format = 'json',
  ): Promise<string | object> {
    const r = await this.games.exportGame(id, format);
    reply.header('content-type', r.contentType);
    return r.body;
  }
}
