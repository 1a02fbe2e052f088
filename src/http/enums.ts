/**
 * GraphQL enums and OpenAPI enum lists, each derived from its value set (src/engine/values.ts,
 * src/http/error-codes.ts). JSON values stay exactly as api.md writes them: an enum value's name is the
 * value itself. Swagger views name the same enums (`enumName`), so both contracts share one type name.
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

/**
 * The description of each named enum, for schema.gql and for the OpenAPI component of the same name
 * (openapi.ts writes them there: Swagger would otherwise copy the first property's description).
 */
export const ENUM_DESCRIPTIONS = {
  Side: 'A side of the board: attackers or defenders.',
  OutcomeStatus: 'Whether the game goes on.',
  Winner: 'Who won a finished game; a draw is a result too.',
  OutcomeReason: 'Why the game finished: decided on the board, by the players, or by the clock.',
  IllegalReason: 'Why a move is illegal (rules.md R-2).',
  ErrorCode: 'The top-level code of an error: `extensions.code` of a GraphQL error (see ProblemExtensions), `code` of a REST problem.',
} as const;

registerEnumType(SideEnum, { name: 'Side', description: ENUM_DESCRIPTIONS.Side });
registerEnumType(OutcomeStatusEnum, { name: 'OutcomeStatus', description: ENUM_DESCRIPTIONS.OutcomeStatus });
registerEnumType(WinnerEnum, { name: 'Winner', description: ENUM_DESCRIPTIONS.Winner });
registerEnumType(OutcomeReasonEnum, { name: 'OutcomeReason', description: ENUM_DESCRIPTIONS.OutcomeReason });
registerEnumType(IllegalReasonEnum, { name: 'IllegalReason', description: ENUM_DESCRIPTIONS.IllegalReason });
registerEnumType(ErrorCodeEnum, { name: 'ErrorCode', description: ENUM_DESCRIPTIONS.ErrorCode });
