/** GraphQL `gameUpdated(id)`, served over graphql-ws at /graphql. Thin: GameStreams opens the stream. */
import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Resolver, Subscription } from '@nestjs/graphql';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { GraphqlContext } from '../../http/graphql-context';
import { GraphQLError } from 'graphql';
import { GameUpdateView } from '../events/game-event.views';
import { GameStreams } from '../streams/game-streams.service';
import { checkSeq } from '../streams/resume-point';
import { GameUpdateIterator } from './game-update-iterator';

const OVER_HTTP = 'subscriptions are served over WebSocket (the graphql-transport-ws protocol of graphql-ws) at /graphql';

function overHttp(): never {
  throw new GraphQLError(OVER_HTTP, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}

@Resolver()
export class GameUpdatesResolver {
  constructor(
    private readonly streams: GameStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Subscription(() => GameUpdateView, {
    name: 'gameUpdated',
    description:
      'A game live, over graphql-ws (graphql-transport-ws) at /graphql: a gameFull, then one gameState per change ' +
      '(with sinceSeq: the events after it instead of the gameFull); completes after the event that finishes the game. ' +
      'Errors GAME_NOT_FOUND, BAD_USER_INPUT, TOO_MANY_STREAMS.',
    // Over HTTP, Apollo executes a subscription like a query: the field is resolved without an event.
    resolve: (update: GameUpdateView | undefined) => update ?? overHttp(),
  })
  async gameUpdated(
    @Args('id', { type: () => ID }) id: string,
    @Args('sinceSeq', { type: () => Int, nullable: true, description: 'Resume after this seq: no event up to it is sent again.' })
    sinceSeq: number | null,
    @Context() ctx: GraphqlContext,
  ): Promise<AsyncIterableIterator<GameUpdateView>> {
    const since = checkSeq('sinceSeq', sinceSeq);
    if (!ctx.endConnection) return overHttp();
    const updates = new GameUpdateIterator(this.config.streamBufferBytes, ctx.endConnection);
    const { subscription } = await this.streams.open({
      gameId: id,
      sinceSeq: since,
      sinceField: 'sinceSeq',
      client: ctx.clientAddress ?? 'unknown',
      sink: updates,
    });
    updates.onReturn = () => subscription.close('client');
    return updates;
  }
}
