import { Module } from '@nestjs/common';
import { AnalysisModule as ReviewsModule } from '../../analysis/analysis.module';
import { RulesModule } from '../rules/rules.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisResolver } from './analysis.resolver';

@Module({
  imports: [RulesModule, ReviewsModule],
  controllers: [AnalysisController],
  providers: [AnalysisResolver],
})
export class AnalysisApiModule {}
