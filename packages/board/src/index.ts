/**
 * @tafl/board: the custom elements <tafl-board> and <tafl-game>, registered on import (the package has
 * side effects for that reason), and the pieces they are made of for callers that build their own.
 */
import './define-board.js';
import './define-game.js';

export { TaflBoard } from './tafl-board.js';
export type { MoveEvent } from './tafl-board.js';
export { TaflGame } from './tafl-game.js';
export { boardModel, piecesOf, squareLabel, PIECE_NAMES } from './board-model.js';
export type { BoardModel, LegalMove, PieceLetter, SpecialKind } from './board-model.js';
export { layoutOf, squareName, cellOf, FILE_LETTERS } from './board-geometry.js';
export type { Layout, Cell } from './board-geometry.js';
export { applyEvent, resultText } from './game-record.js';
export type { GameRecord } from './game-record.js';
export { formatClock, remainingMs } from './game-clocks.js';
