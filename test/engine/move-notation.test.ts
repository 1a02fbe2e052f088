import { makeGeometry, squareName } from '../../src/engine/geometry';
import { parseAnyMoveText, parseMoveText, plainMove, richNotation } from '../../src/engine/move-notation';
import { seededRandom } from '../../src/engine/random-playout';
import { builtInVariant } from '../../src/variants';
import { moves, play } from '../helpers/rules';

const g11 = makeGeometry(11);

describe('move notation (api.md section 2)', () => {
  it('reads f4-f7, f4f7, upper case and pass', () => {
    const a = parseMoveText(g11, 'f4-f7');
    expect(a).toEqual(parseMoveText(g11, 'f4f7'));
    expect(a).toEqual(parseMoveText(g11, 'F4-F7'));
    expect(parseMoveText(g11, 'pass')).toEqual({ kind: 'pass' });
    expect(parseMoveText(g11, 'k11-k10').kind).toBe('move');
  });

  it('tells bad notation from squares that are not on the board', () => {
    expect(parseMoveText(g11, 'f4--f7').kind).toBe('bad-notation');
    expect(parseMoveText(g11, 'f4').kind).toBe('bad-notation');
    expect(parseMoveText(g11, 42).kind).toBe('bad-notation');
    expect(parseMoveText(g11, 'l1-l3').kind).toBe('bad-square');
    expect(parseMoveText(g11, 'a12-a3').kind).toBe('bad-square');
    expect(parseMoveText(g11, 'a0-a3').kind).toBe('bad-square');
  });

  it('reads the rich form: the claimed squares as written, or null without a claim', () => {
    const f4 = 4 * 13 + 6;
    expect(parseMoveText(g11, 'f4-f7')).toEqual({ kind: 'move', from: f4, to: f4 + 3 * 13, captures: null });
    expect(parseMoveText(g11, 'f4-f7xf8/e7/f8')).toEqual({
      kind: 'move',
      from: f4,
      to: f4 + 3 * 13,
      captures: [f4 + 4 * 13, f4 + 3 * 13 - 1, f4 + 4 * 13],
    });
    expect(parseMoveText(g11, 'F4F7XF8')).toEqual(parseMoveText(g11, 'f4-f7xf8'));
    for (const t of ['f4-f7x', 'f4-f7xf8/', 'f4-f7x/f8', 'f4-f7xf8xe7', 'z9-f7xf8/'])
      expect(parseMoveText(g11, t).kind).toBe('bad-notation');
    for (const t of ['f4-f7xz99', 'f4-f7xl1', 'f4-f7xf0', 'f4-f7xf12']) expect(parseMoveText(g11, t).kind).toBe('bad-square');
    expect(parseMoveText(g11, 'passxf8').kind).toBe('bad-notation');
  });

  it('writes captures after x, separated by /', () => {
    const v = builtInVariant('copenhagen')!;
    const f4 = 4 * 13 + 6; // padded cell of f4 on 11×11: (rank 3 + 1) * 13 + file 5 + 1
    expect(richNotation(v.geo, f4, f4 + 3 * 13, [])).toBe('f4-f7');
    expect(richNotation(v.geo, f4, f4 + 3 * 13, [f4 + 4 * 13, f4 + 3 * 13 - 1])).toBe('f4-f7xf8/e7');
    expect(richNotation(v.geo, null, null, [])).toBe('pass');
  });

  it('answers legal moves with from, to, rich notation and captures', () => {
    const r = moves('brandubh', undefined, 'd6');
    expect(r.sideToMove).toBe('attackers');
    expect(r.moves.map((m) => m.notation)).toEqual(['d6-a6', 'd6-b6', 'd6-c6', 'd6-e6', 'd6-f6', 'd6-g6']);
    expect(play('brandubh', undefined, 'D6-A6').move).toEqual({ from: 'd6', to: 'a6', notation: 'd6-a6', captures: [] });
  });
});

describe('plain moves read without the regular expression', () => {
  const alphabet = ['a', 'b', 'k', 'l', 's', 't', 'z', 'A', 'F', '0', '1', '2', '9', '-', 'x', '/', ' ', 'p'];
  const sizes = [7, 9, 11, 13, 19].map(makeGeometry);

  it('answer exactly what the full reading answers, on 50,000 generated texts', () => {
    const random = seededRandom(2);
    let read = 0;
    for (let i = 0; i < 50_000; i++) {
      const g = sizes[i % sizes.length];
      // Half the texts are near-plain: a square, a hyphen, a square, then perhaps one change.
      const sq = () => String.fromCharCode(97 + (random() % 22)) + String(random() % 22);
      let t =
        random() % 2 ? `${sq()}-${sq()}` : Array.from({ length: 1 + (random() % 8) }, () => alphabet[random() % alphabet.length]).join('');
      if (random() % 3 === 0) {
        const at = random() % (t.length + 1);
        t = t.slice(0, at) + alphabet[random() % alphabet.length] + t.slice(at + (random() % 2));
      }
      const fast = plainMove(g, t);
      if (fast === null) continue;
      read++;
      expect(fast).toEqual(parseAnyMoveText(g, t));
    }
    expect(read).toBeGreaterThan(2_000);
  });

  it('read every on-board pair of squares written f4-f7 on 7×7 and 11×11, and from every fifth square on 19×19', () => {
    for (const g of [makeGeometry(7), makeGeometry(11), makeGeometry(19)]) {
      for (const a of g.size === 19 ? g.squares.filter((_, i) => i % 5 === 0) : g.squares) {
        for (const b of g.squares) {
          const t = `${squareName(g, a)}-${squareName(g, b)}`;
          expect(plainMove(g, t)).toEqual({ kind: 'move', from: a, to: b, captures: null });
        }
      }
    }
  });
});
