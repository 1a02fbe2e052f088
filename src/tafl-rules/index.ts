/**
 * @tafl/rules: the public surface of the package built from the service's own rooms (engine, variants,
 * records, render's SVG). Nothing here uses a Node-only API, so it runs in browsers, workers and Node.
 */

// The operations of the service, answered locally with its shapes.
export { legalMoves, applyMove, evaluateOutcome, validateGame, loadGame, perft } from './local-operations.js';
export type { Answer, AppliedMove, Evaluation, GameStateInput, GameValidation, LegalMoves } from './local-operations.js';
export { variantOf } from './variant-choice.js';
export type { VariantChoice } from './variant-choice.js';
export { variants, variant, registryVariant } from './registry-variant.js';
export type { RegistryVariant } from './registry-variant.js';
export { RulesError } from './problems.js';
export type { RulesProblem } from './problems.js';
export { positionSvg } from './svg.js';

// The engine: value sets, positions and moves, for callers that play many moves on one game.
export * from '../engine/values.js';
export type * from '../engine/definition.js';
export { ok, err } from '../engine/result.js';
export type { Ok, Err, Problem, Result } from '../engine/result.js';
export { GameState } from '../engine/game-state.js';
export type { IllegalMove, MoveInfo, Outcome } from '../engine/game-state.js';
export { OUTCOME_DETAILS, outcomeWithDetail } from '../engine/outcome-details.js';
export type { OutcomeAnswer } from '../engine/outcome-details.js';
export type { IllegalMoveDetail, OperationProblem } from '../engine/operation-problems.js';
export { compileVariant } from '../engine/compiled-variant.js';
export type { CompiledVariant } from '../engine/compiled-variant.js';
export { squareName, cellOfName, parseSquareName } from '../engine/geometry.js';
export { parseTfen } from '../engine/tfen.js';
export type { BoardGrid, ParsedTfen } from '../engine/tfen.js';

// Variants as data: the built-ins, custom definitions and their content-derived ids.
export { BUILT_IN_DEFINITIONS, builtInVariant, builtInVariantIds, describeVariant, validateRules, contentId } from '../variants/index.js';
export { customDefinition, compileCustomVariant } from '../variants/index.js';
export type { CustomVariantInput, RulesOverrides, VariantDefinition, VariantDescription, VariantMeta } from '../variants/index.js';

// OpenTafl formats: rules strings (OTN) and game records (OTG).
export { parseOtn } from '../records/otn-parse.js';
export type { OtnVariant } from '../records/otn-parse.js';
export { printOtn } from '../records/otn-print.js';
export type { OtnPrint } from '../records/otn-print.js';
export { parseOtg, toOtg, otgRulesString } from '../records/otg.js';
export type { OtgGame, OtgParse, OtgWriteInput, OtgWritePly } from '../records/otg.js';

// Pictures: SVG and text boards, the same functions the service draws with.
export { renderSvg } from '../render/svg.js';
export { renderText } from '../render/text-board.js';
export { THEMES, DEFAULT_THEME, THEME_COLOURS } from '../render/themes.js';
export type { ThemeName, ThemeColours } from '../render/themes.js';
export type { MarkOptions, MoveSquares, PictureOptions, TextOptions, TextStyle } from '../render/options.js';
