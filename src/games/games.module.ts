import { Module } from '@nestjs/common';
import { DatabaseService } from './database/database.service';
import { GameEventHub } from './events/game-event-hub';
import { GameEventsRepository } from './events/game-events.repository';
import { GamesController } from './games.controller';
import { GamesResolver } from './games.resolver';
import { GamesRepository } from './games.repository';
import { GamesService } from './games.service';
import { GameStreamController } from './streams/game-stream.controller';
import { GameStreams } from './streams/game-streams.service';
import { GameUpdatesResolver } from './subscriptions/game-updates.resolver';

@Module({
  controllers: [GamesController, GameStreamController],
  providers: [
    DatabaseService,
    GamesRepository,
    GameEventsRepository,
    GamesService,
    GamesResolver,
    GameEventHub,
    GameStreams,
    GameUpdatesResolver,
  ],
})
export class GamesModule {}
