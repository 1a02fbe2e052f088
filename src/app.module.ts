import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriverConfig } from '@nestjs/apollo';
import { ProblemFilter } from './http/problem.filter';
import { graphqlOptions } from './api/graphql/graphql.options';
import { HealthModule } from './health/health.module';
import { RulesModule } from './api/rules/rules.module';
import { VariantsModule } from './api/variants/variants.module';
import { APP_CONFIG, AppConfig } from './config/config';
import { GamesModule } from './games/games.module';
import { VariantCatalog } from './variants/variant-catalog';
import { RateLimiter } from './http/rate-limit/rate-limiter';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [GraphQLModule.forRoot<ApolloDriverConfig>(graphqlOptions(config)), HealthModule, VariantsModule, RulesModule, GamesModule],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: VariantCatalog, useValue: new VariantCatalog() },
        { provide: APP_FILTER, useClass: ProblemFilter },
        { provide: RateLimiter, useValue: new RateLimiter(config.rateLimitMax, config.rateLimitWindowMs) },
      ],
      exports: [APP_CONFIG, VariantCatalog, RateLimiter],
    };
  }
}
