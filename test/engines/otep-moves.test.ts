/**
 * OpenTafl's `opponent-move` lists every move since the engine's side last had the turn: after a capture
 * that lets the engine's piece move again (berserk, OTN-13), the engine's own move is in the list too.
 */
import { GameState } from '../../src/engine';
import { moveOfRecord, movesNotYetPlayed } from '../../src/engines/otep';
import { builtInVariant } from '../../src/variants';

function after(moves: string[]): GameState {
  const state = GameState.start(builtInVariant('opentafl-berserk')!);
  for (const text of moves) {
    const m = moveOfRecord(state, text);
    if (!m.ok) throw new Error(m.error);
    state.play(m.value);
  }
  return state;
}

describe('OTEP opponent-move lists under berserk (OTN-13)', () => {
  // The defenders' knight jumps e3-e1 over e2 and takes it, so it must move again.
  const state = after(['Ne5-e3', 'e1-e2', 'Ne3^e1xe2']);

  it('drops the head of the list already played here, so a pending berserker is kept', () => {
    expect(state.sideToMove()).toBe('defenders');
    expect(state.pos.berserker).toBeGreaterThanOrEqual(0);
    expect(movesNotYetPlayed(state, ['e1-e2', 'Ne3^e1xe2'])).toEqual([]);
    expect(movesNotYetPlayed(state, ['e1-e2', 'Ne3^e1xe2', 'Ne1=e2'])).toEqual(['Ne1=e2']);
  });

  it('keeps every move of a list that does not start with moves played here', () => {
    expect(movesNotYetPlayed(state, ['e1-e2'])).toEqual(['e1-e2']);
    expect(movesNotYetPlayed(after(['Ne5-e3']), ['e1-e2'])).toEqual(['e1-e2']);
  });
});
