/**
 * capturesOfMove (what a move would capture, read off the board without playing it; legal-move lists
 * use it for every move) must name exactly the cells make() captures, and leave the board as it was.
 * It answers "none" without looking further when no enemy stands beside the destination, which holds
 * for every capture except a shieldwall closed elsewhere (OpenTafl swf:n): checked over seeded random
 * positions of every built-in variant, and of Copenhagen with that shieldwall.
 */
import { describe, expect, it } from 'vitest';
import { capturesOfMove } from '../../src/engine/captures';
import { CompiledVariant, compileVariant } from '../../src/engine/compiled-variant';
import { generateMoves } from '../../src/engine/movegen';
import { Position, encodeMove, moveFrom, moveTo } from '../../src/engine/position';
import { positionFromTfen } from '../../src/engine/setup';
import { cellOfName } from '../../src/engine/geometry';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariant, builtInVariantIds } from '../../src/variants';

function variants(): [string, CompiledVariant][] {
  const out: [string, CompiledVariant][] = builtInVariantIds().map((id) => [id, builtInVariant(id)!]);
  const cph = builtInVariant('copenhagen')!;
  const anywhere = compileVariant('copenhagen-shieldwall-anywhere', {
    ...cph.rules,
    shieldwall: { cornersMayClose: true, moverMustClose: false },
  });
  out.push(['copenhagen, shieldwall closed anywhere', anywhere]);
  return out;
}

describe('capturesOfMove', () => {
  for (const [name, v] of variants()) {
    it(`${name}: the cells make() captures, for every legal move of 80 random positions`, () => {
      const buf = new Int32Array(4 * v.geo.size * v.geo.size);
      const moves = new Int32Array(4 * v.geo.size * v.geo.size);
      const out = new Int32Array(64);
      let captures = 0;
      const wrong: string[] = [];
      for (let seed = 1; seed <= 80; seed++) {
        const pos = Position.start(v);
        randomPlayout(pos, seededRandom(seed), seed * 2, buf, (p) => void generateMoves(p, buf));
        const n = generateMoves(pos, moves);
        const before = Buffer.from(pos.board);
        for (let i = 0; i < n; i++) {
          const m = moves[i];
          const c = capturesOfMove(v, pos.board, moveFrom(m), moveTo(m), out);
          if (!before.equals(pos.board)) wrong.push(`seed ${seed}, move ${m}: the board changed`);
          const seen = Array.from(out.subarray(0, c)).sort((a, b) => a - b);
          pos.make(m);
          const made = pos.capturedCells().sort((a, b) => a - b);
          if (seen.join() !== made.join()) wrong.push(`seed ${seed}, move ${m}: ${seen.join()} where make() took ${made.join()}`);
          captures += c;
          pos.unmake();
        }
      }
      expect(wrong).toEqual([]);
      expect(captures).toBeGreaterThan(0);
    });
  }

  it('CORE-7 with a shieldwall closed elsewhere (OpenTafl swf:n): a move beside no enemy still captures the row', () => {
    //  6  t . . . . K . . . . .      the attacker on a6 moves to a7, far from any defender;
    //  2  . . . t t . . . . . .      the defenders on d1 and e1 stand in a row closed by c1 and f1
    //  1  . . t T T t . . . . .      and fronted by d2 and e2: taken, when the wall needs no closing move
    //     a b c d e f g h i j k
    const v = variants().at(-1)![1];
    const pos = positionFromTfen(v, '11/11/11/11/11/t4K5/11/11/11/3tt6/2tTTt5 a');
    if (!pos.ok) throw new Error(JSON.stringify(pos.error));
    const p = pos.value;
    const from = cellOfName(v.geo, 'a6');
    const to = cellOfName(v.geo, 'a7');
    const out = new Int32Array(64);
    const n = capturesOfMove(v, p.board, from, to, out);
    const names = Array.from(out.subarray(0, n))
      .map((c) => v.names[c])
      .sort();
    expect(names).toEqual(['d1', 'e1']);
    p.make(encodeMove(from, to));
    expect(
      p
        .capturedCells()
        .map((c) => v.names[c])
        .sort(),
    ).toEqual(['d1', 'e1']);
  });
});
