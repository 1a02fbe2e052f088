/**
 * OTN-13, OpenTafl's berserk (`ber:c`, `ber:m`, docs/otn.md), and the built-in `opentafl-berserk`
 * (rules.md 5.5, OTN-12 and OTN-13). After a move that captured, the same piece moves again: with `ber:c`
 * while it has a capturing move, with `ber:m` while it has any move; meanwhile only it may move, and any
 * of its moves is legal. Each test builds its variant from an OpenTafl rules string whose start
 * (`starti:`, the top rank first) is the board drawn in the test, and plays from that start. Every
 * expectation was also played on OpenTafl's engine (jslater89/OpenTafl, built locally) with the same
 * string and moves: "OpenTafl: same" (OpenTafl writes a berserker's further move with `=`, as b3=c3xc2).
 */
import { describe, expect, it } from 'vitest';
import { CompiledVariant, applyMove } from '../../src/engine';
import { perft } from '../../src/engine/perft';
import { Position } from '../../src/engine/position';
import { starti } from '../helpers/diagram';
import { evaluateAfter, notationsAfter, otnVariant, playAfter } from '../helpers/otn-play';
import { builtInVariant } from '../../src/variants';
import { opentaflBerserk } from '../../src/variants/opentafl-berserk';

const compiled = otnVariant;
/** The variant of the OpenTafl rules `keys` with the drawn board as its start. */
const variant = (keys: string, diagram: string) => compiled(`${keys} starti:${starti(diagram)}`);
const movesOf = notationsAfter;
const play = playAfter;
const evaluate = evaluateAfter;

/** The reason `move` is refused after `history`. */
function refusal(v: CompiledVariant, move: string, history: string[]): string {
  const r = applyMove(v, { moves: history }, move);
  if (r.ok) throw new Error(`${move} was played as ${r.value.move.notation}`);
  return r.error.kind === 'illegal-move' ? r.error.illegal.reason : JSON.stringify(r.error);
}

// e3-b3 takes b4 against b5; the berserker on b3 can then take c2 against c1 (b3-c3).
const CHAIN = `
  7 + . . . . . +
  6 . . . . . K .
  5 . t . . . . t
  4 . T . + . . .
  3 . . . . t . .
  2 . . T . . . .
  1 + . t . . . +
    a b c d e f g
`;

describe('OTN-13 ber:c the capturing piece moves again while it has a capturing move', () => {
  const v = variant('dim:7 name:T atkf:y ber:c', CHAIN);

  it('OTN-13 R-2 after e3-b3 x b4 the attackers move again, only with the piece on b3, any of its 9 moves (another piece: NOT_YOUR_PIECE)', () => {
    // OpenTafl: same, sideToMove attackers, berserker b3, 9 moves, b3=c3xc2 the capturing one.
    const r = play(v, 'e3-b3');
    expect(r.move.captures).toEqual(['b4']);
    expect(r.sideToMove).toBe('attackers');
    expect(movesOf(v, ['e3-b3'])).toEqual(['b3-a3', 'b3-b1', 'b3-b2', 'b3-b4', 'b3-c3xc2', 'b3-d3', 'b3-e3', 'b3-f3', 'b3-g3'].sort());
    // OpenTafl: same, "The berserking taflman must make a berserk move".
    expect(refusal(v, 'g5-g4', ['e3-b3'])).toBe('NOT_YOUR_PIECE');
  });

  it('OTN-13 a berserker move that captures nothing (b3-b2) passes the turn to the defenders', () => {
    // OpenTafl: same, defenders to move, 21 moves.
    const r = play(v, 'b3-b2', ['e3-b3']);
    expect(r.move.captures).toEqual([]);
    expect(r.sideToMove).toBe('defenders');
    expect(r.position).toBe('7/5K1/1t4t/7/7/1tT4/2t4 d');
    expect(movesOf(v, ['e3-b3', 'b3-b2'])).toHaveLength(21);
  });

  it('OTN-13 b3-c3 x c2 captures again but leaves c3 no capturing move: the turn passes', () => {
    // OpenTafl: same, defenders to move, no berserker.
    const r = play(v, 'b3-c3', ['e3-b3']);
    expect(r.move.captures).toEqual(['c2']);
    expect(r.sideToMove).toBe('defenders');
  });
});

describe('OTN-13 ber:m the capturing piece moves again while it has any move', () => {
  const v = variant('dim:7 name:T atkf:y ber:m', CHAIN);

  it('OTN-13 ber:m after e3-b3 x b4 and b3-c3 x c2 the piece on c3 moves again (11 moves); a move that captures nothing passes the turn', () => {
    // OpenTafl: same, berserker c3 with 11 moves after the second capture (ber:c passed the turn there).
    expect(play(v, 'b3-c3', ['e3-b3']).sideToMove).toBe('attackers');
    expect(movesOf(v, ['e3-b3', 'b3-c3'])).toHaveLength(11);
    expect(movesOf(v, ['e3-b3', 'b3-c3']).every((m) => m.startsWith('c3-'))).toBe(true);
    // OpenTafl: same, b3-b2 after the first capture gives the defenders the move.
    expect(play(v, 'b3-b2', ['e3-b3']).sideToMove).toBe('defenders');
  });

  it('OTN-13 a side left with no piece loses at once, though the berserker could move on (ber:m; ber:c alike)', () => {
    const board = `
      7 + . . . . K +
      6 . . . . . . T
      5 . t t . . . .
      4 . T T + . . .
      3 . . . . . . .
      2 . . . . . . .
      1 + . . . . . +
        a b c d e f g
    `;
    for (const ber of ['m', 'c']) {
      const v2 = variant(`dim:7 name:T atkf:n ber:${ber}`, board);
      // OpenTafl: same, g6-b6 takes b5, the berserker b6 goes on with b6=c6xc5, the last attacker: defender_win.
      expect(play(v2, 'g6-b6').sideToMove).toBe('defenders');
      const r = play(v2, 'b6-c6', ['g6-b6']);
      expect(r.move.captures).toEqual(['c5']);
      expect([r.outcome.status, r.outcome.winner]).toEqual(['finished', 'defenders']);
    }
  });
});

describe('opentafl-berserk: the built-in, OTN-12 and OTN-13 on 11×11', () => {
  const v = builtInVariant('opentafl-berserk')!;
  // The string OpenTafl was given for every count below (the built-in's otnSource).
  const otn =
    'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/';

  it('OTN-13 opentafl-berserk: the start is the string’s, the defenders move first, with 60 moves (OpenTafl: same)', () => {
    const e = evaluate(v, []);
    // prettier-ignore
    const start = `
      11 + . . t t t t t . . +
      10 . . . . . c . . . . .
       9 . . . . . . . . . . .
       8 t . . . . T . . . . t
       7 t . . . T T T . . . t
       6 t c . T T K T T . c t
       5 t . . . N T T . . . t
       4 t . . . . T . . . . t
       3 . . . . . . . . . . .
       2 . . . . . c . . . . .
       1 + . . t t t t t . . +
         a b c d e f g h i j k
    `;
    expect(`/${e.position.split(' ')[0]}/`).toBe(starti(start));
    expect(opentaflBerserk.meta.otnSource).toBe(otn);
    expect(e.sideToMove).toBe('defenders');
    expect(movesOf(v, [])).toHaveLength(60);
    expect(movesOf(compiled(otn), [])).toEqual(movesOf(v, []));
  });

  it('OTN-13 opentafl-berserk: perft 60, 6910, 440948 at depths 1 to 3, as OpenTafl counts for its string', () => {
    expect([1, 2, 3].map((d) => perft(Position.start(v), d))).toEqual([60, 6910, 440948]);
  });

  it('OTN-12 opentafl-berserk (kj:r): K f6^h6 x g6, the OpenTafl record: off the empty, hostile throne the king takes g6', () => {
    const keys = otn.replace(/ start:\S+/, '');
    const w = variant(
      keys,
      `
        11 + . . . . . . . . . +
        10 . . . . . c . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . K t . . . .
         5 . . . . . . . . . . .
         4 . . . . . . . . . . .
         3 . . . . . . . . . . .
         2 . t . . . . . . . T .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
      `,
    );
    // OpenTafl: same, Kf6^h6xg6 among 32 moves; then the attackers move (the king has no further capture).
    expect(movesOf(w, [])).toHaveLength(32);
    const r = play(w, 'f6-h6');
    expect(r.move.captures).toEqual(['g6']);
    expect(r.sideToMove).toBe('attackers');
  });
});
