import { Module } from '@nestjs/common';
import { RulesController } from './rules.controller';
import { RulesResolver } from './rules.resolver';
import { RulesService } from './rules.service';

@Module({ controllers: [RulesController], providers: [RulesService, RulesResolver], exports: [RulesService] })
export class RulesModule {}
