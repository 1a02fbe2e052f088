/**
 * Pictures and text of a stored game (api.md section 6). With `ply` (at most the moves played) a URL
 * shows a past position for ever and is cached so; without, it follows the game (no-cache, an ETag that
 * changes with every move). Thin: GameReads reads the game, the render room draws it.
 */
import { Controller, Get, Param, Query, Req, Res, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoardFormat, RawQuery, RenderPool, animationAnswer, boardAnswer, readPictureQuery } from '../render';
import { IMMUTABLE, REVALIDATE } from '../http/cacheable-reply';
import { PictureOk, PictureOptionsQuery, orBadQuery, sendPicture } from '../pictures/picture-routes';
import { ProblemError } from '../http/problem-error';
import { ProblemResponses } from '../http/problem-responses';
import { GameReads } from './reading/game-reads.service';

function GamePly(): MethodDecorator {
  return applyDecorators(
    ApiParam({ name: 'id', description: 'Game id', format: 'uuid' }),
    ApiQuery({
      name: 'ply',
      required: false,
      schema: { type: 'integer', minimum: 0 },
      description: 'Show the position after this many moves (default: the current one)',
    }),
  );
}

@ApiTags('pictures')
@Controller('v1/games/:id')
export class GamePicturesController {
  constructor(
    private readonly games: GameReads,
    private readonly pool: RenderPool,
  ) {}

  private async board(id: string, q: RawQuery, format: BoardFormat, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const g = await this.games.pictureOf(id, q.ply);
    // A game's pictures mark the move that led to the ply shown unless told otherwise (api.md section 6).
    const query = orBadQuery(readPictureQuery(g.v.geo, { lastMove: 'auto', ...q }));
    const answer = orBadQuery(boardAnswer(this.pool, g.v, g.state, g.last, query, format, g.result));
    await sendPicture(request, reply, answer, g.current ? REVALIDATE : IMMUTABLE, format === 'png' ? 1 : 0);
  }

  @Get('board.svg')
  @ApiOperation({ operationId: 'gameBoardSvg', summary: 'The board of a stored game as SVG' })
  @GamePly()
  @PictureOptionsQuery('board')
  @PictureOk('svg', 'SVG; immutable with `ply`, no-cache without')
  @ProblemResponses(400, 404, 503)
  svg(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'svg', req, reply);
  }

  @Get('board.png')
  @ApiOperation({ operationId: 'gameBoardPng', summary: 'The board of a stored game as a PNG' })
  @GamePly()
  @PictureOptionsQuery('board')
  @PictureOk('png', 'PNG; immutable with `ply`, no-cache without')
  @ProblemResponses(400, 404, 503)
  png(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'png', req, reply);
  }

  @Get('board.txt')
  @ApiOperation({ operationId: 'gameBoardText', summary: 'The board of a stored game as text for a chat message' })
  @GamePly()
  @PictureOptionsQuery('text')
  @PictureOk('txt', 'Text board; X-Char-Count says how long')
  @ProblemResponses(400, 404, 503)
  text(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'txt', req, reply);
  }

  @Get('animation.gif')
  @ApiOperation({ operationId: 'gameAnimationGif', summary: 'An animated GIF of a stored game, one frame per ply' })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @PictureOptionsQuery('animation')
  @PictureOk('gif', 'Animated GIF of every move so far (no-cache: the game may go on)')
  @ProblemResponses(400, 404, 503)
  async gif(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const g = await this.games.pictureOf(id, undefined);
    const made = animationAnswer(this.pool, g.v, g.start, g.moves, orBadQuery(readPictureQuery(g.v.geo, q)));
    // Stored moves are legal: only the bounds (frames, size, delay) can refuse.
    if (!made.ok) {
      const problems = Array.isArray(made.error) ? made.error : [];
      throw ProblemError.badInput(problems.map((p) => p.message).join('; ') || 'the game cannot be animated', problems);
    }
    await sendPicture(req, reply, made.value, REVALIDATE, g.moves.length + 1);
  }
}
