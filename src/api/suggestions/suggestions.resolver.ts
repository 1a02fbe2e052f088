/** GraphQL form of move suggestions (api.md section 10). Thin: SuggestionsService does the work. */
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import type { FastifyRequest } from 'fastify';
import { GameStateInput } from '../rules/game-state.input';
import { SuggestionsService } from './suggestions.service';
import { SuggestionView } from './suggestion.views';

@Resolver()
export class SuggestionsResolver {
  constructor(private readonly suggestions: SuggestionsService) {}

  @Query(() => SuggestionView, { description: 'The best move found within a time budget (worker threads), with up to five lines.' })
  suggestMove(
    @Args('state', { type: () => GameStateInput }) state: GameStateInput,
    @Context('req') req: FastifyRequest,
    @Args('level', { type: () => Int, nullable: true, description: '1..10 (default 5).' }) level?: number | null,
    @Args('budgetMs', { type: () => Int, nullable: true, description: 'At most 5000 (default 1000).' }) budgetMs?: number | null,
    @Args('multiPv', { type: () => Int, nullable: true, description: 'Lines to answer, 1..5 (default 1).' }) multiPv?: number | null,
    @Args('seed', { type: () => Int, nullable: true, description: 'Makes the answer reproducible.' }) seed?: number | null,
  ): Promise<SuggestionView> {
    return this.suggestions.suggest({ ...state, level, budgetMs, multiPv, seed }, req.ip);
  }
}
