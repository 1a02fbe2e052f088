/**
 * What the picture routes of the stateless API and of stored games share on the Nest side: the query parameters they document and
 * the one way a PictureAnswer becomes an HTTP answer (problems for bad input, 304s, cache headers).
 */
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problem, Result } from '../engine';
import {
  PictureAnswer,
  THEMES,
  TEXT_STYLES,
  MAX_IMAGE_SIZE,
  MIN_IMAGE_SIZE,
  MAX_GIF_SIZE,
  DEFAULT_IMAGE_SIZE,
  MIN_GIF_DELAY_MS,
  MAX_GIF_DELAY_MS,
  DEFAULT_GIF_DELAY_MS,
} from '../render';
import { backgroundRefusal, sendCacheable } from '../http/cacheable-reply';
import { ProblemError } from '../http/problem-error';
import { recordUnits } from '../http/rate-limit/request-work';

export type PictureKind = 'board' | 'text' | 'animation';

/** The options every picture takes (api.md section 6). */
export function PictureOptionsQuery(kind: PictureKind): MethodDecorator {
  const marks = [
    ApiQuery({ name: 'flip', required: false, enum: ['0', '1'], description: '1: rank 1 at the top (the board turned 180°)' }),
    ApiQuery({ name: 'coords', required: false, enum: ['0', '1'], description: 'Files and ranks beside the board (default 1)' }),
    ApiQuery({ name: 'highlight', required: false, type: String, description: 'Comma-separated squares to ring', example: 'd4,e5' }),
    ApiQuery({
      name: 'threats',
      required: false,
      enum: ['0', '1'],
      description:
        "1: draw the threats of the position (the king's routes to escape, a king capturable now, pieces hanging); see POST /v1/threats",
    }),
  ];
  const image = [
    ApiQuery({
      name: 'size',
      required: false,
      schema: {
        type: 'integer',
        minimum: MIN_IMAGE_SIZE,
        maximum: kind === 'animation' ? MAX_GIF_SIZE : MAX_IMAGE_SIZE,
        default: DEFAULT_IMAGE_SIZE,
      },
      description: `Side in pixels, ${MIN_IMAGE_SIZE} to ${kind === 'animation' ? MAX_GIF_SIZE : MAX_IMAGE_SIZE} (default 512)`,
    }),
    ApiQuery({ name: 'theme', required: false, enum: [...THEMES], description: 'Colour theme (default wood)' }),
  ];
  const last = ApiQuery({
    name: 'lastMove',
    required: false,
    type: String,
    description:
      'A move to mark, "auto" for the last move played, or "none"; a stored game\'s pictures mark its last move unless told "none"',
    example: 'auto',
  });
  if (kind === 'text')
    return applyDecorators(
      ...marks,
      last,
      ApiQuery({ name: 'style', required: false, enum: [...TEXT_STYLES], description: 'Characters of the board (default ascii)' }),
    );
  if (kind === 'animation')
    return applyDecorators(
      ...marks,
      ...image,
      ApiQuery({
        name: 'delay',
        required: false,
        schema: { type: 'integer', minimum: MIN_GIF_DELAY_MS, maximum: MAX_GIF_DELAY_MS, default: DEFAULT_GIF_DELAY_MS },
        description: 'Milliseconds per frame, 20 to 60000 (default 1000)',
      }),
    );
  return applyDecorators(...marks, ...image, last);
}

export const PICTURE_TYPES: Record<'svg' | 'png' | 'txt' | 'gif', string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  txt: 'text/plain',
  gif: 'image/gif',
};

/** The 200 answer of a picture route in OpenAPI: its media type and body (text, or bytes). */
export function PictureOk(format: keyof typeof PICTURE_TYPES, description: string): MethodDecorator {
  const text = format === 'svg' || format === 'txt';
  return applyDecorators(
    ApiProduces(PICTURE_TYPES[format]),
    ApiOkResponse({
      description,
      content: { [PICTURE_TYPES[format]]: { schema: text ? { type: 'string' } : { type: 'string', format: 'binary' } } },
    }),
  );
}

/** Bad options are a 400 naming each parameter. */
export function orBadQuery<T>(r: Result<T, Problem[]>): T {
  if (r.ok) return r.value;
  throw ProblemError.badInput(r.error.map((p) => p.message).join('; '), r.error);
}

export async function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PictureAnswer,
  cacheControl: string,
  /** Pictures rasterised to make the body (PNG 1, GIF one per frame, text and SVG 0), for the rate limit. */
  rasterised = 0,
): Promise<void> {
  await sendCacheable(request, reply, {
    etag: answer.etag,
    cacheControl,
    contentType: answer.contentType,
    headers: answer.charCount !== undefined ? { 'x-char-count': String(answer.charCount) } : {},
    body: async () => {
      recordUnits(rasterised);
      const made = await answer.body();
      if (!made.ok) throw backgroundRefusal(made.error);
      return made.value;
    },
  });
}
