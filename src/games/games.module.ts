import { Module } from '@nestjs/common';
import { DatabaseService } from './database/database.service';
import { GamesController } from './games.controller';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';

@Module({ controllers: [GamesController], providers: [DatabaseService, GamesService, GamesResolver] })
export class GamesModule {}
