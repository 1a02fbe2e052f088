/**
 * Validates DTO arguments (request bodies, GraphQL inputs) with their class-validator rules and refuses
 * them with every problem listed, as application/problem+json (Nest's ValidationPipe answers its own
 * error shape).
 */
import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import { ProblemError, ProblemItem } from './problem-error';

const PLAIN_TYPES = new Set<unknown>([String, Number, Boolean, Array, Object]);

function flatten(errors: ValidationError[], prefix = ''): ProblemItem[] {
  const out: ProblemItem[] = [];
  for (const e of errors) {
    const field = /^\d+$/.test(e.property) ? `${prefix}[${e.property}]` : prefix ? `${prefix}.${e.property}` : e.property;
    // A field the DTO does not declare is refused, as an unknown query parameter is.
    for (const [rule, message] of Object.entries(e.constraints ?? {}))
      out.push({ code: rule === 'whitelistValidation' ? 'UNKNOWN_FIELD' : 'INVALID_FIELD', field, message });
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const type = metadata.metatype;
    if (!type || PLAIN_TYPES.has(type) || metadata.type === 'custom') return value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw ProblemError.badInput('the request body must be a JSON object', [{ code: 'INVALID_FIELD', message: 'expected a JSON object' }]);
    }
    const items = flatten(
      validateSync(plainToInstance(type, value) as object, { forbidUnknownValues: false, whitelist: true, forbidNonWhitelisted: true }),
    );
    if (items.length) throw ProblemError.badInput(items.map((i) => `${i.field}: ${i.message}`).join('; '), items);
    // Handlers receive the plain value: the DTO class describes and checks it, it adds no behaviour.
    return value;
  }
}
