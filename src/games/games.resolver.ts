/**
 * GraphQL for stored games; tokens come from the HTTP Authorization header, as in REST. A `Game`'s
 * moves are resolved only when selected: from the answer when it was made with them at hand, else read.
 */
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { OutcomeStatus } from '../engine';
import { OutcomeStatusEnum } from '../http/enums';
import type { GraphqlContext } from '../http/graphql-context';
import {
  BulkCreateRequest,
  BulkCreatedView,
  ClaimedSeatView,
  CreateGameRequest,
  CreatedGameView,
  GamePageView,
  GameResultView,
  GameSummaryView,
  PlayedMoveView,
} from './game.views';
import { GameDecisions } from './acts/game-decisions.service';
import { MovePlay } from './acts/move-play.service';
import { SeatClaims } from './acts/seat-claims.service';
import { GameCreation } from './creation/game-creation.service';
import { notationsOfView } from './game-views';
import { GameReads } from './reading/game-reads.service';
import { JsonScalar } from '../http/json.scalar';
import { WebhookDeliveriesView } from './webhooks/webhook.views';
import { bearerToken } from './tokens';

const token = (ctx: GraphqlContext) => bearerToken(ctx.req?.headers?.authorization);

@Resolver(() => GameSummaryView)
export class GamesResolver {
  constructor(
    private readonly creation: GameCreation,
    private readonly moves: MovePlay,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
    private readonly seats: SeatClaims,
  ) {}

  @Query(() => GameSummaryView, { description: 'One stored game; error GAME_NOT_FOUND.' })
  game(@Args('id', { type: () => ID }) id: string): Promise<GameSummaryView> {
    return this.reads.get(id);
  }

  @ResolveField('moves', () => [String], { description: 'Every move in rich notation (read only when selected).' })
  async gameMoves(@Parent() game: GameSummaryView): Promise<string[]> {
    return notationsOfView(game) ?? this.reads.notations(game.id);
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
    return this.reads.list({
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
    return this.creation.create(input);
  }

  @Mutation(() => BulkCreatedView, {
    description: 'Create up to 100 games in one transaction, all or none; the tokens are shown only here.',
  })
  createGames(@Args('input') input: BulkCreateRequest): Promise<BulkCreatedView> {
    return this.creation.createMany(input.games, input.webhook);
  }

  @Mutation(() => PlayedMoveView, { description: 'Play a move (Authorization: Bearer <token of the side to move>).' })
  async playMove(
    @Args('id', { type: () => ID }) id: string,
    @Args('move') move: string,
    @Args('expectedPly', { type: () => Int }) expectedPly: number,
    @Context() ctx: GraphqlContext,
  ): Promise<PlayedMoveView> {
    return (await this.moves.play(id, token(ctx), move, expectedPly)).played;
  }

  @Mutation(() => ClaimedSeatView, {
    description: "Take a game's open seat with its invite code (no token): exactly one claim wins; the side's token is shown only here.",
  })
  claimSeat(
    @Args('id', { type: () => ID }) id: string,
    @Args('code') code: string,
    @Args('name', { type: () => String, nullable: true }) name?: string | null,
  ): Promise<ClaimedSeatView> {
    return this.seats.claim(id, code, name);
  }

  @Query(() => GameSummaryView, { description: 'The game an invite code opens, without claiming its seat.' })
  invite(@Args('code') code: string): Promise<GameSummaryView> {
    return this.seats.invite(code);
  }

  @Mutation(() => GameResultView, { description: "Resign with a side's token (Authorization: Bearer): the other side wins." })
  resign(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.decisions.resign(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Offer a draw with a side's token (Authorization: Bearer); a move withdraws it." })
  offerDraw(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.decisions.offerDraw(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Accept the other side's draw offer with a side's token (Authorization: Bearer)." })
  acceptDraw(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.decisions.acceptDraw(id, token(ctx));
  }

  @Query(() => WebhookDeliveriesView, { description: "A game's webhook deliveries (Authorization: Bearer with either side's token)." })
  webhookDeliveries(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<WebhookDeliveriesView> {
    return this.reads.webhookDeliveries(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: 'Offer to take back the last move, with the token of the side that made it.' })
  offerTakeback(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.decisions.offerTakeback(id, token(ctx));
  }

  @Mutation(() => GameResultView, { description: "Accept the other side's takeback offer: the last move is removed, the clocks restored." })
  acceptTakeback(@Args('id', { type: () => ID }) id: string, @Context() ctx: GraphqlContext): Promise<GameResultView> {
    return this.decisions.acceptTakeback(id, token(ctx));
  }

  @Mutation(() => CreatedGameView, { description: 'Import a complete OpenTafl record; nothing is stored if a move is illegal.' })
  importGame(
    @Args('record') record: string,
    @Args('variant', { type: () => String, nullable: true }) variant?: string | null,
  ): Promise<CreatedGameView> {
    return this.creation.importGame(variant, record);
  }
}
