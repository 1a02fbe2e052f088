/** REST form of game reviews (api.md section 16). Thin: GameReviews does the work, sendReview the answer. */
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GameReviews } from '../../analysis/game-reviews.service';
import { sendReview } from '../../analysis/review-reply';
import { REVIEW_DESCRIPTION, ReviewOk } from '../../analysis/review-docs';
import { ProblemResponses } from '../../http/problem-responses';
import { RulesService } from '../rules/rules.service';
import { AnalyzeGameRequest } from './analyze-game.input';

@ApiTags('analysis')
@Controller('v1')
export class AnalysisController {
  constructor(
    private readonly rules: RulesService,
    private readonly reviews: GameReviews,
  ) {}

  @Post('analyze-game')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'analyzeGame',
    summary: 'A review of every move of a game: its loss and a mark',
    description: REVIEW_DESCRIPTION,
  })
  @ReviewOk()
  @ProblemResponses(400, 422, 429, 503)
  async analyze(@Body() body: AnalyzeGameRequest, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { v, state } = await this.rules.prepare(body, 'body');
    await sendReview(this.reviews, this.reviews.plan(v, state, body), request, reply);
  }
}
