/**
 * threatsOf against a brute force over seeded random games of every built-in variant: the king's
 * winning moves are found by listing his legal moves with the defenders to move and playing each;
 * the king captures and the pieces hanging by playing every legal move of the side to move and
 * reading the outcome and the captured squares. Finished games are in the sample too (no threats).
 */
import { describe, expect, it } from 'vitest';
import { CompiledVariant, compileVariant } from '../../src/engine/compiled-variant';
import { GameState, MoveInfo } from '../../src/engine/game-state';
import { cellOfName } from '../../src/engine/geometry';
import { outcomeAfterMove } from '../../src/engine/outcome';
import { REASON_NAMES, outcomeReason } from '../../src/engine/outcome-codes';
import { KING, LETTER_OF } from '../../src/engine/pieces';
import { HangingPiece, KingRoute, Threats, threatsOf } from '../../src/engine/threats';
import { builtInVariant, builtInVariantIds } from '../../src/variants';
import { playoutState } from '../helpers/playout-game';

const POSITIONS_PER_VARIANT = 40;

/** Every built-in variant, and Copenhagen with a shieldwall closed anywhere (a capture far from the move). */
function variants(): [string, CompiledVariant][] {
  const out: [string, CompiledVariant][] = builtInVariantIds().map((id) => [id, builtInVariant(id)!]);
  const cph = builtInVariant('copenhagen')!;
  const rules = { ...cph.rules, shieldwall: { cornersMayClose: true, moverMustClose: false } };
  out.push(['copenhagen, shieldwall closed anywhere', compileVariant('copenhagen-shieldwall-anywhere', rules)]);
  return out;
}

/** Notation order, written independently of the engine: by file letter, then by rank number. */
function bySquare(a: string, b: string): number {
  return a[0] !== b[0] ? a.charCodeAt(0) - b.charCodeAt(0) : Number(a.slice(1)) - Number(b.slice(1));
}

/** The squares after `from` up to `to` on their shared file or rank, from their names alone. */
function walk(from: string, to: string): string[] {
  const df = Math.sign(to.charCodeAt(0) - from.charCodeAt(0));
  const dr = Math.sign(Number(to.slice(1)) - Number(from.slice(1)));
  const out: string[] = [];
  let f = from.charCodeAt(0);
  let r = Number(from.slice(1));
  do {
    f += df;
    r += dr;
    out.push(`${String.fromCharCode(f)}${r}`);
  } while (out.at(-1) !== to);
  return out;
}

/** Plays `move` on `state`'s position, hands the position to `look`, and takes the move back. */
function tryMove<T>(state: GameState, move: MoveInfo, look: (reason: string | null, captured: number[]) => T): T {
  const checked = state.check(move.notation);
  if (!checked.ok) throw new Error(`listed move ${move.notation} refused: ${checked.error.message}`);
  state.pos.make(checked.value);
  const code = outcomeAfterMove(state.pos);
  const answer = look(code === 0 ? null : REASON_NAMES[outcomeReason(code)], state.pos.capturedCells());
  state.pos.unmake();
  return answer;
}

function bruteForce(v: CompiledVariant, state: GameState): Threats {
  if (state.finished) return { kingRoutes: [], kingCapturable: [], hanging: [] };
  const kingCell = v.geo.squares.find((c) => state.pos.board[c] === KING);
  const kingRoutes: KingRoute[] = [];
  if (kingCell !== undefined) {
    const asDefenders = GameState.fromTfen(v, state.tfen().replace(/ a$/, ' d'));
    if (!asDefenders.ok) throw new Error(JSON.stringify(asDefenders.error));
    for (const m of asDefenders.value.legalMoves(kingCell)) {
      if (tryMove(asDefenders.value, m, (reason) => reason === 'king_escaped')) {
        kingRoutes.push({ from: m.from!, to: m.to!, route: walk(m.from!, m.to!) });
      }
    }
  }
  const legal = state.legalMoves();
  const kingCapturable =
    state.sideToMove() === 'attackers' ? legal.filter((m) => tryMove(state, m, (reason) => reason === 'king_captured')) : [];
  const hanging = new Map<string, HangingPiece>();
  for (const m of legal) {
    const before = Uint8Array.from(state.pos.board);
    for (const c of tryMove(state, m, (_, captured) => captured)) {
      const square = v.names[c];
      const entry = hanging.get(square) ?? { square, piece: LETTER_OF[before[c]] as HangingPiece['piece'], by: [] };
      entry.by.push(m);
      hanging.set(square, entry);
    }
  }
  kingRoutes.sort((a, b) => bySquare(a.to, b.to));
  return { kingRoutes, kingCapturable, hanging: [...hanging.values()].sort((a, b) => bySquare(a.square, b.square)) };
}

describe('threatsOf equals the brute force', () => {
  const seen = { positions: 0, finished: 0, kingRoutes: 0, kingCapturable: 0, hanging: 0 };

  for (const [name, v] of variants()) {
    it(`${name}: ${POSITIONS_PER_VARIANT} random positions`, () => {
      for (let seed = 1; seed <= POSITIONS_PER_VARIANT; seed++) {
        const state = playoutState(v, seed, (seed * 37) % 200);
        const before = { tfen: state.tfen(), hi: state.pos.hashHi, lo: state.pos.hashLo, ply: state.pos.ply };
        const found = threatsOf(state);
        // Asked of the position, never changing it.
        expect({ tfen: state.tfen(), hi: state.pos.hashHi, lo: state.pos.hashLo, ply: state.pos.ply }).toEqual(before);
        expect(found, `${name}, seed ${seed}: ${before.tfen}`).toEqual(bruteForce(v, state));
        seen.positions++;
        if (state.finished) seen.finished++;
        if (found.kingRoutes.length) seen.kingRoutes++;
        if (found.kingCapturable.length) seen.kingCapturable++;
        if (found.hanging.length) seen.hanging++;
      }
    });
  }

  it('the sample holds finished games and every kind of threat', () => {
    expect(seen.positions).toBe(POSITIONS_PER_VARIANT * variants().length);
    expect(seen.finished).toBeGreaterThan(0);
    expect(seen.kingRoutes).toBeGreaterThan(0);
    expect(seen.kingCapturable).toBeGreaterThan(0);
    expect(seen.hanging).toBeGreaterThan(0);
  });

  it('positions where the king can be taken, sought out in the small variants, agree too', () => {
    let found = 0;
    for (const id of ['brandubh', 'tablut', 'tawlbwrdd']) {
      const v = builtInVariant(id)!;
      for (let seed = 1; seed <= 400; seed++) {
        const state = playoutState(v, seed, 10 + (seed % 90));
        const expected = bruteForce(v, state);
        if (expected.kingCapturable.length === 0) continue;
        expect(threatsOf(state), `${id}, seed ${seed}: ${state.tfen()}`).toEqual(expected);
        found++;
      }
    }
    expect(found).toBeGreaterThanOrEqual(20);
  });

  it('a shieldwall closed anywhere (OpenTafl swf:n): a move far from the row still takes it', () => {
    //  6  t . . . . K . . . . .      d1 and e1 stand in a row closed by c1 and f1 and fronted by d2
    //  2  . . . t t . . . . . .      and e2: every move that leaves those four in place takes the row,
    //  1  . . t T T t . . . . .      the attacker on a6 going anywhere included
    //     a b c d e f g h i j k
    const v = variants().at(-1)![1];
    const state = GameState.fromTfen(v, '11/11/11/11/11/t4K5/11/11/11/3tt6/2tTTt5 a');
    if (!state.ok) throw new Error(JSON.stringify(state.error));
    const t = threatsOf(state.value);
    const keeping = state.value.legalMoves().filter((m) => !['c1', 'f1', 'd2', 'e2'].includes(m.from!));
    expect(t.hanging.map((h) => [h.square, h.piece])).toEqual([
      ['d1', 'T'],
      ['e1', 'T'],
    ]);
    expect(t.hanging[0].by.map((m) => m.notation)).toEqual(keeping.map((m) => `${m.from}-${m.to}xd1/e1`));
    expect(t.hanging[0].by.map((m) => m.notation)).toContain('a6-a7xd1/e1');
    expect(t).toEqual(bruteForce(v, state.value));
  });

  it('a king capture is hanging too, with the same moves', () => {
    const v = builtInVariant('brandubh')!;
    for (let seed = 1; seed <= 200; seed++) {
      const state = playoutState(v, seed, 30 + (seed % 40));
      const t = threatsOf(state);
      if (t.kingCapturable.length === 0) continue;
      const king = t.hanging.find((h) => h.piece === 'K');
      expect(king?.by).toEqual(t.kingCapturable);
      expect(cellOfName(v.geo, king!.square)).toBe(state.pos.kingSq);
      return;
    }
    throw new Error('no brandubh game with a king capturable in 200 seeds');
  });
});
