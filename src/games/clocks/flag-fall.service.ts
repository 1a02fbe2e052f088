/**
 * Games whose clock ran out with no move, finished by the flag-fall sweep (timeout-scheduler.ts) with
 * the same timeoutChanges as the play path: locked (SKIP LOCKED: none another transaction holds),
 * written as one conditional UPDATE, one INSERT of their events and one of their webhook deliveries.
 */
import { Injectable } from '@nestjs/common';
import { HotGames } from '../acts/hot-games';
import { GameEntity } from '../entities/game.entity';
import { stateFields } from '../events/game-event';
import { GameEventsRepository } from '../events/game-events.repository';
import { GamesRepository } from '../games.repository';
import { AppendedEvent, deliveryOf } from '../webhooks/delivery-of';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { timeoutChanges } from './flag-fall';
import { ServiceClock } from './service-clock';

/** Games the sweep finishes per transaction. */
const DUE_PER_SWEEP = 200;

@Injectable()
export class FlagFall {
  constructor(
    private readonly games: GamesRepository,
    private readonly events: GameEventsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly hot: HotGames,
    private readonly clock: ServiceClock,
  ) {}

  /** Finishes up to DUE_PER_SWEEP games whose deadline has passed; answers how many it finished. */
  async finishDueGames(): Promise<number> {
    return this.games.transaction(async (m) => {
      const now = this.clock.now();
      const finished: GameEntity[] = [];
      const events: AppendedEvent[] = [];
      for (const game of await this.games.lockDue(m, new Date(now), DUE_PER_SWEEP)) {
        const changes = timeoutChanges(game, now);
        if (!changes) continue;
        Object.assign(game, changes, { deadline: null, lastSeq: game.lastSeq + 1, updatedAt: new Date(now) });
        finished.push(game);
        events.push({ game, kind: 'timeout', fields: stateFields(game, null, now) });
      }
      if (finished.length === 0) return 0;
      await this.games.finishOnTime(m, finished);
      // Their cached copies could only send their next play the long way round.
      for (const game of finished) this.hot.drop(game.id);
      await this.events.appendMany(
        m,
        events.map((e) => ({ gameId: e.game.id, seq: e.game.lastSeq, event: e.kind, state: e.fields, at: e.game.updatedAt })),
      );
      await this.deliveries.enqueueMany(m, events.filter((e) => e.game.webhookUrl).map(deliveryOf));
      return finished.length;
    });
  }
}
