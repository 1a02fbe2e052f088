/** Liveness (/health) and readiness (/ready): the process answers; the app accepts work. */
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process is up' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  health(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the service accepts requests (503 while starting or shutting down)' })
  @ApiOkResponse({ schema: { example: { status: 'ready', checks: { engine: 'ok' } } } })
  @ApiResponse({ status: 503, description: 'Not ready' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string; checks: Record<string, string> }> {
    const report = await this.readiness.report();
    if (report.status !== 'ready') reply.status(503);
    return report;
  }
}
