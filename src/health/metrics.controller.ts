/** Operational counters in Prometheus' text format: what the answer cache holds and how often it hits. */
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AnswerCache, CacheCounters } from '../http/answer-cache/answer-cache';

@ApiTags('health')
@Controller()
export class MetricsController {
  constructor(private readonly cache: AnswerCache) {}

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ operationId: 'metrics', summary: 'Counters of this instance (Prometheus text format): the answer cache' })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'One sample per line; counters since the process started',
    schema: { type: 'string', example: 'tafl_answer_cache_hits_total{kind="rest"} 1200\n' },
  })
  metrics(): string {
    const lines: string[] = [];
    const metric = (name: string, type: 'counter' | 'gauge', help: string, samples: [string, number][]) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
    };
    const kinds = [...this.cache.counters.entries()].sort(([a], [b]) => a.localeCompare(b));
    const per = (pick: (c: CacheCounters) => number): [string, number][] => kinds.map(([kind, c]) => [`{kind="${kind}"}`, pick(c)]);
    const s = this.cache.stats();
    metric(
      'tafl_answer_cache_hits_total',
      'counter',
      'Requests answered from the answer cache',
      per((c) => c.hits),
    );
    metric(
      'tafl_answer_cache_early_hits_total',
      'counter',
      'Of the hits, those answered before the framework saw the request',
      per((c) => c.early),
    );
    metric(
      'tafl_answer_cache_misses_total',
      'counter',
      'Requests to pure routes not in the answer cache',
      per((c) => c.misses),
    );
    metric(
      'tafl_answer_cache_early_misses_total',
      'counter',
      'Of the misses, those answered before the framework saw the request',
      per((c) => c.earlyMisses),
    );
    metric(
      'tafl_answer_cache_stored_total',
      'counter',
      'Answers put in the answer cache',
      per((c) => c.stored),
    );
    metric('tafl_answer_cache_evicted_total', 'counter', 'Answers dropped to stay within the byte bound', [['', s.evicted]]);
    metric('tafl_answer_cache_entries', 'gauge', 'Answers held', [['', s.entries]]);
    metric('tafl_answer_cache_bytes', 'gauge', 'Bytes held (keys and answers, estimated)', [['', s.bytes]]);
    metric('tafl_answer_cache_max_bytes', 'gauge', 'The bound (ANSWER_CACHE_BYTES)', [['', s.maxBytes]]);
    return lines.join('\n') + '\n';
  }
}
