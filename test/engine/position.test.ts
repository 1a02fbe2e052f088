import { cellOfName } from '../../src/engine/geometry';
import { generateMoves } from '../../src/engine/movegen';
import { PASS, Position } from '../../src/engine/position';
import { seededRandom } from '../../src/engine/random-playout';
import { builtInVariant, builtInVariantIds } from '../../src/variants';

/** Everything observable about a position, for comparing a made-and-unmade one with the original. */
function snapshot(p: Position) {
  const pieces = [0, 1].map((s) => Array.from(p.pieces[s].subarray(0, p.pieceCount[s])).sort((a, b) => a - b));
  return {
    board: Array.from(p.board),
    side: p.side,
    king: p.kingSq,
    hi: p.hashHi,
    lo: p.hashLo,
    pieces,
    ply: p.ply,
    berserker: p.berserker,
  };
}

describe('Position: make/unmake and the incremental Zobrist hash', () => {
  it.each(builtInVariantIds())('%s: the hash always equals a fresh computation, and unmake restores everything', (id) => {
    const v = builtInVariant(id)!;
    const random = seededRandom(99);
    const buf = new Int32Array(8 * v.geo.size * v.geo.size);
    const problems: string[] = [];
    for (let game = 0; game < 10 && problems.length === 0; game++) {
      const pos = Position.start(v);
      for (let ply = 0; ply < 150 && pos.kingSq >= 0 && problems.length === 0; ply++) {
        const n = generateMoves(pos, buf);
        const move = n === 0 ? PASS : buf[random() % n];
        const before = JSON.stringify(snapshot(pos));
        pos.make(move);
        const fresh = new Position(v, pos.board, pos.side, 0, pos.berserker);
        if (pos.hashHi !== fresh.hashHi || pos.hashLo !== fresh.hashLo) problems.push(`game ${game} ply ${ply}: hash drifted`);
        for (const s of [0, 1]) {
          for (let i = 0; i < pos.pieceCount[s]; i++) {
            if (pos.pieceIndex[pos.pieces[s][i]] !== i) problems.push(`game ${game} ply ${ply}: piece index broken`);
          }
        }
        pos.unmake();
        if (JSON.stringify(snapshot(pos)) !== before) problems.push(`game ${game} ply ${ply}: unmake did not restore the position`);
        pos.make(move);
      }
    }
    expect(problems).toEqual([]);
  });

  it('counts the occurrences of a position (CORE-8): back at the start after four moves is the second', () => {
    const v = builtInVariant('brandubh')!;
    const pos = Position.start(v);
    const m = (from: string, to: string) => (cellOfName(v.geo, from) << 10) | cellOfName(v.geo, to);
    expect(pos.occurrences()).toBe(1);
    for (const [a, b] of [
      ['a4', 'a5'],
      ['c4', 'c6'],
      ['a5', 'a4'],
      ['c6', 'c4'],
    ])
      pos.make(m(a, b));
    expect(pos.occurrences()).toBe(2);
    pos.make(m('a4', 'a5'));
    expect(pos.occurrences()).toBe(2);
  });
});
