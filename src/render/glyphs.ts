/**
 * Hand-drawn stroke glyphs for the coordinates: digits and the file letters a–y (boards go up to
 * 25×25). Drawn as paths rather than text so the bytes and the pixels never depend on which fonts a
 * machine has: resvg runs with system fonts off, and an SVG viewer would substitute its own.
 *
 * Each glyph is a centre-line path in a box 6 wide; digits stand from y 0 to 10, lowercase letters
 * have their x-height from 3.5 to 10, ascenders from 0 and descenders to 12.8. They are stroked with
 * round caps and joins, so a dot is a short stroke.
 */

export const GLYPH_WIDTH = 6;
export const DIGIT_HEIGHT = 10;
/** Top of the x-height and bottom of the descenders, for centring a row of letters. */
export const X_HEIGHT_TOP = 3.5;
export const BASELINE = 10;
export const DESCENDER = 12.8;

/** The file letters in order, as square names spell them. */
export const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxy';

export const DIGIT_GLYPHS: readonly string[] = [
  'M3 0C0.9 0 0.2 2.4 0.2 5S0.9 10 3 10S5.8 7.6 5.8 5S5.1 0 3 0Z',
  'M1.2 2.2L3.6 0V10',
  'M0.4 2.6C0.6 0.9 1.6 0 3 0C4.6 0 5.6 1 5.6 2.6C5.6 4.6 3.4 6.2 0.3 10H5.8',
  'M0.6 1C1.3 0.3 2.1 0 3 0C4.5 0 5.4 0.9 5.4 2.4S4.3 4.8 2.6 4.8C4.6 4.8 5.8 5.8 5.8 7.4S4.6 10 2.9 10C1.8 10 0.9 9.6 0.2 8.8',
  'M4.4 10V0L0.2 7H5.9',
  'M5.4 0H1.1L0.7 4.5C1.3 4 2.1 3.8 3 3.8C4.8 3.8 5.8 5 5.8 6.9S4.6 10 2.8 10C1.7 10 0.8 9.6 0.2 8.9',
  'M5 0.6C4.4 0.2 3.7 0 3 0C1 0 0.2 2.2 0.2 5.5C0.2 8.5 1.2 10 3 10S5.8 8.7 5.8 7S4.7 4.1 3.1 4.1C1.8 4.1 0.7 4.9 0.2 6',
  'M0.2 0H5.8L2.2 10',
  'M3 4.7C1.5 4.7 0.6 3.8 0.6 2.4S1.6 0 3 0S5.4 0.9 5.4 2.4S4.5 4.7 3 4.7C1.2 4.7 0.2 5.7 0.2 7.3S1.4 10 3 10S5.8 9 5.8 7.3S4.8 4.7 3 4.7Z',
  'M1 9.4C1.6 9.8 2.3 10 3 10C5 10 5.8 7.8 5.8 4.5C5.8 1.5 4.8 0 3 0S0.2 1.3 0.2 3S1.3 5.9 2.9 5.9C4.2 5.9 5.3 5.1 5.8 4',
];

const BOWL_RIGHT = 'M5.5 6.75C5.5 4.8 4.5 3.5 3 3.5S0.3 4.8 0.3 6.75S1.4 10 3 10S5.5 8.7 5.5 6.75';
const BOWL_LEFT = 'M0.5 6.75C0.5 4.8 1.5 3.5 3 3.5S5.7 4.8 5.7 6.75S4.6 10 3 10S0.5 8.7 0.5 6.75';
const ARCH = 'M0.5 5.8C0.9 4.3 1.9 3.5 3.1 3.5C4.6 3.5 5.5 4.4 5.5 6V10';

/** a..y, the file letters of square names. */
export const LETTER_GLYPHS: Readonly<Record<string, string>> = {
  a: `M5.5 3.5V10${BOWL_RIGHT}`,
  b: `M0.5 0V10${BOWL_LEFT}`,
  c: 'M5.4 4.5C4.9 3.8 4 3.5 3.2 3.5C1.4 3.5 0.3 4.8 0.3 6.75S1.4 10 3.2 10C4 10 4.9 9.7 5.4 9',
  d: `M5.5 0V10${BOWL_RIGHT}`,
  e: 'M0.4 6.8H5.6C5.6 4.8 4.6 3.5 3 3.5S0.3 4.8 0.3 6.75S1.4 10 3.1 10C4.1 10 4.9 9.6 5.4 9',
  f: 'M5 0.5C4.6 0.2 4.1 0 3.6 0C2.5 0 1.9 0.8 1.9 2V10M0.2 3.8H4.6',
  g: 'M5.5 3.5V10.5C5.5 12 4.5 12.8 3 12.8C2 12.8 1.2 12.5 0.6 11.9M5.5 6.5C5.5 4.7 4.5 3.5 3 3.5S0.3 4.7 0.3 6.5S1.4 9.5 3 9.5S5.5 8.3 5.5 6.5',
  h: `M0.5 0V10${ARCH}`,
  i: 'M3 3.5V10M3 0.9V1.3',
  j: 'M3.8 3.5V10.8C3.8 12.2 3 12.8 2 12.8C1.4 12.8 0.9 12.6 0.5 12.3M3.8 0.9V1.3',
  k: 'M0.6 0V10M5.4 3.5L0.6 7.6M2.3 6.2L5.6 10',
  l: 'M2.4 0V8.4C2.4 9.5 3 10 3.9 10C4.3 10 4.7 9.9 5 9.7',
  m: 'M0.3 3.5V10M0.3 5.2C0.6 4.1 1.2 3.5 1.9 3.5C2.7 3.5 3.1 4.1 3.1 5V10M3.1 5C3.3 4.1 3.9 3.5 4.6 3.5C5.4 3.5 5.9 4.1 5.9 5V10',
  n: `M0.5 3.5V10${ARCH}`,
  o: 'M3 3.5C1.4 3.5 0.3 4.8 0.3 6.75S1.4 10 3 10S5.7 8.7 5.7 6.75S4.6 3.5 3 3.5Z',
  p: `M0.5 3.5V12.8${BOWL_LEFT}`,
  q: `M5.5 3.5V12.8${BOWL_RIGHT}`,
  r: 'M1 3.5V10M1 6.2C1.4 4.5 2.5 3.5 3.9 3.5C4.4 3.5 4.9 3.6 5.3 3.9',
  s: 'M5.2 4.3C4.7 3.8 3.9 3.5 3 3.5C1.7 3.5 0.8 4.2 0.8 5.2C0.8 6.3 1.8 6.6 3 6.8C4.3 7 5.3 7.4 5.3 8.4S4.3 10 3 10C2 10 1.1 9.7 0.5 9.1',
  t: 'M2.3 0.8V8.4C2.3 9.5 2.9 10 3.9 10C4.4 10 4.8 9.9 5.2 9.7M0.3 3.8H4.8',
  u: 'M0.5 3.5V7.5C0.5 9.1 1.4 10 2.9 10C4.1 10 5.1 9.2 5.5 7.7M5.5 3.5V10',
  v: 'M0.3 3.5L3 10L5.7 3.5',
  w: 'M0 3.5L1.5 10L3 5.5L4.5 10L6 3.5',
  x: 'M0.5 3.5L5.5 10M5.5 3.5L0.5 10',
  y: 'M0.3 3.5L3 10M5.7 3.5L2.4 11.6C2.1 12.4 1.6 12.8 0.9 12.8C0.7 12.8 0.5 12.8 0.3 12.7',
};

/** The glyph of one character of a coordinate label. */
export function glyphOf(ch: string): string {
  const d = ch >= '0' && ch <= '9' ? DIGIT_GLYPHS[ch.charCodeAt(0) - 48] : LETTER_GLYPHS[ch];
  if (d === undefined) throw new RangeError(`no glyph for "${ch}"`);
  return d;
}
