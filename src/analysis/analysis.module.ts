import { Module } from '@nestjs/common';
import { GameReviews } from './game-reviews.service';

/** Game reviews for the stateless routes (api/analysis) and the stored games' route (games). */
@Module({ providers: [GameReviews], exports: [GameReviews] })
export class AnalysisModule {}
