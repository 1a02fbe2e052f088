/**
 * OpenTafl game records (`.otg`, OpenTafl notation spec section 4; shared/records/README.md):
 *
 *     [date:2015.01.07]
 *     [rules:dim:11 atkf:y sw:s efe:y start:/3ttttt3/5t5/.../]
 *
 *     1. d1-d3 h6-h9
 *     [comment on the first move|comment on the second move]
 *
 *     12b.1.1a. ..... d2-c2          (a variation: not part of the main line)
 *
 * Tags are `[key:value]` (the value may hold colons and line breaks); the rules tag holds OTN rule
 * switches `key:value` separated by spaces, `start:` (the start position, ranks from rank 1 upward)
 * last. Move records: optional piece letter (`K`), `from-to`, captures `xe2` or `xf3/h3` (a bare `x`
 * or `xx` when the squares were not written), optional status `+ - ++ --`; `---` is a resignation.
 *
 * Pure code: no I/O, no framework. Data errors are returned as values (the engine's Result), never
 * thrown; `toOtg` throws only when asked to write something the format cannot hold (a programming
 * error). Positions go through the engine's TFEN row codec, so both notations read rows one way.
 *
 * Other code imports the format from here, so its parts can move without touching their users:
 * otg-model (the parsed record), otg-rules, otg-position, otg-move, otg-tokens and otg-read
 * (reading), otg-write.
 */
export type {
  OtgComment,
  OtgError,
  OtgGame,
  OtgHalfMove,
  OtgInfo,
  OtgMove,
  OtgMoveType,
  OtgParse,
  OtgPly,
  OtgRules,
  OtgSide,
  OtgTag,
  OtgTurn,
} from './otg-model.js';
export { otgRulesString, parseOtgRules } from './otg-rules.js';
export { otgPositionToTfenBoard, tfenBoardToOtgPosition } from './otg-position.js';
export { parseOtgMove } from './otg-move.js';
export { parseOtg } from './otg-read.js';
export { otgMoveText, toOtg } from './otg-write.js';
export type { OtgWriteInput, OtgWritePly } from './otg-write.js';
