/**
 * GraphQL enums and OpenAPI enum lists, each derived from its value set (src/engine/values.ts,
 * src/http/error-codes.ts). JSON values stay exactly as api.md writes them: an enum value's name is the
 * value itself.
 */
import { registerEnumType } from '@nestjs/graphql';
import { ILLEGAL_REASONS, OUTCOME_REASONS, OUTCOME_STATUSES, SIDES, WINNERS } from '../engine';
import { ERROR_CODES } from './error-codes';

/** `{ value: value }` for each member: the shape registerEnumType and Swagger's `enum` take. */
export function enumObject<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

export const SideEnum = enumObject(SIDES);
export const OutcomeStatusEnum = enumObject(OUTCOME_STATUSES);
export const WinnerEnum = enumObject(WINNERS);
export const OutcomeReasonEnum = enumObject(OUTCOME_REASONS);
export const IllegalReasonEnum = enumObject(ILLEGAL_REASONS);
export const ErrorCodeEnum = enumObject(ERROR_CODES);

registerEnumType(SideEnum, { name: 'Side', description: 'attackers | defenders' });
registerEnumType(OutcomeStatusEnum, { name: 'OutcomeStatus' });
registerEnumType(WinnerEnum, { name: 'Winner' });
registerEnumType(OutcomeReasonEnum, { name: 'OutcomeReason' });
registerEnumType(IllegalReasonEnum, { name: 'IllegalReason', description: 'Why a move is illegal, in the order rules.md R-2 checks.' });
registerEnumType(ErrorCodeEnum, { name: 'ErrorCode', description: 'extensions.code of a GraphQL error.' });
