/** GraphQL mirror of the stateless operations (api.md section 4). Thin: RulesService does the work. */
import { Args, Query, Resolver } from '@nestjs/graphql';
import { GameStateInput } from './game-state.input';
import { RulesService } from './rules.service';
import { PureQuery } from '../../http/answer-cache/graphql-cache-hints';
import { ThreatsService } from './threats.service';
import { ThreatsView } from './threats.views';
import { ApplyMoveView, EvaluateView, LegalMovesView, ValidateGameView } from './views';

@Resolver()
export class RulesResolver {
  constructor(
    private readonly rules: RulesService,
    private readonly threatsOf: ThreatsService,
  ) {}

  @PureQuery()
  @Query(() => LegalMovesView, { description: 'Legal moves of the side to move; `from` limits them to one square.' })
  legalMoves(
    @Args('state', { type: () => GameStateInput }) state: GameStateInput,
    @Args('from', { type: () => String, nullable: true }) from?: string | null,
  ): Promise<LegalMovesView> {
    return this.rules.legalMoves({ ...state, from });
  }

  @PureQuery()
  @Query(() => ApplyMoveView, { description: 'Play one move on a state. A pure query: nothing is stored.' })
  applyMove(
    @Args('state', { type: () => GameStateInput }) state: GameStateInput,
    @Args('move', { type: () => String }) move: string,
  ): Promise<ApplyMoveView> {
    return this.rules.applyMove({ ...state, move });
  }

  @PureQuery()
  @Query(() => EvaluateView, { description: 'Whether the game is over, who won and why.' })
  evaluateOutcome(@Args('state', { type: () => GameStateInput }) state: GameStateInput): Promise<EvaluateView> {
    return this.rules.evaluate(state);
  }

  @PureQuery()
  @Query(() => ValidateGameView, { description: 'A whole game: rich notation of every ply, or the first illegal move.' })
  validateGame(@Args('state', { type: () => GameStateInput }) state: GameStateInput): Promise<ValidateGameView> {
    return this.rules.validateGame(state);
  }

  @PureQuery()
  @Query(() => ThreatsView, {
    description: 'The tafl "checks": the king\'s escapes in one move, the moves that capture the king now, the pieces hanging.',
  })
  threats(@Args('state', { type: () => GameStateInput }) state: GameStateInput): Promise<ThreatsView> {
    return this.threatsOf.threats(state);
  }
}
