/**
 * Pictures and text of a position given in the URL (api.md section 6): every answer is a pure function
 * of its URL, so it is cached for ever. Thin: RulesService builds the game, the render room draws it.
 */
import { Controller, Get, Param, Query, Req, Res, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoardFormat, RawQuery, RenderPool, animationAnswer, boardAnswer, commaList, queryText, readPictureQuery } from '../../render';
import { IMMUTABLE } from '../../http/cacheable-reply';
import { PictureOk, PictureOptionsQuery, orBadQuery, sendPicture } from '../../pictures/picture-routes';
import { ProblemError } from '../../http/problem-error';
import { ProblemResponses } from '../../http/problem-responses';
import { RulesService } from '../rules/rules.service';
import { operationError } from '../../http/operation-problems';

function StateOfPicture(): MethodDecorator {
  return applyDecorators(
    ApiParam({ name: 'id', description: 'Variant id', example: 'brandubh' }),
    ApiQuery({ name: 'position', required: false, type: String, description: 'TFEN start position, "_" for the space' }),
    ApiQuery({ name: 'moves', required: false, type: String, description: 'Comma-separated moves played from it', example: 'd2-e2,c4-c5' }),
  );
}

@ApiTags('pictures')
@Controller('v1/variants/:id')
export class PicturesController {
  constructor(
    private readonly rules: RulesService,
    private readonly pool: RenderPool,
  ) {}

  private async board(id: string, q: RawQuery, format: BoardFormat, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { v, state, last } = await this.rules.stateOf(
      { variant: id, position: queryText(q, 'position'), moves: commaList(q.moves) },
      'path',
    );
    const answer = orBadQuery(boardAnswer(this.pool, v, state, last, orBadQuery(readPictureQuery(v.geo, q)), format));
    await sendPicture(request, reply, answer, IMMUTABLE, format === 'png' ? 1 : 0);
  }

  @Get('board.svg')
  @ApiOperation({ operationId: 'boardSvg', summary: 'The board as SVG (data-square, data-piece, data-special on its elements)' })
  @StateOfPicture()
  @PictureOptionsQuery('board')
  @PictureOk('svg', 'SVG, `size` wide and high; strong ETag, immutable')
  @ProblemResponses(400, 404, 422)
  svg(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'svg', req, reply);
  }

  @Get('board.png')
  @ApiOperation({ operationId: 'boardPng', summary: 'The board as a PNG, `size` × `size` pixels' })
  @StateOfPicture()
  @PictureOptionsQuery('board')
  @PictureOk('png', 'PNG; strong ETag, immutable')
  @ProblemResponses(400, 404, 422, 503)
  png(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'png', req, reply);
  }

  @Get('board.txt')
  @ApiOperation({ operationId: 'boardText', summary: 'The board as text for a chat message (X-Char-Count says how long)' })
  @StateOfPicture()
  @PictureOptionsQuery('text')
  @PictureOk('txt', 'Text board with coordinates, a legend and the side to move')
  @ProblemResponses(400, 404, 422)
  text(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.board(id, q, 'txt', req, reply);
  }

  @Get('animation.gif')
  @ApiOperation({ operationId: 'animationGif', summary: 'An animated GIF of the moves, one frame per ply (the start first)' })
  @StateOfPicture()
  @PictureOptionsQuery('animation')
  @PictureOk('gif', 'Animated GIF looping forever; strong ETag, immutable')
  @ProblemResponses(400, 404, 422, 503)
  async gif(@Param('id') id: string, @Query() q: RawQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { v, start } = await this.rules.startOf({ variant: id, position: queryText(q, 'position') }, 'path');
    const moves = commaList(q.moves);
    const made = animationAnswer(this.pool, v, start, moves, orBadQuery(readPictureQuery(v.geo, q)));
    if (!made.ok) {
      if (Array.isArray(made.error)) throw ProblemError.badInput(made.error.map((p) => p.message).join('; '), made.error);
      throw operationError({ kind: 'illegal-move', illegal: made.error }, moves.length);
    }
    await sendPicture(req, reply, made.value, IMMUTABLE, moves.length + 1);
  }
}
