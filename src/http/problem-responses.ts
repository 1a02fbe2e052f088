/**
 * The problem shapes both transports document: problem+json answers in OpenAPI (one description per
 * status, so every route reads the same) and the `extensions` of a GraphQL error.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ILLEGAL_REASONS, IllegalReason } from '../engine';
import { ERROR_CODES, ErrorCode } from './error-codes';
import { ErrorCodeEnum, IllegalReasonEnum } from './enums';
import { PLIES_PER_UNIT } from './rate-limit/request-work';

@ObjectType('ProblemItem', { description: 'One entry of `errors[]`: a detail code and where it was found.' })
export class ProblemItemView {
  @Field(() => String, { description: 'A detail code, e.g. BAD_TFEN_ROW_WIDTH, INVALID_FIELD or an illegal-move reason.' })
  @ApiProperty({
    example: 'BAD_TFEN_ROW_WIDTH',
    description: 'A detail code, e.g. BAD_TFEN_ROW_WIDTH, INVALID_FIELD or an illegal-move reason.',
  })
  code!: string;

  @Field(() => String)
  @ApiProperty({ example: 'rank 6 covers 6 squares, expected 7' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'The input field, e.g. "position" or "moves[3]".' })
  @ApiPropertyOptional({ example: 'position', description: 'The input field, e.g. "position" or "moves[3]".' })
  field?: string;

  @Field(() => Int, { nullable: true, description: 'Character offset in the input string.' })
  @ApiPropertyOptional({ type: 'integer', minimum: 0, example: 4, description: 'Character offset in the input string.' })
  offset?: number;
}

export class ProblemView {
  @ApiProperty({ example: '/problems/bad-user-input', description: 'A relative URI naming the problem; one per `code`.' })
  type!: string;
  @ApiProperty({ example: 'Bad request' })
  title!: string;
  @ApiProperty({ type: 'integer', example: 400, description: 'The HTTP status of the answer.' })
  status!: number;
  @ApiProperty({ example: 'there is no variant "fetlar2"' })
  detail!: string;
  @ApiPropertyOptional({ example: '/v1/legal-moves', description: 'The request path.' })
  instance?: string;
  @ApiProperty({ enum: ERROR_CODES, enumName: 'ErrorCode', example: 'BAD_USER_INPUT' })
  code!: ErrorCode;
  @ApiProperty({ type: [ProblemItemView] })
  errors!: ProblemItemView[];
  @ApiPropertyOptional({
    enum: ILLEGAL_REASONS,
    enumName: 'IllegalReason',
    example: 'PATH_BLOCKED',
    description: 'Illegal moves: the api.md reason code.',
  })
  reason?: IllegalReason;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    example: 2,
    description: 'Illegal moves: index of the move in the sequence (moves, then move).',
  })
  index?: number;
  @ApiPropertyOptional({ example: 'e2-e2', description: 'Illegal moves: the move as given.' })
  move?: string;
}

/**
 * Never returned by a field: printed into schema.gql (an orphaned type of the GraphQL options) so that
 * codegen users get the ErrorCode enum and the shape of `extensions` the problem filter writes.
 */
@ObjectType('ProblemExtensions', {
  description:
    'The `extensions` of a GraphQL error raised by an operation: the fields of a REST problem. ' +
    "Apollo's own request errors (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED) carry only their code.",
})
export class ProblemExtensionsView {
  @Field(() => ErrorCodeEnum, { description: 'Malformed input is BAD_USER_INPUT, except VARIANT_NOT_FOUND.' })
  code!: ErrorCode;

  @Field(() => [ProblemItemView])
  errors!: ProblemItemView[];

  @Field(() => IllegalReasonEnum, { nullable: true, description: 'ILLEGAL_MOVE: why the move is illegal.' })
  reason?: IllegalReason;

  @Field(() => Int, { nullable: true, description: 'ILLEGAL_MOVE: index of the move in the sequence (moves, then move).' })
  index?: number;

  @Field(() => String, { nullable: true, description: 'ILLEGAL_MOVE: the move as given.' })
  move?: string;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed input (bad TFEN, unknown variant in the body, wrong types, too many moves)',
  401: 'No or unknown token',
  403: 'The token of the other side',
  404: 'Unknown variant, game or resource',
  409: 'Conflict with the game as stored: a stale expectedPly (STALE_PLY) or no draw offer to accept (NO_DRAW_OFFER)',
  413: 'Request body larger than the body limit (BODY_LIMIT_BYTES)',
  422: 'Illegal move (reason and index), or a finished game (GAME_OVER)',
  429:
    `Rate limit exceeded: each client (address) has RATE_LIMIT_MAX units per RATE_LIMIT_WINDOW_MS; a request costs 1 unit, plus 1 per ${PLIES_PER_UNIT} plies it replays. ` +
    '`RateLimit-Remaining` and `RateLimit-Reset` on every answer say what is left; `Retry-After` says when to retry',
  503: 'Database unavailable',
};

/** The OpenAPI response object of a problem status, for the decorator and for openapi.ts. */
export function problemResponse(
  status: number,
  description = DESCRIPTIONS[status],
): { description: string; content: Record<string, { schema: { $ref: string } }> } {
  return { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemView' } } } };
}

/**
 * The problems a route's own work can answer. 413 and 429 are left out on purpose: the body and rate
 * limits apply before any controller, so openapi.ts adds them to every operation they cover.
 */
export function ProblemResponses(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })));
}
