/** Registers <tafl-board> once, even when two copies of the package are on one page. */
import { TaflBoard } from './tafl-board.js';

if (!customElements.get('tafl-board')) customElements.define('tafl-board', TaflBoard);
