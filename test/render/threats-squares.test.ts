/**
 * Pictures with threats, decoded and checked square by square: on seeded random positions of every
 * built-in variant, every square of the PNG shows the route colour at its centre exactly when it is on
 * a king route, the king-capturable frame exactly where the king can be taken, and the hanging mark
 * exactly on the pieces hanging (engine/threats.ts decides which; its own test checks it against a
 * brute force).
 */
import type { CompiledVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { THREAT_COLOURS, renderSvg, threatMarksOf } from '../../src/render';
import { encodePng } from '../../src/render/raster';
import { CELL, boardLayout, squareOrigin } from '../../src/render/svg';
import { hexToRgb } from '../../src/render/themes';
import { builtInVariant, builtInVariantIds } from '../../src/variants';
import { playoutState } from '../helpers/playout-game';
import { DecodedPng, decodePng, pixelAt } from './image-bytes';

const near = (px: number[], hex: string, tolerance = 40) => hexToRgb(hex).every((c, i) => Math.abs(c - px[i]) <= tolerance);

function pixelOf(v: CompiledVariant, img: DecodedPng, size: number, file: number, rank: number, dx = 0, dy = 0): number[] {
  const l = boardLayout(v.geo.size, true, false);
  const o = squareOrigin(l, file, rank);
  const scale = size / l.extent;
  return pixelAt(img, (o.x + CELL / 2 + dx * CELL) * scale, (o.y + CELL / 2 + dy * CELL) * scale);
}

/**
 * Positions of `v` with threats: the first random game found (of 600 seeds) with a king route, with a
 * king capturable and with a piece hanging, each mark found in at least one of them where any seed has it.
 */
function positionsWithThreats(v: CompiledVariant): GameState[] {
  const wanted: ((m: ReturnType<typeof threatMarksOf>) => boolean)[] = [
    (m) => (m.kingRoutes?.length ?? 0) > 0,
    (m) => (m.kingCapturable?.length ?? 0) > 0,
    (m) => (m.hanging?.length ?? 0) > 0,
  ];
  const out: (GameState | null)[] = wanted.map(() => null);
  for (let seed = 1; seed <= 600 && out.some((x) => x === null); seed++) {
    const state = playoutState(v, seed * 7919, 10 + ((seed * 37) % 300));
    const m = threatMarksOf(state);
    wanted.forEach((has, i) => {
      if (out[i] === null && has(m)) out[i] = state;
    });
  }
  return out.filter((x): x is GameState => x !== null);
}

const seen = { routes: 0, capturable: 0, hanging: 0 };

describe('threats=1 pictures, square by square', () => {
  it.each(builtInVariantIds())('%s: each mark on exactly its squares', (id) => {
    const v = builtInVariant(id)!;
    const c = THREAT_COLOURS.wood;
    const states = positionsWithThreats(v);
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) {
      const marks = threatMarksOf(state);
      const routeSquares = new Set((marks.kingRoutes ?? []).flatMap((r) => r.route));
      const capturable = new Set(marks.kingCapturable ?? []);
      const hanging = new Set(marks.hanging ?? []);
      seen.routes += routeSquares.size;
      seen.capturable += capturable.size;
      seen.hanging += hanging.size;
      const size = Math.max(256, 28 * v.geo.size);
      const img = decodePng(encodePng(renderSvg(v, state.pos, { threats: marks }), size));
      for (let file = 0; file < v.geo.size; file++) {
        for (let rank = 0; rank < v.geo.size; rank++) {
          const name = `${String.fromCharCode(97 + file)}${rank + 1}`;
          const where = `${id} ${state.tfen()} ${name}`;
          expect(near(pixelOf(v, img, size, file, rank), c.kingRoute), `${where}: route`).toBe(routeSquares.has(name));
          expect(near(pixelOf(v, img, size, file, rank, -0.45, -0.45), c.kingCapturable), `${where}: king capturable`).toBe(
            capturable.has(name),
          );
          expect(near(pixelOf(v, img, size, file, rank, -0.42, -0.42), c.hanging), `${where}: hanging`).toBe(hanging.has(name));
        }
      }
    }
  });

  it('the positions drawn hold every kind of mark', () => {
    expect(seen.routes).toBeGreaterThan(0);
    expect(seen.capturable).toBeGreaterThan(0);
    expect(seen.hanging).toBeGreaterThan(0);
  });
});
