/** Registers <tafl-game> once, even when two copies of the package are on one page. */
import { TaflGame } from './tafl-game.js';

if (!customElements.get('tafl-game')) customElements.define('tafl-game', TaflGame);
