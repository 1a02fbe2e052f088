/** Liveness (/health) and readiness (/ready): the process answers; the app accepts work. */
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { ReadinessService } from '../http/readiness.service';

/** The readiness report: its status, and each check's "ok" or its error. */
const READINESS: SchemaObject = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', description: 'ready, or starting | stopping | degraded', example: 'ready' },
    checks: { type: 'object', additionalProperties: { type: 'string' }, description: 'Each check: "ok" or "error: ..."' },
  },
};

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('health')
  @ApiOperation({ operationId: 'health', summary: 'Liveness: the process is up' })
  @ApiOkResponse({
    description: 'The process answers',
    schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } }, example: { status: 'ok' } },
  })
  health(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ operationId: 'ready', summary: 'Readiness: the service accepts requests (503 while starting or shutting down)' })
  @ApiOkResponse({
    description: 'Ready: every check is ok',
    schema: { ...READINESS, example: { status: 'ready', checks: { engine: 'ok' } } },
  })
  @ApiResponse({
    status: 503,
    description: 'Not ready: starting, stopping, or a check failed (degraded)',
    schema: { ...READINESS, example: { status: 'degraded', checks: { engine: 'ok', database: 'error: connection refused' } } },
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string; checks: Record<string, string> }> {
    const report = await this.readiness.report();
    if (report.status !== 'ready') reply.status(503);
    return report;
  }
}
