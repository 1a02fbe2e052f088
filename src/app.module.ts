import { DynamicModule, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriverConfig } from '@nestjs/apollo';
import { ProblemFilter } from './http/problem.filter';
import { graphqlOptions } from './api/graphql/graphql.options';
import { HealthModule } from './health/health.module';
import { RulesModule } from './api/rules/rules.module';
import { PicturesModule } from './api/pictures/pictures.module';
import { RenderPool, defaultRenderWorkers } from './render';
import { SearchPool, defaultSearchWorkers } from './search';
import { SuggestionsModule } from './api/suggestions/suggestions.module';
import { AnalysisApiModule } from './api/analysis/analysis.module';
import { VariantsModule } from './api/variants/variants.module';
import { APP_CONFIG, AppConfig } from './config/config';
import { GamesModule } from './games/games.module';
import { DiscordModule } from './discord/discord.module';
import { VariantCatalog } from './variants/variant-catalog';
import { RateLimiter } from './http/rate-limit/rate-limiter';
import { AnswerCache } from './http/answer-cache/answer-cache';
import { RequestCounts } from './http/request-counts';
import { VariantSources } from './api/variants/variant-source';

/** The worker pools of the process (pictures, search): their workers end with the app. */
@Injectable()
class WorkerPoolsLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly render: RenderPool,
    private readonly search: SearchPool,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.render.close(), this.search.close()]);
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // One cache for REST answers and GraphQL results, so that one bound (ANSWER_CACHE_BYTES) holds both.
    const answers = new AnswerCache(config.answerCacheBytes);
    return {
      module: AppModule,
      global: true,
      imports: [
        GraphQLModule.forRoot<ApolloDriverConfig>(graphqlOptions(config, answers)),
        HealthModule,
        VariantsModule,
        RulesModule,
        PicturesModule,
        SuggestionsModule,
        AnalysisApiModule,
        GamesModule,
        DiscordModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: VariantCatalog, useValue: new VariantCatalog() },
        VariantSources,
        { provide: APP_FILTER, useClass: ProblemFilter },
        { provide: RenderPool, useValue: new RenderPool({ workers: config.renderWorkers || defaultRenderWorkers() }) },
        {
          provide: SearchPool,
          useValue: new SearchPool({ workers: config.searchWorkers || defaultSearchWorkers(), maxPerClient: config.maxSearchesPerClient }),
        },
        WorkerPoolsLifecycle,
        { provide: RateLimiter, useValue: new RateLimiter(config.rateLimitMax, config.rateLimitWindowMs) },
        { provide: AnswerCache, useValue: answers },
        { provide: RequestCounts, useValue: new RequestCounts() },
      ],
      exports: [APP_CONFIG, VariantCatalog, VariantSources, RateLimiter, AnswerCache, RequestCounts, RenderPool, SearchPool],
    };
  }
}
