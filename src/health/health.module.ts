import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { ReadinessService } from '../http/readiness.service';

@Global()
@Module({ controllers: [HealthController, MetricsController], providers: [ReadinessService], exports: [ReadinessService] })
export class HealthModule {}
