/**
 * OTN-12, OpenTafl's extra pieces (docs/otn.md): commanders (`c`, `C`) and knights (`n`, `N`), the jumps
 * of the king (`kj`), knights (`nj`) and commanders (`cj`), and the strong king that only commanders and
 * knights take (king capture `commanders-2`). Each test builds its variant from an OpenTafl rules string
 * whose start (`starti:`, the top rank first) is the board drawn in the test, on Brandubh's 7×7 board
 * (throne d4, corners a1 a7 g1 g7, `+` in the drawings), and plays from that start. Every expectation was
 * also played on OpenTafl's engine (jslater89/OpenTafl, built locally) with the same string and moves:
 * "OpenTafl: same" quotes the notation OpenTafl writes (`^` a jump).
 */
import { describe, expect, it } from 'vitest';
import { CompiledVariant, evaluateOutcome } from '../../src/engine';
import type { ApplyMoveResult } from '../../src/engine';
import { starti } from '../helpers/diagram';
import { notationsAfter, otnVariant, playAfter } from '../helpers/otn-play';

/** The variant of the OpenTafl rules `keys` with the drawn board as its start. */
const variant = (keys: string, diagram: string): CompiledVariant => otnVariant(`dim:7 name:T ${keys} starti:${starti(diagram)}`);

/** The moves of the piece on `from` after `history`, by notation, sorted. */
const movesOf = (v: CompiledVariant, from: string, history: string[] = []) => notationsAfter(v, history, from);
const play = playAfter;

const outcome = (r: ApplyMoveResult) => `${r.outcome.status} ${r.outcome.winner} ${r.outcome.reason}`;

describe('OTN-12 the king jumps as kj says: n none, j jump, c jump and capture, r only from or onto a special square', () => {
  // The king on e3, an attacker on e4, e5 empty; the defenders move.
  const board = `
    7 + t . . . . +
    6 . . . . . . .
    5 . . . . . . .
    4 . . . + t . .
    3 . . . . K . .
    2 . . . . . . .
    1 + . . . . . +
      a b c d e f g
  `;
  const kingMoves = ['e3-a3', 'e3-b3', 'e3-c3', 'e3-d3', 'e3-e1', 'e3-e2', 'e3-f3', 'e3-g3'];

  it('OTN-12 kj:n (the default) and kj:r off special squares: no jump over e4', () => {
    // OpenTafl: same (8 king moves, no jump, for kj:n and kj:r).
    expect(movesOf(variant('atkf:n kj:n', board), 'e3')).toEqual(kingMoves);
    expect(movesOf(variant('atkf:n kj:r', board), 'e3')).toEqual(kingMoves);
  });

  it('OTN-12 kj:j the king jumps e3-e5 over the attacker on e4, which stays on the board', () => {
    const v = variant('atkf:n kj:j', board);
    expect(movesOf(v, 'e3')).toEqual([...kingMoves, 'e3-e5'].sort());
    // OpenTafl: same, Ke3^e5 with no capture.
    const r = play(v, 'e3-e5');
    expect(r.move.captures).toEqual([]);
    expect(r.position).toBe('1t5/7/4K2/4t2/7/7/7 a');
  });

  it('OTN-12 kj:c the king jumps e3-e5 and captures the attacker on e4: K e3^e5 x e4', () => {
    const v = variant('atkf:n kj:c', board);
    // OpenTafl: same, Ke3^e5xe4.
    const r = play(v, 'e3-e5');
    expect(r.move.notation).toBe('e3-e5xe4');
    expect(r.move.captures).toEqual(['e4']);
    expect(r.position).toBe('1t5/7/4K2/7/7/7/7 a');
  });
});

describe('OTN-12 a jump off the throne: the jumped attacker is caught between the king and the empty, hostile throne', () => {
  // The king on the throne d4, an attacker on d3, d2 empty.
  const board = `
    7 + t . . . . +
    6 . . . . . . .
    5 . . . . . . .
    4 . . . K . . .
    3 . . . t . . .
    2 . . . . . . .
    1 + . . . . . +
      a b c d e f g
  `;
  it.each(['r', 'j', 'c'])('OTN-12 kj:%s K d4^d2 takes d3 (OpenTafl record Kf6^h6xg6 on 11×11)', (kj) => {
    // OpenTafl: same for kj:r, kj:j and kj:c, Kd4^d2xd3.
    const r = play(variant(`atkf:n kj:${kj}`, board), 'd4-d2');
    expect(r.move.notation).toBe('d4-d2xd3');
    expect(r.move.captures).toEqual(['d3']);
    expect(r.position).toBe('1t5/7/7/7/7/3K3/7 a');
  });
});

describe('OTN-12 kj:r the king may land on a special square: onto a corner he escapes, onto the throne he captures nothing', () => {
  it('OTN-12 kj:r K a3^a1 over the attacker on a2 lands on the corner and wins', () => {
    const v = variant(
      'atkf:n kj:r',
      `
        7 + t . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 K . . . . . .
        2 t . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
    );
    expect(movesOf(v, 'a3')).toEqual(['a3-a1', 'a3-a4', 'a3-a5', 'a3-a6', 'a3-a7', 'a3-b3', 'a3-c3', 'a3-d3', 'a3-e3', 'a3-f3', 'a3-g3']);
    // OpenTafl: same 11 moves (a3-a7 reaches the other corner), Ka3^a1 and defender_win.
    const r = play(v, 'a3-a1');
    expect(r.move.captures).toEqual([]);
    expect(outcome(r)).toBe('finished defenders king_escaped');
  });

  it('OTN-12 kj:r K d6^d4 onto the throne; the jumped d5 is not taken (the start square d6 is no special square)', () => {
    const v = variant(
      'atkf:n kj:r',
      `
        7 + t . . . . +
        6 . . . K . . .
        5 . . . t . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . T +
          a b c d e f g
      `,
    );
    // OpenTafl: same, Kd6^d4 with no capture.
    const r = play(v, 'd6-d4');
    expect(r.move.captures).toEqual([]);
    expect(r.position).toBe('1t5/7/3t3/3K3/7/7/5T1 a');
  });
});

describe('OTN-12 knights jump as nj says (default c), never onto a square they may not stop on', () => {
  // Knight c3 beside the attacker d3 (e3 empty); knight d6 above the attacker d5, the throne d4 beyond.
  const board = `
    7 + . . . . . +
    6 . . . N . . .
    5 t . . t . . .
    4 . . . + . . .
    3 . . N t . . .
    2 . . . . . . .
    1 + . . . . K +
      a b c d e f g
  `;
  const plain = ['c3-a3', 'c3-b3', 'c3-c1', 'c3-c2', 'c3-c4', 'c3-c5', 'c3-c6', 'c3-c7'];

  it('OTN-12 nj:c (default) a capturing knight jump takes the jumped soldier: N c3^e3 x d3', () => {
    const v = variant('atkf:n', board);
    expect(movesOf(v, 'c3')).toEqual([...plain, 'c3-e3xd3'].sort());
    // OpenTafl: same, Nc3^e3xd3.
    const r = play(v, 'c3-e3');
    expect(r.move.captures).toEqual(['d3']);
  });

  it('OTN-12 nj:j the knight jumps c3^e3 without capturing; nj:n and nj:r (no special square) it does not jump', () => {
    expect(movesOf(variant('atkf:n nj:j', board), 'c3')).toEqual([...plain, 'c3-e3'].sort());
    expect(play(variant('atkf:n nj:j', board), 'c3-e3').move.captures).toEqual([]);
    expect(movesOf(variant('atkf:n nj:n', board), 'c3')).toEqual(plain);
    expect(movesOf(variant('atkf:n nj:r', board), 'c3')).toEqual(plain);
    // OpenTafl: same for all four.
  });

  it('OTN-12 the knight on d6 never jumps d5 onto the throne d4, where it may not stop', () => {
    for (const nj of ['n', 'j', 'c', 'r'])
      expect(movesOf(variant(`atkf:n nj:${nj}`, board), 'd6')).toEqual(['d6-a6', 'd6-b6', 'd6-c6', 'd6-d7', 'd6-e6', 'd6-f6', 'd6-g6']);
    // OpenTafl: same.
  });
});

describe('OTN-12 no piece jumps a king, a knight or a commander, and a jump needs an empty square beyond', () => {
  it('OTN-12 knight c3: over soldier c4 to c5 (N c3^c5 x c4); not over knight b3, commander d3, or soldier c2 onto occupied c1', () => {
    const v = variant(
      'atkf:n',
      `
        7 + . . . . . +
        6 . . . . . K .
        5 . . . . . . .
        4 . . t + . . .
        3 . n N c . . .
        2 . . t . . . .
        1 + . t . . . +
          a b c d e f g
      `,
    );
    // OpenTafl: same, Nc3^c5xc4 is the knight's only move.
    expect(movesOf(v, 'c3')).toEqual(['c3-c5xc4']);
  });

  it('OTN-12 commander c3 (cj:j, the default) jumps c4 to c5 capturing nothing, not the king b3 nor the knight d3; the king (kj:c) does not jump the commander', () => {
    const board = `
      7 + t . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . T + . . .
      3 . K c N . . .
      2 . . . . . . .
      1 + . . . . . +
        a b c d e f g
    `;
    const attackersFirst = variant('atkf:y kj:c', board);
    // OpenTafl: same, cc3^c5 with no capture, and c3-c1, c3-c2.
    expect(movesOf(attackersFirst, 'c3')).toEqual(['c3-c1', 'c3-c2', 'c3-c5']);
    expect(play(attackersFirst, 'c3-c5').move.captures).toEqual([]);
    // OpenTafl: same, no king jump over c3 (the king's moves are b3-a3 and along the b-file).
    expect(movesOf(variant('atkf:n kj:c', board), 'b3')).toEqual(['b3-a3', 'b3-b1', 'b3-b2', 'b3-b4', 'b3-b5', 'b3-b6']);
  });

  it('OTN-12 the attacker knight e6 (nj:c) does not jump the king e5', () => {
    const v = variant(
      'atkf:y',
      `
        7 + . . . . . +
        6 . . . . n . .
        5 . . . . K . .
        4 . . . + N . .
        3 . . . . . . .
        2 . . . . . . T
        1 + . . . t . +
          a b c d e f g
      `,
    );
    // OpenTafl: same.
    expect(movesOf(v, 'e6')).toEqual(['e6-a6', 'e6-b6', 'e6-c6', 'e6-d6', 'e6-e7', 'e6-f6', 'e6-g6']);
  });
});

describe('OTN-12 commanders-2: with commanders or knights in the attackers, the strong king falls only to two of them, or one and a corner', () => {
  /** The king e5 between e6 and the square e4 the piece from e1 moves to (`top`, `bottom`: their letters). */
  const column = (top: string, bottom: string, row4 = '. . . + . . .') =>
    variant(
      'atkf:y',
      `
        7 + . . . . . +
        6 . . . . ${top} . .
        5 . . . . K . .
        4 ${row4}
        3 . . . . . . .
        2 . . . . . . T
        1 + . . . ${bottom} . +
          a b c d e f g
      `,
    );

  it('OTN-12 the string reads as commanders-2 (ks:s default, commanders in the start)', () => {
    expect(column('c', 'c').rules.king?.capture).toBe('commanders-2');
  });

  it('OTN-12 c e1-e4 with a commander on e6, or with a knight on e6, captures the king', () => {
    // OpenTafl: same, attacker_win both.
    expect(outcome(play(column('c', 'c'), 'e1-e4'))).toBe('finished attackers king_captured');
    expect(outcome(play(column('n', 'c'), 'e1-e4'))).toBe('finished attackers king_captured');
  });

  it('OTN-12 one commander and a plain attacker do not capture the king: c e1-e4 against t e6, t e1-e4 against c e6', () => {
    // OpenTafl: same, ongoing both.
    expect(outcome(play(column('t', 'c'), 'e1-e4'))).toBe('ongoing null null');
    expect(outcome(play(column('c', 't'), 'e1-e4'))).toBe('ongoing null null');
  });

  it('OTN-12 four plain attackers around the king do not capture him (a commander elsewhere, on b7)', () => {
    const v = variant(
      'atkf:y',
      `
        7 + c . . . . +
        6 . . . . t . .
        5 . . . t K t .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . T
        1 + . . . t . +
          a b c d e f g
      `,
    );
    // OpenTafl: same, ongoing.
    const r = play(v, 'e1-e4');
    expect(r.position).toBe('1c5/4t2/3tKt1/4t2/7/6T/7 d');
    expect(outcome(r)).toBe('ongoing null null');
  });

  it("OTN-12 OpenTafl's quirk: c e1-e4 also captures f4 (against g4), so the plain attacker on e6 suffices and the king falls", () => {
    // OpenTafl: same, attacker_win; without the capture of f4 (no g4) the game goes on.
    const r = play(column('t', 'c', '. . . + . T t'), 'e1-e4');
    // OpenTafl writes ce1-e4xf4/Ke5.
    expect(r.move.captures).toEqual(expect.arrayContaining(['f4']));
    expect(outcome(r)).toBe('finished attackers king_captured');
    expect(outcome(play(column('t', 'c', '. . . + . T .'), 'e1-e4'))).toBe('ongoing null null');
  });

  it('OTN-12 a commander and the hostile corner a1 capture the king on b1 (c c5-c1); a plain attacker does not', () => {
    const beside = (piece: string) =>
      variant(
        'atkf:y',
        `
          7 + t . . . c +
          6 . . . . . . .
          5 . . ${piece} . . . .
          4 . . . + . . .
          3 . . . . . . .
          2 . . . . . . T
          1 + K . . . . +
            a b c d e f g
        `,
      );
    // OpenTafl: same, attacker_win with the commander, ongoing with the plain attacker.
    expect(outcome(play(beside('c'), 'c5-c1'))).toBe('finished attackers king_captured');
    expect(outcome(play(beside('t'), 'c5-c1'))).toBe('ongoing null null');
  });

  it('OTN-12 never against the throne nor on it: the king d5 between c d6 and the empty throne, or on the throne between c4 and e4, stands', () => {
    const against = variant(
      'atkf:y',
      `
        7 + . . c . . +
        6 . . . . . . .
        5 . . c K . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . T
        1 + . . . c . +
          a b c d e f g
      `,
    );
    // OpenTafl: same; d7-d6 leaves him (throne d4 beyond), e1-e5 takes him between c5 and e5.
    expect(outcome(play(against, 'd7-d6'))).toBe('ongoing null null');
    expect(outcome(play(against, 'e1-e5'))).toBe('finished attackers king_captured');
    const onThrone = variant(
      'atkf:y',
      `
        7 + . . c . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . c K . . .
        3 . . . . . . .
        2 . . . . . . T
        1 + . . . c . +
          a b c d e f g
      `,
    );
    // OpenTafl: same, ongoing.
    const r = play(onThrone, 'e1-e4');
    expect(outcome(r)).toBe('ongoing null null');
    const after = evaluateOutcome(onThrone, { moves: ['e1-e4'] });
    expect(after.ok && after.value.position).toBe('3c3/7/7/2cKc2/7/6T/7 d');
  });
});

describe('OTN-12 commanders and knights count as attackers around the throne in a Linnaean capture (linc:y)', () => {
  // The king on the throne d4, attackers on c4 and e4 and a commander on d5: a2-d2 takes d3 against the throne.
  const board = `
    7 + . . . . . +
    6 . . . . . . .
    5 . . . c . . .
    4 . . t K t . .
    3 . . . T . . .
    2 t . . . . . .
    1 + . . . . . +
      a b c d e f g
  `;

  it('OTN-12 UNST-5 a2-d2 takes d3 with a commander as one of the three: a2-d2xd3', () => {
    // OpenTafl: same (a2-d2 captures d3).
    expect(play(variant('atkf:y linc:y', board), 'a2-d2').move.notation).toBe('a2-d2xd3');
  });
});
