/**
 * The legal-moves answer REST writes as text (src/api/rules/legal-moves.json.ts) must be the very bytes
 * JSON.stringify makes of the view GraphQL and the engine build: checked on positions of seeded random
 * games of every built-in variant, all moves and moves from one square, captures and passes included.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, legalMovesQuery } from '../../src/engine';
import { builtInVariantIds, builtInVariant } from '../../src/variants';
import { playoutGame } from '../helpers/playout-game';
import { legalMovesJson } from '../../src/api/rules/legal-moves.json';
import { positionImages } from '../../src/http/views/image-links.view';

const movesOfPlayout = (id: string, seed: number, plies: number): string[] => playoutGame(id, seed, plies).moves;

describe('legal-moves answer written as text', () => {
  for (const id of builtInVariantIds()) {
    it(`${id}: the same bytes as JSON.stringify of the view, over 60 random positions`, () => {
      const v = builtInVariant(id)!;
      let withCaptures = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const moves = movesOfPlayout(id, seed, seed * 3);
        const view = legalMoves(v, { moves });
        expect(view.ok).toBe(true);
        if (!view.ok) continue;
        if (view.value.moves.some((m) => m.captures.length > 0)) withCaptures++;
        const q = legalMovesQuery(v, { moves });
        if (!q.ok) throw new Error('query refused');
        const image = seed % 2 ? positionImages('https://tafl.example', id, view.value.position, { from: 'a1', to: 'a2' }) : undefined;
        const expected = JSON.stringify(image ? { ...view.value, image } : view.value);
        expect(legalMovesJson(q.value.state, undefined, view.value.position, image).toString()).toBe(expected);
        // From one square: the first piece that has a move, and a square that has none.
        const from = view.value.moves[0]?.from;
        for (const square of [from, 'a1']) {
          if (!square) continue;
          const one = legalMoves(v, { moves }, square);
          const qq = legalMovesQuery(v, { moves }, square);
          if (!one.ok || !qq.ok) throw new Error('from refused');
          expect(legalMovesJson(qq.value.state, qq.value.from, one.value.position).toString()).toBe(JSON.stringify(one.value));
        }
      }
      // The capture branch is exercised, not only the cached plain moves.
      expect(withCaptures).toBeGreaterThan(0);
    });
  }

  it('answers written one after another into slabs stay as written: answers longer than the rest of a slab, longer than a slab, non-ASCII links', () => {
    const answers: [string, string | undefined, string][] = [
      ['unst-alea-evangelii', undefined, ''],
      ['unst-alea-evangelii', undefined, ''],
      ['brandubh', undefined, ''],
      ['unst-alea-evangelii', 'https://täfl.example/ÿ', ''],
      ['tablut', 'https://täfl.example', ''],
      // A GraphQL envelope longer than a whole slab (64 KiB).
      ['brandubh', undefined, `{"data":{"x":"${'y'.repeat(70_000)}"},"legalMoves":`],
      ['copenhagen', undefined, ''],
    ];
    const written: { bytes: Buffer; expected: string }[] = [];
    for (let round = 0; round < 20; round++) {
      for (const [id, base, prefix] of answers) {
        const v = builtInVariant(id)!;
        const moves = movesOfPlayout(id, round + 1, round * 2);
        const view = legalMoves(v, { moves });
        const q = legalMovesQuery(v, { moves });
        if (!view.ok || !q.ok) throw new Error('refused');
        const image = base ? positionImages(base, id, view.value.position, null) : undefined;
        const bytes = legalMovesJson(q.value.state, undefined, view.value.position, image, undefined, prefix, prefix ? '}' : '');
        const expected = JSON.stringify(image ? { ...view.value, image } : view.value);
        written.push({ bytes, expected: prefix ? `${prefix}${expected}}` : expected });
      }
    }
    // Checked only once all were written: no later answer wrote over an earlier one.
    for (const { bytes, expected } of written) expect(bytes.toString()).toBe(expected);
    expect(Math.max(...written.map((w) => w.bytes.length))).toBeGreaterThan(1 << 16);
  });

  it('a finished game lists no moves', () => {
    const v = builtInVariant('brandubh')!;
    for (let seed = 1; seed <= 40; seed++) {
      const moves = movesOfPlayout('brandubh', seed, 10_000);
      const q = legalMovesQuery(v, { moves });
      const view = legalMoves(v, { moves });
      if (!q.ok || !view.ok) throw new Error('refused');
      expect(q.value.state.finished).toBe(true);
      expect(legalMovesJson(q.value.state, undefined, view.value.position).toString()).toBe(JSON.stringify(view.value));
      expect(view.value.count).toBe(0);
    }
  });
});
