/**
 * Opening a game stream, for every transport: the per-client cap, the game as it stands (404 for an
 * unknown one), where the stream starts (a gameFull, or the events after a seq), then the hub.
 */
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { EventSink, EventSubscription } from '../events/event-subscription';
import { GameEventHub } from '../events/game-event-hub';
import { OutgoingEvent } from '../events/game-event';
import { ServiceClock } from '../clocks/service-clock';
import { notationsOf, toGameSummary, toGameView } from '../game.mapper';
import { GamesRepository } from '../games.repository';
import { seqAhead } from './resume-point';

export interface OpenStream {
  gameId: string;
  /** Resume after this seq; null opens with the whole game (gameFull). */
  sinceSeq: number | null;
  /** The name of the resume field in this transport, for the 400 of a seq past the game's last. */
  sinceField: string;
  /** The client address the per-client cap counts. */
  client: string;
  sink: EventSink;
}

@Injectable()
export class GameStreams implements OnModuleInit {
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly hub: GameEventHub,
    private readonly games: GamesRepository,
    private readonly adapterHost: HttpAdapterHost,
    private readonly clock: ServiceClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Streams never finish on their own, and closing the server waits for every answer to finish (the
   * GraphQL module starts that wait first of all, in its own destroy hook): so they are ended as the
   * server begins to close, before it waits.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('preClose', async () => this.hub.stop());
  }

  /**
   * Resolves once the stream is started; refusals (404, 400, 429, 503) reject before anything is sent.
   * `finished`: the game is over and the client resumed at its last event, so the stream is already
   * closed with nothing sent.
   */
  async open(o: OpenStream): Promise<{ subscription: EventSubscription; finished: boolean }> {
    this.take(o.client);
    let subscription: EventSubscription;
    try {
      subscription = this.hub.join(o.gameId, o.sink, () => this.give(o.client));
    } catch (e) {
      this.give(o.client);
      throw e;
    }
    try {
      const stored = await this.games.findWithMoves(o.gameId);
      if (!stored) throw ProblemError.gameNotFound(o.gameId);
      const { game, moves } = stored;
      if (o.sinceSeq === null) {
        const opening = new OutgoingEvent({
          type: 'gameFull',
          seq: game.lastSeq,
          game: toGameView(toGameSummary(game, this.clock.now()), notationsOf(moves)),
        });
        subscription.start(game.lastSeq, opening, game.lastSeq, false);
        return { subscription, finished: false };
      }
      if (o.sinceSeq > game.lastSeq) throw seqAhead(o.sinceField, o.sinceSeq, game.lastSeq);
      const finished = game.status === 'finished' && o.sinceSeq === game.lastSeq;
      subscription.start(o.sinceSeq, null, game.lastSeq, finished);
      return { subscription, finished };
    } catch (e) {
      subscription.close('client');
      throw e;
    }
  }

  /** Open streams per client address (for tests). */
  openBy(client: string): number {
    return this.perClient.get(client) ?? 0;
  }

  private take(client: string): void {
    const n = this.perClient.get(client) ?? 0;
    const max = this.config.maxStreamsPerClient;
    if (max > 0 && n >= max) throw ProblemError.tooManyStreams(max);
    this.perClient.set(client, n + 1);
  }

  private give(client: string): void {
    const n = (this.perClient.get(client) ?? 1) - 1;
    if (n <= 0) this.perClient.delete(client);
    else this.perClient.set(client, n);
  }
}
