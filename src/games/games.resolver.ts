/** GraphQL for stored games; tokens come from the HTTP Authorization header, as in REST. */
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { OutcomeStatus } from '../engine';
import { OutcomeStatusEnum } from '../http/enums';
import type { GraphqlContext } from '../http/graphql-context';
import {
  BulkCreateRequest,
  BulkCreatedView,
  CreateGameRequest,
  CreatedGameView,
  GamePageView,
  GameResultView,
  GameView,
  PlayedMoveView,
} from './game.views';
import { GamesService } from './games.service';
import { JsonScalar } from '../http/json.scalar';
import { WebhookDeliveriesView } from './webhooks/webhook.views';
import { bearerToken } from './tokens';

const token = (ctx: GraphqlContext) => bearerToken(ctx.req?.headers?.authorization);

@Resolver(() => GameView)
export class GamesResolver {
  constructor(private readonly store: GamesService) {}

  @Query(() => GameView, { description: 'One stored game; error GAME_NOT_FOUND.' })
  game(@Args('id', { type: () => ID }) id: string): Promise<GameView> {
    return this.store.get(id);
  }

  @Query(() => GamePageView, { description: 'Stored games, newest first.' })
  games(
    @Args('variant', { nullable: true }) variant?: string,
    @Args('status', { type: () => OutcomeStatusEnum, nullable: true, description: 'Only ongoing or only finished games.' })
    status?: OutcomeStatus,
    @Args('cursor', { nullable: true }) cursor?: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
    @Args('player', { nullable: true, description: "Either side's name." }) player?: string,
    @Args('createdAfter', { nullable: true, description: 'ISO time, exclusive.' }) createdAfter?: string,
    @Args('createdBefore', { nullable: true, description: 'ISO time, exclusive.' }) createdBefore?: string,
    @Args('metadata', { type: () => JsonScalar, nullable: true, description: 'Each key must hold this value.' })
    metadata?: Record<string, unknown>,
  ): Promise<GamePageView> {
    return this.store.list({
      variant: variant ?? undefined,
      status: status ?? undefined,
      cursor: cursor ?? undefined,
      limit: limit ?? undefined,
      player: player ?? undefined,
      createdAfter: createdAfter ?? undefined,
      createdBefore: createdBefore ?? undefined,
      metadata: metadata ?? undefined,
    });
  }

  @Mutation(() => CreatedGameView, { description: 'Create a game; the tokens are shown only here.' })
  createGame(@Args('input') input: CreateGameRequest): Promise<CreatedGameView> {
    return this.store.create(input);
  }

  @Mutation(() => BulkCreatedView, {
    description: 'Create up to 100 games in one transaction, all or none; the tokens are shown only here.',
  })
  createGames(@Args('input') input: BulkCreateRequest): Promise<BulkCreatedView> {
    return this.store.createMany(input.games, input.webhook);
  }

  @Mutation(() => PlayedMoveView, { description: 'Play a move (Authorization: Bearer <token of the side to move>).' })
  playMove(
    @Args('id', { type: () => ID }) id: string,
    @Args('move') move: string,
    @Args('expectedPly', { type: () => Int }) expectedPly: number,
    @Context() ctx: GraphqlContext,
  ): Promise<PlayedMoveView> {
    return this.store.play(id, token(ctx), move, expectedPly);
  }

  @Mutation(() => GameResultView, { description: "Resign with a side's token (Authorization: Bearer): the other side wins." })
  resign(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.store.resign(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Offer a draw with a side's token (Authorization: Bearer); a move withdraws it." })
  offerDraw(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.store.offerDraw(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Accept the other side's draw offer with a side's token (Authorization: Bearer)." })
  acceptDraw(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.store.acceptDraw(id, token(ctx));
  }

  @Query(() => WebhookDeliveriesView, { description: "A game's webhook deliveries (Authorization: Bearer with either side's token)." })
  webhookDeliveries(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<WebhookDeliveriesView> {
    return this.store.webhookDeliveries(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: 'Offer to take back the last move, with the token of the side that made it.' })
  offerTakeback(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.store.offerTakeback(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Accept the other side's takeback offer: the last move is removed, the clocks restored." })
  acceptTakeback(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.store.acceptTakeback(id, token(ctx));
  }

  @Mutation(() => CreatedGameView, { description: 'Import a complete OpenTafl record; nothing is stored if a move is illegal.' })
  importGame(
    @Args('record') record: string,
    @Args('variant', { type: () => String, nullable: true }) variant?: string | null,
  ): Promise<CreatedGameView> {
    return this.store.importGame(variant, record);
  }
}
