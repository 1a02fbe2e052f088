/**
 * isEncircled searches from the defenders outwards (rules.md CORE-10 / R-11). It must say what the
 * rule's own wording says, checked here literally: flood from the edge inwards through squares without
 * attackers, and the defenders are encircled when the flood meets none of them. Compared on random
 * boards of every built-in board size, dense enough with attackers that rings, pockets and several
 * enclosed groups are common, and on positions of random games. The boards follow one another, so the
 * path to the edge kept from the last search (the witness) is checked on boards it no longer fits.
 */
import { isEncircled } from '../../src/engine/outcome';
import { Position } from '../../src/engine/position';
import { ATTACKER, DEFENDER, EMPTY, KING, OFF } from '../../src/engine/pieces';
import { randomPlayout, seededRandom } from '../../src/engine/random-playout';
import { builtInVariantIds, builtInVariant } from '../../src/variants';

/** The rule as worded: squares reached from the edge through squares without attackers; any defender reached? */
function encircledByWording(pos: Position): boolean {
  const { v, board } = pos;
  const seen = new Set<number>();
  const queue = [...v.edgeCells].filter((c) => board[c] !== ATTACKER);
  queue.forEach((c) => seen.add(c));
  while (queue.length) {
    const c = queue.shift()!;
    if (board[c] !== EMPTY) return false;
    for (const d of v.geo.dirs) {
      const n = c + d;
      if (board[n] === OFF || board[n] === ATTACKER || seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return true;
}

const variants = builtInVariantIds().map((id) => builtInVariant(id)!);

describe('CORE-10 encirclement: the search from the defenders answers what the rule says', () => {
  it('on 4,000 random boards, with and without encircled defenders', () => {
    const random = seededRandom(10);
    let encircled = 0;
    let free = 0;
    for (let i = 0; i < 4000; i++) {
      const v = variants[i % variants.length];
      const board = Uint8Array.from(v.startBoard);
      const attackerShare = 30 + (random() % 50); // percent of squares
      const defenderShare = 1 + (random() % 8);
      let king = false;
      for (const c of v.geo.squares) {
        const roll = random() % 100;
        board[c] =
          roll < attackerShare ? ATTACKER : roll < attackerShare + defenderShare ? (king ? DEFENDER : ((king = true), KING)) : EMPTY;
      }
      const pos = new Position(v, board, 0);
      const expected = encircledByWording(pos);
      expect(isEncircled(pos)).toBe(expected);
      if (expected) encircled++;
      else free++;
    }
    // Both answers are exercised many times, or the comparison proves little.
    expect(encircled).toBeGreaterThan(300);
    expect(free).toBeGreaterThan(500);
  });

  it('a drawn ring: the defenders inside one closed ring on 7×7 are encircled; one gap frees them', () => {
    const v = builtInVariant('brandubh')!;
    // . . . . . . .
    // . t t t t t .
    // . t . T . t .
    // . t T K . t .
    // . t . . . t .
    // . t t t t t .
    // . . . . . . .
    const rows = ['.......', '.ttttt.', '.t.T.t.', '.tTK.t.', '.t...t.', '.ttttt.', '.......'];
    const board = Uint8Array.from(v.startBoard);
    const code: Record<string, number> = { '.': EMPTY, t: ATTACKER, T: DEFENDER, K: KING };
    rows.forEach((row, r) => [...row].forEach((ch, f) => (board[(7 - r) * v.geo.stride + f + 1] = code[ch])));
    const ring = new Position(v, board, 0);
    expect(isEncircled(ring)).toBe(true);
    const gap = Uint8Array.from(board);
    gap[(7 - 1) * v.geo.stride + 3 + 1] = EMPTY; // d6: a hole in the top of the ring
    expect(isEncircled(new Position(v, gap, 0))).toBe(false);
  });

  it('on every position of 60 random games of each variant', () => {
    for (const v of variants) {
      const buf = new Int32Array(4 * v.geo.cells);
      for (let seed = 1; seed <= 60; seed++) {
        const pos = Position.start(v);
        randomPlayout(pos, seededRandom(seed), 120, buf, (p) => expect(isEncircled(p)).toBe(encircledByWording(p)));
      }
    }
  });
});
