/** What the review routes say of themselves in the OpenAPI document (one text and one answer for both). */
import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { NDJSON_CONTENT_TYPE } from '../http/media-types';
import { GameReviewView, ReviewedPlyView, SidesReviewView } from './review.views';

export const REVIEW_DESCRIPTION =
  'Every position searched in worker threads (`budgetMsPerPly` each, plies × budget at most 600,000 ms), charged to the rate limit by search time. ' +
  'With `Accept: application/x-ndjson` the answer is one line per ply as it is judged (`{"type":"ply",…}`), then `{"type":"review",…}` ' +
  '(or `{"type":"error","problem":…}`). With `seed` the review is the same on any machine. Marks and their bands: docs/analysis.md.';

/** The 200 answer: the whole review as JSON, or its NDJSON lines. */
export function ReviewOk(): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(GameReviewView, ReviewedPlyView, SidesReviewView),
    ApiOkResponse({
      description: 'Every ply judged, and each side’s average loss',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(GameReviewView) } },
        [NDJSON_CONTENT_TYPE]: {
          schema: {
            description:
              'One JSON object per line: a ply (`type` "ply") as soon as it is judged, then the summary (`type` "review") or a problem (`type` "error").',
            oneOf: [
              {
                allOf: [
                  { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['ply'] } } },
                  { $ref: getSchemaPath(ReviewedPlyView) },
                ],
              },
              {
                type: 'object',
                required: ['type', 'plies', 'sides'],
                properties: {
                  type: { type: 'string', enum: ['review'] },
                  plies: { type: 'integer', description: 'Plies reviewed' },
                  sides: { $ref: getSchemaPath(SidesReviewView) },
                  level: { type: 'integer' },
                  budgetMsPerPly: { type: 'integer' },
                  nodes: { type: 'integer' },
                  searchMs: { type: 'integer' },
                },
              },
              {
                type: 'object',
                required: ['type', 'problem'],
                properties: {
                  type: { type: 'string', enum: ['error'] },
                  problem: { type: 'object', description: 'An RFC 9457 problem, as a refusal answers it' },
                },
              },
            ],
          },
        },
      },
    }),
  );
}
