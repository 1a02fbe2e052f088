/**
 * GameState lists legal moves sorted by the from square, then the to square, in file-major order
 * (a1, a2, …, b1, …; the order api.md's answers give). The listing sorts each side's pieces and then
 * each piece's moves; checked against one plain sort of every generated move, for all moves and for
 * one square, over seeded random positions of every built-in variant.
 */
import { describe, expect, it } from 'vitest';
import { GameState } from '../../src/engine/game-state';
import { cellOfName } from '../../src/engine/geometry';
import { generateMoves } from '../../src/engine/movegen';
import { Position, moveFrom, moveTo } from '../../src/engine/position';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariant, builtInVariantIds } from '../../src/variants';

describe('legal move order', () => {
  for (const id of builtInVariantIds()) {
    it(`${id}: sorted by from, then to, file-major, over 60 random positions`, () => {
      const v = builtInVariant(id)!;
      const buf = new Int32Array(4 * v.geo.size * v.geo.size);
      for (let seed = 1; seed <= 60; seed++) {
        const pos = Position.start(v);
        randomPlayout(pos, seededRandom(seed), seed * 3, buf, (p) => void generateMoves(p, buf));
        const codes: number[] = [];
        for (let i = pos.ply; i > 0; i--) {
          codes.unshift(pos.lastMove());
          pos.unmake();
        }
        const state = GameState.start(v);
        for (const m of codes) state.play(m);
        if (state.finished) continue;
        const n = generateMoves(state.pos, buf);
        const key = (from: number, to: number) => v.fileMajor[from] * 4096 + v.fileMajor[to];
        const expected = Array.from(buf.subarray(0, n))
          .sort((a, b) => key(moveFrom(a), moveTo(a)) - key(moveFrom(b), moveTo(b)))
          .map((m) => `${v.names[moveFrom(m)]}-${v.names[moveTo(m)]}`);
        const listed = state.legalMoves().map((m) => `${m.from}-${m.to}`);
        expect(listed).toEqual(expected);
        const square = listed[Math.floor(listed.length / 2)].split('-')[0];
        const one = state.legalMoves(cellOfName(v.geo, square)).map((m) => `${m.from}-${m.to}`);
        expect(one).toEqual(expected.filter((m) => m.startsWith(`${square}-`)));
      }
    });
  }

  it('file-major: a1 before a2 before b1', () => {
    const v = builtInVariant('brandubh')!;
    const names = ['b1', 'a2', 'a1'].map((n) => cellOfName(v.geo, n)).sort((a, b) => v.fileMajor[a] - v.fileMajor[b]);
    expect(names.map((c) => v.names[c])).toEqual(['a1', 'a2', 'b1']);
  });
});
