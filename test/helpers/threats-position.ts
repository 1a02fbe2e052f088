/** The Brandubh position the threat tests draw (engine answers, pictures, HTTP), written once. */
import { tfen } from './diagram';

// Attackers to move: b5-b1 takes the king on c1 (d1 closes the other side), g4-f4 takes f3 (f2 below),
// and the king, if he could move, would reach the corner a1 through b1.
export const THREATS_POSITION = tfen(
  `
    7 + . . . . . +
    6 . . . . . . .
    5 . t . . . . .
    4 . . . + . . t
    3 . . . . . T .
    2 . . . . . t .
    1 + . K t . . +
      a b c d e f g
  `,
  'a',
);
