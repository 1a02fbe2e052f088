/**
 * REST for stored games under /v1/games (api.md section 5). Thin: the creation, play, decision and
 * reading services do the work. Acts answer the game's summary (no move list); a read, the whole game.
 */
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
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
import { ProblemResponses } from '../http/problem-responses';
import { REPLAYED_HEADER } from '../http/replayed-header';
import { MoveView } from '../http/views/move-outcome.views';
import {
  BulkCreateRequest,
  BulkCreatedView,
  ClaimSeatRequest,
  ClaimedSeatView,
  CreateGameRequest,
  CreatedGameView,
  GamePageView,
  GameResultView,
  GameView,
  ImportGameRequest,
  PlayMoveRequest,
  PlayedMoveView,
} from './game.views';
import { GameDecisions } from './acts/game-decisions.service';
import { MovePlay } from './acts/move-play.service';
import { SeatClaims } from './acts/seat-claims.service';
import { GameCreation } from './creation/game-creation.service';
import { GameReads } from './reading/game-reads.service';
import { bearerToken } from './tokens';
import { WebhookDeliveriesView } from './webhooks/webhook.views';

@ApiTags('games')
@Controller('v1/games')
export class GamesController {
  constructor(
    private readonly creation: GameCreation,
    private readonly moves: MovePlay,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
    private readonly seats: SeatClaims,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createGame',
    summary: 'Create a game; the side tokens are shown only in this answer (with an open seat, its invite instead of its token)',
  })
  @ApiCreatedResponse({
    type: CreatedGameView,
    description: 'The new game and its side tokens (shown only here); with an open seat, the invite that claims it',
  })
  @ProblemResponses(400, 503)
  create(@Body() body: CreateGameRequest): Promise<CreatedGameView> {
    return this.creation.create(body);
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
    return this.creation.createMany(body.games, body.webhook);
  }

  @Post('import')
  @ApiOperation({
    operationId: 'importGame',
    summary: 'Import a complete OpenTafl game record; the first illegal move is refused and nothing is stored',
  })
  @ApiCreatedResponse({ type: CreatedGameView, description: 'The stored game and its two side tokens (shown only here)' })
  @ProblemResponses(400, 422, 503)
  importGame(@Body() body: ImportGameRequest): Promise<CreatedGameView> {
    return this.creation.importGame(body.variant, body.record);
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
    return this.reads.list(query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getGame', summary: 'Read a game' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameView, description: 'The game as stored, with every move, its current position and outcome' })
  @ProblemResponses(404, 503)
  get(@Param('id') id: string): Promise<GameView> {
    return this.reads.get(id);
  }

  @Post(':id/moves')
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'playMove', summary: 'Play a move with the token of the side to move and the expected ply' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiCreatedResponse({ type: PlayedMoveView, description: 'The game after the move (its summary), and the move with its captures' })
  @ApiOkResponse({
    type: PlayedMoveView,
    description:
      'A retried move (expectedPly N, the token of the side that made move N+1, that same move): the answer of the move already ' +
      'stored, the game as it is now; nothing is stored',
    headers: {
      'Tafl-Replayed': { description: 'true: this answer repeats a move already played', schema: { type: 'string', enum: ['true'] } },
    },
  })
  @ProblemResponses(400, 401, 403, 404, 409, 422, 503)
  async play(
    @Param('id') id: string,
    @Body() body: PlayMoveRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('authorization') auth?: string,
  ): Promise<PlayedMoveView> {
    const { played, replayed } = await this.moves.play(id, bearerToken(auth), body.move, body.expectedPly);
    if (replayed) reply.status(200).header(REPLAYED_HEADER, 'true');
    return played;
  }

  @Post(':id/claim')
  @ApiOperation({
    operationId: 'claimSeat',
    summary: "Take a game's open seat with its invite code (no token): exactly one claim wins; the clocks start",
  })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiCreatedResponse({ type: ClaimedSeatView, description: 'The side taken, its token (shown only here), and the game' })
  @ProblemResponses(400, 403, 404, 409, 422, 503)
  claim(@Param('id') id: string, @Body() body: ClaimSeatRequest): Promise<ClaimedSeatView> {
    return this.seats.claim(id, body.code, body.name);
  }

  @Post(':id/resign')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'resign', summary: "Resign with a side's token: the other side wins" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The finished game' })
  @ProblemResponses(401, 404, 422, 503)
  resign(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.decisions.resign(id, bearerToken(auth));
  }

  @Post(':id/draw-offer')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'offerDraw', summary: "Offer a draw with a side's token (a move withdraws it)" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game with the standing offer (drawOfferedBy)' })
  @ProblemResponses(401, 404, 422, 503)
  offerDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.decisions.offerDraw(id, bearerToken(auth));
  }

  @Post(':id/draw-accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'acceptDraw', summary: "Accept the other side's draw offer" })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game, finished as a draw (reason draw_agreed)' })
  @ProblemResponses(401, 404, 409, 422, 503)
  acceptDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.decisions.acceptDraw(id, bearerToken(auth));
  }

  @Post(':id/takeback-offer')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'offerTakeback', summary: 'Offer to take back the last move, with the token of the side that made it' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiOkResponse({ type: GameResultView, description: 'The game with the standing offer (takebackOfferedBy)' })
  @ProblemResponses(401, 403, 404, 409, 422, 503)
  offerTakeback(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.decisions.offerTakeback(id, bearerToken(auth));
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
    return this.decisions.acceptTakeback(id, bearerToken(auth));
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
    return this.reads.webhookDeliveries(id, bearerToken(auth));
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
    const r = await this.reads.exportGame(id, format);
    reply.header('content-type', r.contentType);
    return r.body;
  }
}
