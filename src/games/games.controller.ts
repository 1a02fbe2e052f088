/** REST for stored games under /v1/games (api.md section 5). Thin: GamesService does the work. */
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { ProblemResponses } from '../http/problem-responses';
import { CreateGameRequest, CreatedGameView, GamePageView, GameResultView, GameView, ImportGameRequest, PlayMoveRequest, PlayedMoveView } from './game.views';
import { GamesService } from './games.service';
import { bearerToken } from './tokens';

@ApiTags('games')
@Controller('v1/games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  @Post()
  @ApiOperation({ summary: 'Create a game; the two side tokens are shown only in this answer' })
  @ApiCreatedResponse({ type: CreatedGameView })
  @ProblemResponses(400, 503)
  create(@Body() body: CreateGameRequest): Promise<CreatedGameView> {
    return this.games.create(body);
  }

  @Post('import')
  @ApiOperation({ summary: 'Import a complete OpenTafl game record; the first illegal move is refused and nothing is stored' })
  @ApiCreatedResponse({ type: CreatedGameView })
  @ProblemResponses(400, 422, 503)
  importGame(@Body() body: ImportGameRequest): Promise<CreatedGameView> {
    return this.games.importGame(body.variant, body.record);
  }

  @Get()
  @ApiOperation({ summary: 'List games, newest first, with cursor pagination' })
  @ApiQuery({ name: 'variant', required: false })
  @ApiQuery({ name: 'status', required: false, enum: ['ongoing', 'finished'] })
  @ApiQuery({ name: 'cursor', required: false })
  @ApiQuery({ name: 'limit', required: false, example: 20 })
  @ApiOkResponse({ type: GamePageView })
  @ProblemResponses(400, 503)
  list(@Query('variant') variant?: string, @Query('status') status?: string, @Query('cursor') cursor?: string, @Query('limit') limit?: string): Promise<GamePageView> {
    return this.games.list({ variant, status, cursor, limit: limit === undefined ? undefined : Number(limit) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a game' })
  @ApiOkResponse({ type: GameView })
  @ProblemResponses(404, 503)
  get(@Param('id') id: string): Promise<GameView> {
    return this.games.get(id);
  }

  @Post(':id/moves')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Play a move with the token of the side to move and the expected ply' })
  @ApiCreatedResponse({ type: PlayedMoveView })
  @ProblemResponses(400, 401, 403, 404, 409, 422, 503)
  play(@Param('id') id: string, @Body() body: PlayMoveRequest, @Headers('authorization') auth?: string): Promise<PlayedMoveView> {
    return this.games.play(id, bearerToken(auth), body.move, body.expectedPly);
  }

  @Post(':id/resign')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Resign with a side\'s token: the other side wins' })
  @ApiOkResponse({ type: GameResultView })
  @ProblemResponses(401, 404, 422, 503)
  resign(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.resign(id, bearerToken(auth));
  }

  @Post(':id/draw-offer')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Offer a draw with a side\'s token (a move withdraws it)' })
  @ApiOkResponse({ type: GameResultView })
  @ProblemResponses(401, 404, 422, 503)
  offerDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.offerDraw(id, bearerToken(auth));
  }

  @Post(':id/draw-accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Accept the other side\'s draw offer' })
  @ApiOkResponse({ type: GameResultView })
  @ProblemResponses(401, 404, 409, 422, 503)
  acceptDraw(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<GameResultView> {
    return this.games.acceptDraw(id, bearerToken(auth));
  }

  @Get(':id/export')
  @ApiOperation({ summary: 'Export as an OpenTafl game record (format=otg) or JSON (format=json, the default)' })
  @ApiQuery({ name: 'format', required: false, enum: ['otg', 'json'] })
  @ApiProduces('application/json', 'text/plain')
  @ProblemResponses(400, 404, 503)
  async export(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply, @Query('format') format = 'json'): Promise<string | object> {
    const r = await this.games.exportGame(id, format);
    reply.header('content-type', r.contentType);
    return r.body;
  }
}
