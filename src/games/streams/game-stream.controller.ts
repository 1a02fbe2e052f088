/** GET /v1/games/{id}/stream (api.md section 7): NDJSON by default, SSE on request. Thin: GameStreams opens it. */
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemResponses, problemResponse } from '../../http/problem-responses';
import { GameFullEventView, GameStateEventView } from '../events/game-event.views';
import { GameStreams } from './game-streams.service';
import { HttpEventStream } from './http-event-stream';
import { MAX_SEQ, resumePoint } from './resume-point';
import { NDJSON_CONTENT_TYPE, SSE_CONTENT_TYPE, contentType, streamFormat } from './stream-format';

const LINE = { oneOf: [{ $ref: getSchemaPath(GameFullEventView) }, { $ref: getSchemaPath(GameStateEventView) }] };

@ApiTags('games')
@ApiExtraModels(GameFullEventView, GameStateEventView)
@Controller('v1/games')
export class GameStreamController {
  constructor(
    private readonly streams: GameStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/stream')
  @ApiOperation({
    operationId: 'streamGame',
    summary: 'Follow a game live: the whole game, then one line per change; ends after the event that finishes the game',
    description:
      'NDJSON (`application/x-ndjson`) unless `Accept: text/event-stream` asks for Server-Sent Events. A fresh stream opens ' +
      'with a gameFull line; resuming (`sinceSeq`, or SSE `Last-Event-ID`, which wins) starts with every event after that seq ' +
      'instead, then goes on live, so a client that reconnects misses none and gets none twice. An empty line (NDJSON) or a ' +
      'comment (SSE) is sent every STREAM_KEEPALIVE_MS. At most MAX_STREAMS_PER_CLIENT streams and subscriptions per client ' +
      'address; a reader that falls more than STREAM_BUFFER_BYTES behind is disconnected.',
  })
  @ApiParam({ name: 'id', description: 'Game id', format: 'uuid' })
  @ApiQuery({
    name: 'sinceSeq',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: MAX_SEQ },
    description: 'Resume after this seq: the stream starts with the events after it (no gameFull).',
  })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'SSE resume point (an event id is its seq); wins over sinceSeq.' })
  @ApiOkResponse({
    description: 'The stream: one event per line (NDJSON) or per SSE event',
    content: {
      [NDJSON_CONTENT_TYPE]: {
        schema: { ...LINE, description: 'Each line one JSON object (the first a gameFull unless resuming); empty lines are keep-alives.' },
        example: {
          type: 'gameState',
          seq: 1,
          event: 'move',
          ply: 1,
          move: { from: 'd2', to: 'e2', notation: 'd2-e2', captures: [] },
          position: '3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3 d',
          sideToMove: 'defenders',
          outcome: { status: 'ongoing', winner: null, reason: null, detail: null },
          drawOfferedBy: null,
          clocks: null,
          takebackOfferedBy: null,
          seats: { attackers: 'taken', defenders: 'taken' },
          players: { attackers: 'Alice', defenders: 'Bob' },
        },
      },
      [SSE_CONTENT_TYPE]: {
        schema: { type: 'string', description: 'Events of `id: <seq>` and `data: <the same JSON objects>`; comments are keep-alives.' },
        example: 'id: 0\ndata: {"type":"gameFull","seq":0,"game":{…}}\n\nid: 1\ndata: {"type":"gameState","seq":1,…}\n\n',
      },
    },
  })
  @ApiResponse({
    status: 204,
    description: 'A finished game resumed at or past its last event (sinceSeq or Last-Event-ID): nothing to send, and nothing will come',
  })
  @ProblemResponses(400, 404, 503)
  @ApiResponse({
    status: 429,
    ...problemResponse(
      429,
      'TOO_MANY_STREAMS: MAX_STREAMS_PER_CLIENT streams are open from this address; or RATE_LIMITED (the request rate limit)',
    ),
  })
  async stream(
    @Param('id') id: string,
    @Query('sinceSeq') sinceSeq: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const header = request.headers['last-event-id'];
    const since = resumePoint(Array.isArray(header) ? header[0] : header, sinceSeq);
    const format = streamFormat(request.headers.accept);
    const body = new HttpEventStream(format, this.config.streamKeepAliveMs, this.config.streamBufferBytes);
    const { subscription, finished } = await this.streams.open({
      gameId: id,
      sinceSeq: since.seq,
      sinceField: since.field,
      client: request.ip,
      sink: body,
    });
    // A finished game whose client has every event already: nothing to send, and a browser's
    // EventSource stops reconnecting on a 204 (api.md section 7).
    if (finished) return void reply.code(204).send();
    void reply
      .header('content-type', contentType(format))
      .header('cache-control', 'no-cache')
      // Proxies that buffer answers (nginx) would hold the lines back.
      .header('x-accel-buffering', 'no');
    // A HEAD has no body to stream: the headers a GET would get, and nothing left open.
    if (request.method === 'HEAD') {
      subscription.close('client');
      void reply.send();
      return;
    }
    body.onGone = () => subscription.close('client');
    body.start();
    void reply.send(body);
  }
}
