/** GraphQL form of game reviews (api.md section 16). Thin: GameReviews does the work. */
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import type { FastifyRequest } from 'fastify';
import { GameReviews } from '../../analysis/game-reviews.service';
import { abortOnSocketClose } from '../../http/abort-on-disconnect';
import { GameReviewView } from '../../analysis/review.views';
import { GameStateInput } from '../rules/game-state.input';
import { RulesService } from '../rules/rules.service';

@Resolver()
export class AnalysisResolver {
  constructor(
    private readonly rules: RulesService,
    private readonly reviews: GameReviews,
  ) {}

  @Query(() => GameReviewView, {
    description: 'A review of every move of a game (worker threads): scores, the best move, the loss and a mark.',
  })
  async analyzeGame(
    @Args('state', { type: () => GameStateInput }) state: GameStateInput,
    @Context('req') req: FastifyRequest,
    @Args('level', { type: () => Int, nullable: true, description: '1..10 (default 10).' }) level?: number | null,
    @Args('budgetMsPerPly', {
      type: () => Int,
      nullable: true,
      description: 'Milliseconds of search per position, at most 5000 (default 200).',
    })
    budgetMsPerPly?: number | null,
    @Args('seed', { type: () => Int, nullable: true, description: 'Makes the review reproducible.' }) seed?: number | null,
  ): Promise<GameReviewView> {
    const { v, state: input } = await this.rules.prepare(state, 'body');
    const planned = this.reviews.plan(v, input, { level, budgetMsPerPly, seed });
    // A client that goes away stops the review, as on REST.
    const gone = abortOnSocketClose(req);
    try {
      return await this.reviews.run(planned, req.ip, gone.signal);
    } finally {
      gone.release();
    }
  }
}
