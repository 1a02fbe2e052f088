/** Operational counters in Prometheus' text format: requests answered, what the answer cache holds and how often it hits. */
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AnswerCache, CacheCounters } from '../http/answer-cache/answer-cache';
import { RequestCounts } from '../http/request-counts';

@ApiTags('health')
@Controller()
export class MetricsController {
  constructor(
    private readonly cache: AnswerCache,
    private readonly requests: RequestCounts,
  ) {}

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    operationId: 'metrics',
    summary: 'Counters of this instance (Prometheus text format): requests answered, the answer cache',
  })
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
    const label = (v: string) => JSON.stringify(v);
    metric(
      'tafl_http_requests_total',
      'counter',
      'Requests answered, by method, route pattern and status',
      this.requests
        .entries()
        .sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method) || a.status - b.status)
        .map((c) => [`{method=${label(c.method)},route=${label(c.route)},status="${c.status}"}`, c.n]),
    );
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
      'tafl_answer_cache_misses_total',
      'counter',
      'Requests to pure routes not in the answer cache',
      per((c) => c.misses),
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
