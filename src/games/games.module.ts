import { Module } from '@nestjs/common';
import { boardFieldResolver } from '../pictures/board-field';
import { APP_CONFIG, AppConfig } from '../config/config';
import { GameDecisions } from './acts/game-decisions.service';
import { GameLocks } from './acts/game-locks';
import { HotGames } from './acts/hot-games';
import { MovePlay } from './acts/move-play.service';
import { FlagFall } from './clocks/flag-fall.service';
import { ServiceClock } from './clocks/service-clock';
import { TimeoutScheduler } from './clocks/timeout-scheduler';
import { ComputerPlayer } from './computer-player';
import { EngineSeat } from './engine-seat';
import { GameCreation } from './creation/game-creation.service';
import { CustomVariantsRepository } from './database/custom-variants.repository';
import { DatabaseService } from './database/database.service';
import { RateLimitWindowsRepository } from './database/rate-limit-windows.repository';
import { GameEventHub } from './events/game-event-hub';
import { GameEventsRepository } from './events/game-events.repository';
import { GameChangeListeners } from './game-change-listeners';
import { GamePicturesController } from './game-pictures.controller';
import { GameAnalysisController } from './game-analysis.controller';
import { AnalysisModule } from '../analysis/analysis.module';
import { GameSummaryView } from './game.views';
import { GameVariants } from './game-variants';
import { GameViews } from './game-views';
import { GamesController } from './games.controller';
import { InvitesController } from './invites.controller';
import { SeatClaims } from './acts/seat-claims.service';
import { GamesRepository } from './games.repository';
import { GamesResolver } from './games.resolver';
import { GameReads } from './reading/game-reads.service';
import { GameStreamController } from './streams/game-stream.controller';
import { GameStreams } from './streams/game-streams.service';
import { GameUpdatesResolver } from './subscriptions/game-updates.resolver';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookHosts } from './webhooks/webhook-url';

@Module({
  imports: [AnalysisModule],
  controllers: [GamesController, InvitesController, GamePicturesController, GameStreamController, GameAnalysisController],
  providers: [
    DatabaseService,
    CustomVariantsRepository,
    RateLimitWindowsRepository,
    GamesRepository,
    GameEventsRepository,
    WebhookDeliveriesRepository,
    ServiceClock,
    GameVariants,
    GameViews,
    GameChangeListeners,
    GameLocks,
    MovePlay,
    SeatClaims,
    GameDecisions,
    GameCreation,
    GameReads,
    FlagFall,
    TimeoutScheduler,
    WebhookDispatcher,
    { provide: WebhookHosts, useFactory: (config: AppConfig) => new WebhookHosts(config.webhookAllowedHosts), inject: [APP_CONFIG] },
    { provide: HotGames, useFactory: (config: AppConfig) => new HotGames(config.hotGames, config.hotGamesBytes), inject: [APP_CONFIG] },
    GamesResolver,
    GameEventHub,
    GameStreams,
    GameUpdatesResolver,
    ComputerPlayer,
    EngineSeat,
    boardFieldResolver(GameSummaryView),
  ],
  // What the Discord app acts through: the same creation, play, decision, claim and read paths as REST.
  exports: [DatabaseService, GameCreation, MovePlay, GameDecisions, SeatClaims, GameReads],
})
export class GamesModule {}
