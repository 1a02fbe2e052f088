/**
 * The shape of each piece in the SVG board, in board units (CELL per square), with the same fixed
 * attribute order and number format as the rest of the picture (svg.ts). Every piece is drawn from the
 * theme's own colours, so the GIF palette (gif-palette.ts) needs no new entry for any of them.
 *
 * Soldiers are discs; the other kinds add one mark each, drawn so that it reads on both sides' colours:
 * the defender's ring, the king's cross, the commander's diamond, the knight's triangle, the
 * mercenary's inner half-disc in the other side's colour (it changes sides when captured), and the
 * guard's shield.
 */
import type { PieceLetter } from '../engine/values.js';
import type { ThemeColours } from './themes.js';

/** Units of one square. Piece sizes below are in these units. */
export const CELL = 40;

const ATTACKER_RADIUS = 15.5;
const DEFENDER_RADIUS = 15.5;
const DEFENDER_RING = 8;
const KING_RADIUS = 17.5;
const KING_ARM = 11;
const KING_BAR = 2;
const COMMANDER_HALF = 18;
const KNIGHT_MARK = 9;
/** The mercenary's half-disc: half the piece's radius and more, so it reads at 64 px. */
const MERCENARY_MARK = 10;
/** Half the guard's shield: a little smaller than the knight's triangle, whose area it roughly matches. */
const GUARD_MARK = 8;

/** Two decimals at most, no "-0": the one number format of the output. */
export function num(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** Piece `p` on the square named `name`, whose top-left corner is (x, y). */
export function pieceShape(p: PieceLetter, name: string, x: number, y: number, c: ThemeColours): string {
  const mx = x + CELL / 2;
  const my = y + CELL / 2;
  const cx = num(mx);
  const cy = num(my);
  const open = `<g data-square="${name}" data-piece="${p}">`;
  const disc = (r: number, fill: string): string =>
    `<circle cx="${cx}" cy="${cy}" r="${num(r)}" fill="${fill}" stroke="${c.ink}" stroke-width="2"/>`;
  switch (p) {
    case 't':
      return open + disc(ATTACKER_RADIUS, c.attacker) + '</g>';
    case 'T':
      // The inner ring tells a defender from an attacker without relying on colour alone.
      return (
        open +
        disc(DEFENDER_RADIUS, c.defender) +
        `<circle cx="${cx}" cy="${cy}" r="${num(DEFENDER_RING)}" fill="none" stroke="${c.ink}" stroke-width="1.5"/>` +
        '</g>'
      );
    case 'K': {
      const a = KING_ARM;
      const b = KING_BAR;
      const cross =
        `M${num(mx - b)} ${num(my - a)}H${num(mx + b)}V${num(my - b)}H${num(mx + a)}V${num(my + b)}H${num(mx + b)}` +
        `V${num(my + a)}H${num(mx - b)}V${num(my + b)}H${num(mx - a)}V${num(my - b)}H${num(mx - b)}Z`;
      return open + disc(KING_RADIUS, c.king) + `<path d="${cross}" fill="${c.ink}"/>` + '</g>';
    }
    case 'C':
    case 'c': {
      // A commander is a diamond; OpenTafl's attacker commander wears the attackers' colour.
      const h = COMMANDER_HALF;
      const diamond = `M${num(mx)} ${num(my - h)}L${num(mx + h)} ${num(my)}L${num(mx)} ${num(my + h)}L${num(mx - h)} ${num(my)}Z`;
      const fill = p === 'C' ? c.commander : c.attacker;
      return open + `<path d="${diamond}" fill="${fill}" stroke="${c.ink}" stroke-width="2" stroke-linejoin="round"/>` + '</g>';
    }
    case 'n':
    case 'N': {
      // A knight: its side's disc with a triangle, drawn in the other side's colour so it shows on both.
      const h = KNIGHT_MARK;
      const mark = `M${num(mx)} ${num(my - h)}L${num(mx + h)} ${num(my + h * 0.8)}L${num(mx - h)} ${num(my + h * 0.8)}Z`;
      const [radius, fill, ink] = p === 'n' ? [ATTACKER_RADIUS, c.attacker, c.defender] : [DEFENDER_RADIUS, c.defender, c.ink];
      return open + disc(radius, fill) + `<path d="${mark}" fill="${ink}"/>` + '</g>';
    }
    case 'm':
    case 'M': {
      // A mercenary: its side's disc whose inner lower half wears the other side's colour, the side it
      // turns to when captured. The outer ring and the upper half keep its own side's colour.
      const r = MERCENARY_MARK;
      const half = `M${num(mx - r)} ${num(my)}A${num(r)} ${num(r)} 0 0 0 ${num(mx + r)} ${num(my)}Z`;
      const [radius, fill, other] = p === 'm' ? [ATTACKER_RADIUS, c.attacker, c.defender] : [DEFENDER_RADIUS, c.defender, c.attacker];
      return (
        open +
        disc(radius, fill) +
        `<path d="${half}" fill="${other}" stroke="${c.ink}" stroke-width="1.5" stroke-linejoin="round"/>` +
        '</g>'
      );
    }
    case 'g':
    case 'G': {
      // A guard: its side's disc with a shield pointing down (a knight's triangle points up), in the
      // other side's colour as the knight's mark is.
      const h = GUARD_MARK;
      const shield =
        `M${num(mx - h)} ${num(my - h)}H${num(mx + h)}V${num(my + h * 0.2)}` +
        `L${num(mx)} ${num(my + h * 1.1)}L${num(mx - h)} ${num(my + h * 0.2)}Z`;
      const [radius, fill, ink] = p === 'g' ? [ATTACKER_RADIUS, c.attacker, c.defender] : [DEFENDER_RADIUS, c.defender, c.ink];
      return open + disc(radius, fill) + `<path d="${shield}" fill="${ink}" stroke-linejoin="round"/>` + '</g>';
    }
    default: {
      const never: never = p;
      return never;
    }
  }
}
