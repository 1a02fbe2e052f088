import { Module } from '@nestjs/common';
import { VariantsController } from './variants.controller';
import { VariantsResolver } from './variants.resolver';
import { VariantsService } from './variants.service';

@Module({ controllers: [VariantsController], providers: [VariantsService, VariantsResolver] })
export class VariantsModule {}
