import { Module } from '@nestjs/common';
import { boardFieldResolver } from '../http/board-field';
import { GameView } from './game.views';
import { DatabaseService } from './database/database.service';
import { GameEventHub } from './events/game-event-hub';
import { GameEventsRepository } from './events/game-events.repository';
import { GamesController } from './games.controller';
import { GamePicturesController } from './game-pictures.controller';
import { GamesResolver } from './games.resolver';
import { GamesRepository } from './games.repository';
import { GamesService } from './games.service';
import { ServiceClock } from './clocks/service-clock';
import { TimeoutScheduler } from './clocks/timeout-scheduler';
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
    GamesResolver,
    GameEventHub,
    GameStreams,
    GameUpdatesResolver,
    boardFieldResolver(GameView),
  ],
})
export class GamesModule {}
