import { Module } from '@nestjs/common';
import { RulesController } from './rules.controller';
import { RulesResolver } from './rules.resolver';
import { RulesService } from './rules.service';
import { ThreatsService } from './threats.service';

@Module({ controllers: [RulesController], providers: [RulesService, ThreatsService, RulesResolver], exports: [RulesService] })
export class RulesModule {}
