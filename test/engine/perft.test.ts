import { countMoves } from '../../src/engine/movegen';
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { builtInVariant } from '../../src/variants';

describe('perft from the Copenhagen start (positions that end the game are not expanded)', () => {
  const v = builtInVariant('copenhagen')!;
  it.each([
    [1, 116],
    [2, 6788],
    [3, 806344],
  ])('perft(%i) = %i', (depth, expected) => {
    expect(perft(Position.start(v), depth)).toBe(expected);
  });

  // perft(4) = 50,456,804 is checked by `npm run bench` (about 0.6 s there); too slow for every test run.
});

describe('start-position move counts', () => {
  // Counted by hand from the layouts: each piece's free squares in four directions, minus squares
  // it may not stop on (throne, corners, citadels) and rays cut by squares it may not pass.
  it.each([
    ['fetlar', 116],
    ['fetlar-edge-capture', 116],
    ['copenhagen', 116],
    ['brandubh', 40],
    ['tablut', 80],
    ['alea-evangelii', 184],
    ['alea-evangelii-citadels', 580],
    ['unst-alea-evangelii', 588],
    // OpenTafl presets without special squares (rules.md 5.5): every empty square on a piece's four rays.
    ['sea-battle', 80],
    ['tawlbwrdd', 136],
    // OpenTafl's Brandub: Brandubh's layout and stopping rules (only the king on the throne and corners).
    ['opentafl-brandub', 40],
    // Magpie: the same layout; the king, boxed in at the start, has no move either way.
    ['magpie', 40],
  ])('%s: %i moves', (id, expected) => {
    expect(countMoves(Position.start(builtInVariant(id)!))).toBe(expected);
  });
});
