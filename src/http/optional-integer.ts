/** A request field that is an optional integer within bounds: its OpenAPI property and its checks, declared together. */
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export interface IntegerBounds {
  minimum: number;
  maximum: number;
  default?: number;
  description?: string;
}

export function OptionalInteger(bounds: IntegerBounds): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', ...bounds }),
    IsOptional(),
    IsInt(),
    Min(bounds.minimum),
    Max(bounds.maximum),
  );
}
