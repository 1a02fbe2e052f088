import { Module } from '@nestjs/common';
import { RulesModule } from '../rules/rules.module';
import { SuggestionsController } from './suggestions.controller';
import { SuggestionsResolver } from './suggestions.resolver';
import { SuggestionsService } from './suggestions.service';

@Module({
  imports: [RulesModule],
  controllers: [SuggestionsController],
  providers: [SuggestionsService, SuggestionsResolver],
  exports: [SuggestionsService],
})
export class SuggestionsModule {}
