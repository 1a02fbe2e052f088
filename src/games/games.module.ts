import { Module } from '@nestjs/common';
import { DatabaseService } from './database/database.service';
import { GameEventsRepository } from './events/game-events.repository';
import { GamesController } from './games.controller';
import { GamesResolver } from './games.resolver';
import { GamesRepository } from './games.repository';
import { GamesService } from './games.service';

@Module({ controllers: [GamesController], providers: [DatabaseService, GamesRepository, GameEventsRepository, GamesService, GamesResolver] })
export class GamesModule {}
