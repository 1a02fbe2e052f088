import { Module } from '@nestjs/common';
import { boardFieldResolver } from '../http/board-field';
import { GameView } from './game.views';
import { DatabaseService } from './database/database.service';
import { GamesController } from './games.controller';
import { GamePicturesController } from './game-pictures.controller';
import { GamesResolver } from './games.resolver';
import { GamesRepository } from './games.repository';
import { GamesService } from './games.service';

@Module({
  controllers: [GamesController, GamePicturesController],
  providers: [DatabaseService, GamesRepository, GamesService, GamesResolver, boardFieldResolver(GameView)],
})
export class GamesModule {}
