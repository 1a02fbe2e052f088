/**
 * The hot-games cache on its own: bounded by count and by estimated bytes with the least recently used
 * out first, an entry
 * owned by whoever took it, a later seq winning over an earlier one. The entries are real engine
 * states; no database here (hot-games.e2e plays through it).
 */
import { GameState } from '../../src/engine';
import { GameEntity } from '../../src/games/entities/game.entity';
import { HotGame, HotGames, estimatedBytes } from '../../src/games/acts/hot-games';
import { builtInVariant } from '../../src/variants';

function entry(id: string, lastSeq: number, plies = 0): HotGame {
  const game = Object.assign(new GameEntity(), { id, lastSeq });
  return { game, state: GameState.start(builtInVariant('brandubh')!), notations: Array.from({ length: plies }, () => 'd2-e2') };
}

describe('HotGames', () => {
  it('keeps at most its capacity, dropping the least recently put first', () => {
    const hot = new HotGames(2);
    hot.put(entry('a', 1));
    hot.put(entry('b', 1));
    hot.put(entry('c', 1));
    expect(hot.size).toBe(2);
    expect(hot.peek('a')).toBeUndefined();
    expect(hot.peek('b')).toBeDefined();
    expect(hot.peek('c')).toBeDefined();
  });

  it('keeps at most its bytes, dropping the least recently put first; a game larger than the bound is not kept', () => {
    // Three games of 1,000 plies: about 190 KiB each (estimatedBytes).
    const one = estimatedBytes(entry('x', 1, 1_000));
    const hot = new HotGames(100, 2 * one + 1);
    hot.put(entry('a', 1, 1_000));
    hot.put(entry('b', 1, 1_000));
    expect(hot.bytes).toBe(2 * one);
    hot.put(entry('c', 1, 1_000));
    expect([hot.peek('a'), hot.peek('b'), hot.peek('c')].map(Boolean)).toEqual([false, true, true]);
    expect(hot.bytes).toBe(2 * one);
    // A game grown past the whole bound is dropped, its old copy with it.
    hot.put(entry('b', 2, 3_000));
    expect(hot.peek('b')).toBeUndefined();
    expect(hot.bytes).toBe(one);
    hot.take('c');
    expect(hot.bytes).toBe(0);
  });

  it('a game put back after a play becomes the most recently used', () => {
    const hot = new HotGames(2);
    hot.put(entry('a', 1));
    hot.put(entry('b', 1));
    const a = hot.take('a')!;
    a.game.lastSeq = 2;
    hot.put(a);
    hot.put(entry('c', 1));
    expect(hot.peek('b')).toBeUndefined();
    expect(hot.peek('a')?.game.lastSeq).toBe(2);
  });

  it('a taken entry is out of the cache until it is put back', () => {
    const hot = new HotGames(10);
    const a = entry('a', 3);
    hot.put(a);
    expect(hot.take('a')).toBe(a);
    expect(hot.peek('a')).toBeUndefined();
    expect(hot.take('a')).toBeUndefined();
  });

  it('an entry of an earlier seq never replaces a later one; an equal one is the same game', () => {
    const hot = new HotGames(10);
    const later = entry('a', 5);
    hot.put(later);
    hot.put(entry('a', 4));
    hot.put(entry('a', 5));
    expect(hot.peek('a')).toBe(later);
    const newer = entry('a', 6);
    hot.put(newer);
    expect(hot.peek('a')).toBe(newer);
  });

  it('capacity 0 keeps nothing', () => {
    const hot = new HotGames(0);
    hot.put(entry('a', 1));
    expect(hot.size).toBe(0);
  });
});
