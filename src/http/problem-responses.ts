/** OpenAPI description of problem+json error answers, so every route documents the same shape. */
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ILLEGAL_REASONS, IllegalReason } from '../engine';
import { ERROR_CODES, ErrorCode } from './error-codes';

export class ProblemItemView {
  @ApiProperty({ example: 'BAD_TFEN_ROW_WIDTH' })
  code!: string;
  @ApiProperty({ example: 'rank 6 covers 6 squares, expected 7' })
  message!: string;
  @ApiPropertyOptional({ example: 'position' })
  field?: string;
  @ApiPropertyOptional({ example: 4, description: 'Character offset in the input string.' })
  offset?: number;
}

export class ProblemView {
  @ApiProperty({ example: '/problems/bad-user-input' })
  type!: string;
  @ApiProperty({ example: 'Bad request' })
  title!: string;
  @ApiProperty({ example: 400 })
  status!: number;
  @ApiProperty()
  detail!: string;
  @ApiPropertyOptional()
  instance?: string;
  @ApiProperty({ enum: ERROR_CODES, example: 'BAD_USER_INPUT' })
  code!: ErrorCode;
  @ApiProperty({ type: [ProblemItemView] })
  errors!: ProblemItemView[];
  @ApiPropertyOptional({ enum: ILLEGAL_REASONS, example: 'PATH_BLOCKED', description: 'Illegal moves: the api.md reason code.' })
  reason?: IllegalReason;
  @ApiPropertyOptional({ example: 2, description: 'Illegal moves: index of the move in the sequence (moves, then move).' })
  index?: number;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed input (bad TFEN, unknown variant in the body, wrong types, too many moves)',
  401: 'No or unknown token',
  403: 'The token of the other side',
  404: 'Unknown variant or resource',
  409: 'Stale expected ply',
  413: 'Request body too large',
  422: 'Illegal move (reason and index)',
  429: 'Rate limit exceeded',
  503: 'Database unavailable',
};

export function ProblemResponses(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status], content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemView' } } } }),
    ),
  );
}
