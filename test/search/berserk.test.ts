/**
 * Turns that do not alternate (OpenTafl's berserk: after a capture the capturing piece moves again):
 * the search must score the second move from the same side's view instead of turning it round as the
 * opponent's reply. Brandubh with the engine's berserk, and a stand-in Position that keeps the turn
 * with the capturer after any capture, whichever piece moves next (no berserker bound).
 */
import { describe, expect, it } from 'vitest';
import { compileVariant } from '../../src/engine/compiled-variant';
import { GameState } from '../../src/engine/game-state';
import { Position } from '../../src/engine/position';
import { MATE, suggest } from '../../src/search';
import { moveName, positionAt, tfen, variant } from './helpers';

/** Brandubh where a capture that leaves the king on the board gives the capturer another move. */
class DoubleMovePosition extends Position {
  private readonly kept: boolean[] = [];

  override make(move: number): number {
    const caps = super.make(move);
    const keep = caps > 0 && this.kingSq >= 0;
    this.kept.push(keep);
    if (keep) this.turnBack();
    return caps;
  }

  override unmake(): void {
    if (this.kept.pop()) this.turnBack();
    super.unmake();
  }

  private turnBack(): void {
    this.side ^= 1;
    this.hashHi ^= this.v.sideHi;
    this.hashLo ^= this.v.sideLo;
    this.histHi[this.histLen - 1] = this.hashHi;
    this.histLo[this.histLen - 1] = this.hashLo;
  }
}

// a2-a4 takes b4 and opens the b-file; moving again, b2-b6 takes the king against d6.
const POSITION = tfen(
  `
  7 + . . . . . +
  6 . . K t . . .
  5 . . . . . . .
  4 . T t + . . .
  3 . . . . . . .
  2 t t . . . T .
  1 + . . . . . +
    a b c d e f g
  `,
  'a',
);

describe('search with turns that do not alternate', () => {
  const v = variant('brandubh');

  it.each([1, 3])('a capture then the king capture, by the same side, is a win in 2 (depth %i)', (maxDepth) => {
    const plain = positionAt('brandubh', POSITION);
    const pos = new DoubleMovePosition(v, plain.board, plain.side);
    const r = suggest(v, pos, { level: 10, budgetMs: 4000, maxDepth, seed: 1 });
    expect(r.lines[0].score).toBe(MATE - 2);
    expect(r.lines[0].moves.map((m) => moveName(v, m))).toEqual(['a2-a4', 'b2-b6']);
    expect(pos.side).toBe(plain.side);
    expect([pos.hashHi, pos.hashLo, pos.ply]).toEqual([plain.hashHi, plain.hashLo, 0]);
  });

  it('where turns alternate, the same position is no win in 2', () => {
    const r = suggest(v, positionAt('brandubh', POSITION), { level: 10, budgetMs: 4000, maxDepth: 3, seed: 1 });
    expect(r.lines[0].score).not.toBe(MATE - 2);
  });
});

// g5-b5 takes b4 against b3; the same piece, bound to move again, takes the king with b5-b6.
const BERSERK_POSITION = tfen(
  `
  7 + . . . . . +
  6 . . K t . . .
  5 . . . . . . t
  4 . T . + . . .
  3 . t . . . . .
  2 . . . . . T .
  1 + . . . . . +
    a b c d e f g
  `,
  'a',
);

describe('search under berserk', () => {
  const plain = variant('brandubh');
  const v = compileVariant('brandubh-berserk', { ...plain.rules, berserk: 'capture' });

  it.each([1, 3])('the berserker captures, then captures the king: a win in 2 (depth %i)', (maxDepth) => {
    const g = GameState.fromTfen(v, BERSERK_POSITION);
    if (!g.ok) throw new Error('bad position');
    const pos = g.value.pos;
    const r = suggest(v, pos, { level: 10, budgetMs: 4000, maxDepth, seed: 1 });
    expect(r.lines[0].score).toBe(MATE - 2);
    expect(r.lines[0].moves.map((m) => moveName(v, m))).toEqual(['g5-b5', 'b5-b6']);
    expect([pos.side, pos.berserker, pos.ply]).toEqual([0, -1, 0]);
  });

  it('without berserk, the same position is no win in 2', () => {
    const r = suggest(plain, positionAt('brandubh', BERSERK_POSITION), { level: 10, budgetMs: 4000, maxDepth: 3, seed: 1 });
    expect(r.lines[0].score).not.toBe(MATE - 2);
  });
});
