/** The review of a stored game (api.md section 16): its moves so far, judged as POST /v1/analyze-game judges a state. Thin. */
import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GameReviews } from '../analysis/game-reviews.service';
import { REVIEW_DESCRIPTION, ReviewOk } from '../analysis/review-docs';
import { ReviewOptionsInput } from '../analysis/review-options.input';
import { sendReview } from '../analysis/review-reply';
import { ProblemResponses } from '../http/problem-responses';
import { GameReads } from './reading/game-reads.service';

@ApiTags('analysis')
@Controller('v1/games/:id')
export class GameAnalysisController {
  constructor(
    private readonly reads: GameReads,
    private readonly reviews: GameReviews,
  ) {}

  @Post('analysis')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'analyzeStoredGame',
    summary: 'A review of every move of a stored game so far',
    description: REVIEW_DESCRIPTION,
  })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ReviewOk()
  @ProblemResponses(400, 404, 429, 503)
  async analyze(
    @Param('id') id: string,
    @Body() body: ReviewOptionsInput,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { v, input } = await this.reads.stateOf(id);
    await sendReview(this.reviews, this.reviews.plan(v, input, body ?? {}), request, reply);
  }
}
