import { Module } from '@nestjs/common';
import { boardFieldResolver } from '../http/board-field';
import { GameView } from './game.views';
import { DatabaseService } from './database/database.service';
import { GameEventHub } from './events/game-event-hub';
import { GameEventsRepository } from './events/game-events.repository';
import { ComputerPlayer } from './computer-player';
import { GamesController } from './games.controller';
import { GamePicturesController } from './game-pictures.controller';
import { GamesResolver } from './games.resolver';
import { GamesRepository } from './games.repository';
import { GamesService } from './games.service';
import { HotGames } from './hot-games';
import { ServiceClock } from './clocks/service-clock';
import { TimeoutScheduler } from './clocks/timeout-scheduler';
import { APP_CONFIG, AppConfig } from '../config/config';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookHosts } from './webhooks/webhook-url';
import { GameStreamController } from './streams/game-stream.controller';
import { GameStreams } from './streams/game-streams.service';
import { GameUpdatesResolver } from './subscriptions/game-updates.resolver';

@Module({
  controllers: [GamesController, GamePicturesController, GameStreamController],
  providers: [
    DatabaseService,
    GamesRepository,
    GameEventsRepository,
    ServiceClock,
    GamesService,
    TimeoutScheduler,
    WebhookDeliveriesRepository,
    WebhookDispatcher,
    { provide: WebhookHosts, useFactory: (config: AppConfig) => new WebhookHosts(config.webhookAllowedHosts), inject: [APP_CONFIG] },
    { provide: HotGames, useFactory: (config: AppConfig) => new HotGames(config.hotGames, config.hotGamesBytes), inject: [APP_CONFIG] },
    GamesResolver,
    GameEventHub,
    GameStreams,
    GameUpdatesResolver,
    ComputerPlayer,
    boardFieldResolver(GameView),
  ],
})
export class GamesModule {}
