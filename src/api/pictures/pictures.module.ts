import { Module } from '@nestjs/common';
import { boardFieldResolver } from '../../pictures/board-field';
import { RulesModule } from '../rules/rules.module';
import { ApplyMoveView, EvaluateView, LegalMovesView, ValidateGameView } from '../rules/views';
import { PicturesController } from './pictures.controller';

@Module({
  imports: [RulesModule],
  controllers: [PicturesController],
  providers: [LegalMovesView, ApplyMoveView, EvaluateView, ValidateGameView].map(boardFieldResolver),
})
export class PicturesModule {}
