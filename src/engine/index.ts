/** The rules engine's public surface. Pure TypeScript: no framework, no I/O. */
export * from './values';
export * from './definition';
export * from './result';
export * from './geometry';
export { compileVariant } from './compiled-variant';
export type { CompiledVariant } from './compiled-variant';
export { GameState } from './game-state';
export type { MoveInfo, Outcome, IllegalMove } from './game-state';
export * from './operations';
export { parseTfen, parseBoardField, printBoardField } from './tfen';
export { parseMoveText, richNotation } from './move-notation';
export { Position, PASS } from './position';
export { generateMoves, countMoves, hasMove } from './movegen';
export { outcomeAfterMove, outcomeAtStart } from './outcome';
export * from './outcome-codes';
