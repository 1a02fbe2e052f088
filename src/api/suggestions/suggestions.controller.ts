/** REST form of move suggestions. Thin: SuggestionsService does the work; a client that goes away cancels its search. */
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemResponses } from '../../http/problem-responses';
import { SuggestMoveRequest } from './suggest.input';
import { SuggestionsService } from './suggestions.service';
import { SuggestionView } from './suggestion.views';
import { abortOnDisconnect } from '../../http/abort-on-disconnect';

@ApiTags('suggestions')
@Controller('v1')
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Post('suggest-move')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'suggestMove',
    summary: 'The best move found within a time budget, with up to five lines',
    description: 'Searched in worker threads; at most MAX_SEARCHES_PER_CLIENT at once per client. With `seed` the answer is reproducible.',
  })
  @ApiOkResponse({
    type: SuggestionView,
    description: 'The best move, its lines with scores, and how far the search went',
    headers: { 'Server-Timing': { description: 'search;dur=<ms>: how long the suggestion took', schema: { type: 'string' } } },
  })
  @ProblemResponses(400, 422, 503)
  async suggest(
    @Body() body: SuggestMoveRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuggestionView> {
    const started = performance.now();
    const answer = await this.suggestions.suggest(body, request.ip, abortOnDisconnect(reply));
    reply.header('server-timing', `search;dur=${Math.round(performance.now() - started)}`);
    return answer;
  }
}
