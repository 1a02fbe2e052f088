/**
 * OTN-12, OpenTafl's mercenaries (`m`, `M`: change sides when captured, jump as `mj` says) and guards
 * (`g`, `G`: never capture, are taken only by a capturing jump, and make no square hostile while they
 * stand on it), and their own entries in the special squares' piece sets. Each test builds its variant
 * from an OpenTafl rules string whose start (`starti:`, the top rank first) is the board drawn in the
 * test, on Brandubh's 7×7 board (throne d4, corners a1 a7 g1 g7, `+` in the drawings). Every expectation
 * was also played on OpenTafl's engine (jslater89/OpenTafl, built locally) with the same string and
 * moves: "OpenTafl:" quotes the record it writes (`^` a jump; it writes no letter for a guard).
 */
import { describe, expect, it } from 'vitest';
import { CompiledVariant } from '../../src/engine';
import { starti } from '../helpers/diagram';
import { notationsAfter, otnVariant, playAfter } from '../helpers/otn-play';

const variant = (keys: string, diagram: string): CompiledVariant => otnVariant(`dim:7 name:T ${keys} starti:${starti(diagram)}`);

describe('OTN-12 a captured mercenary changes sides where it stands', () => {
  const board = `
    7 + t . . . . +
    6 . . . . . . .
    5 . . . . . . .
    4 . . . + . . .
    3 . . T m . . .
    2 . . . . . . .
    1 + . . . T K +
      a b c d e f g
  `;

  it('OTN-12 (CORE-4) e1-e3 takes the attacker mercenary on d3, which stays as a defender mercenary and moves for the defenders', () => {
    const v = variant('atkf:n', board);
    // OpenTafl: e1-e3xmd3, then an M on d3 with the moves d1 d2 d5 d6 d7.
    const r = playAfter(v, 'e1-e3');
    expect(r.move.captures).toEqual(['d3']);
    expect(r.position).toBe('1t5/7/7/7/2TMT2/7/5K1 a');
    expect(notationsAfter(v, ['e1-e3'])).not.toContain('d3-d2');
    expect(notationsAfter(v, ['e1-e3', 'b7-b6'], 'd3')).toEqual(['d3-d1', 'd3-d2', 'd3-d5', 'd3-d6', 'd3-d7']);
  });

  it('OTN-12 mj:c a mercenary jumps and takes an enemy mercenary, which joins its side on the jumped square', () => {
    const jumpBoard = `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . m M . . . .
      1 + . . . . K +
        a b c d e f g
    `;
    // OpenTafl: mb2^d2xMc2, leaving attacker mercenaries on c2 and d2.
    const r = playAfter(variant('atkf:y mj:c', jumpBoard), 'b2-d2');
    expect(r.move.captures).toEqual(['c2']);
    expect(r.position).toBe('7/7/7/7/7/2mm3/5K1 d');
    // OpenTafl: with mj:n (the default) the mercenary on b2 has no jump: a2 b1 b3..b7.
    expect(notationsAfter(variant('atkf:y', jumpBoard), [], 'b2')).toEqual(['b2-a2', 'b2-b1', 'b2-b3', 'b2-b4', 'b2-b5', 'b2-b6', 'b2-b7']);
  });
});

describe('OTN-12 the special squares name mercenaries and guards apart: by default mercenaries pass the throne, guards do not', () => {
  const board = `
    7 + . . . . . +
    6 . . . . . . .
    5 . . . . . . .
    4 . M . + . g .
    3 . . . . . . .
    2 . . . . . . .
    1 + t . . . K +
      a b c d e f g
  `;

  it('OTN-12 cenp and cenre at their defaults (tcnkmTCNKM): M b4-e4 passes the empty throne; the guard on f4 stops short of it', () => {
    const v = variant('atkf:n', board);
    // OpenTafl: Mb4 a4 b2 b3 b5 b6 b7 c4 e4; then f4 e4 f2 f3 f5 f6 f7 g4.
    expect(notationsAfter(v, [], 'b4')).toEqual(['b4-a4', 'b4-b2', 'b4-b3', 'b4-b5', 'b4-b6', 'b4-b7', 'b4-c4', 'b4-e4']);
    expect(notationsAfter(v, ['b4-b5'], 'f4')).toEqual(['f4-e4', 'f4-f2', 'f4-f3', 'f4-f5', 'f4-f6', 'f4-f7', 'f4-g4']);
  });

  it('OTN-12 a guard passes the throne only where both cenp and cenre name it', () => {
    const beyond = ['f4-a4', 'f4-b4', 'f4-c4'];
    // OpenTafl: with cenp naming g but cenre at its default, the same seven moves; with both, a4 b4 c4 too.
    expect(notationsAfter(variant('atkf:n cenp:tcnkmgTCNKMG', board), ['b4-b5'], 'f4')).not.toContain('f4-c4');
    const both = notationsAfter(variant('atkf:n cenp:tcnkmgTCNKMG cenre:tcnkmgTCNKMG', board), ['b4-b5'], 'f4');
    expect(both).toEqual(expect.arrayContaining(beyond));
    expect(both).toHaveLength(10);
  });
});

describe('OTN-12 a guard neither captures nor is captured but by a capturing jump', () => {
  const board = `
    7 + . . . . . +
    6 . . T . . . .
    5 . . t . . . .
    4 . . . + . . .
    3 . t G . . . t
    2 . . . . . . .
    1 + . . . . K +
      a b c d e f g
  `;

  it('OTN-12 (CORE-4) G c3-c4 closes the attacker on c5 against the defender on c6 and takes nothing', () => {
    // OpenTafl: c3-c4, no capture.
    expect(playAfter(variant('atkf:n', board), 'c3-c4').move.captures).toEqual([]);
  });

  it('OTN-12 (CORE-4) g3-d3 closes the guard on c3 between two attackers and takes nothing', () => {
    // OpenTafl: g3-d3, no capture.
    expect(playAfter(variant('atkf:y', board), 'g3-d3').move.captures).toEqual([]);
  });

  it('OTN-12 a knight jumping with nj:c (the default) takes the guard it jumps; with nj:j it does not', () => {
    const jump = `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . . + . . .
      3 n G . . . . .
      2 . . . . . . .
      1 + . . . . K +
        a b c d e f g
    `;
    // OpenTafl: na3^c3xb3; with nj:j, na3-c3 and the guard stays.
    expect(playAfter(variant('atkf:y', jump), 'a3-c3').move.captures).toEqual(['b3']);
    expect(playAfter(variant('atkf:y nj:j', jump), 'a3-c3').move.captures).toEqual([]);
  });
});

describe('OTN-12 no square is hostile while an enemy guard stands on it', () => {
  it('OTN-12 (R-4) t c2-c4 closes the defender on c5 against the attacker guard on c6: no capture', () => {
    const board = `
      7 + . . . . . +
      6 . . g . . . .
      5 . . T . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . . t . . . .
      1 + . . . . K +
        a b c d e f g
    `;
    // OpenTafl: c2-c4, no capture.
    expect(playAfter(variant('atkf:y', board), 'c2-c4').move.captures).toEqual([]);
  });

  it('OTN-12 (R-4) a weak king beside an attacker guard is not taken; beside an attacker he is', () => {
    const board = (above: string) => `
      7 + . . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . . + . . .
      3 . . . . ${above} . .
      2 . . . . K . .
      1 + t . . . . +
        a b c d e f g
    `;
    // OpenTafl: b1-e1, no capture; with a t on e3, b1-e1xKe2 and the attackers win.
    expect(playAfter(variant('atkf:y ks:w', board('g')), 'b1-e1').move.captures).toEqual([]);
    const r = playAfter(variant('atkf:y ks:w', board('t')), 'b1-e1');
    expect(r.move.captures).toEqual(['e2']);
    expect(r.outcome.winner).toBe('attackers');
  });

  it('OTN-12 (R-4) a corner holding a defender guard is no anvil against an attacker; empty, it is', () => {
    const board = `
      7 + t . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 G . . . . . .
      1 + t . T . K +
        a b c d e f g
    `;
    // The sets let the guard enter and stand on a corner (corre counts where cenre is given).
    const v = variant('atkf:n corp:KG cors:KG cenre:tcnkmTCNKMG corre:KG', board);
    // OpenTafl: a2-a1, b7-b6, d1-c1 takes nothing; with the guard gone to a3 instead, d1-c1xb1.
    expect(playAfter(v, 'd1-c1', ['a2-a1', 'b7-b6']).move.captures).toEqual([]);
    expect(playAfter(v, 'd1-c1', ['a2-a3', 'b7-b6']).move.captures).toEqual(['b1']);
  });
});

describe('OTN-12 a guard in a shieldwall row stays, and fronts or closes one as a standing piece', () => {
  const board = (middle: string) => `
    7 + . . . . . +
    6 . . . . . . .
    5 t . . K . . .
    4 . . . + . . .
    3 . . . . . T .
    2 . . T T T . .
    1 + T t ${middle} t . +
      a b c d e f g
  `;

  it('OTN-12 (CORE-7, R-9) sw:w: f4-f1 closes the row c1 d1 e1: the attackers on c1 and e1 fall, the guard on d1 stays', () => {
    const moves = ['f3-f4', 'a5-a6'];
    // OpenTafl: f4-f1xc1/e1 (its strict shieldwall needs a piece that has moved before: see docs/otn.md class 6).
    const r = playAfter(variant('atkf:n sw:w', board('g')), 'f4-f1', moves);
    expect([...r.move.captures].sort()).toEqual(['c1', 'e1']);
    expect(playAfter(variant('atkf:n sw:w', board('t')), 'f4-f1', moves).move.captures).toHaveLength(3);
  });
});
