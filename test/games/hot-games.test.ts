/**
 * The hot-games cache on its own: bounded by count with the least recently used out first, an entry
 * owned by whoever took it, a later seq winning over an earlier one. The entries are real engine
 * states; no database here (hot-games.e2e plays through it).
 */
import { GameState } from '../../src/engine';
import { GameEntity } from '../../src/games/entities/game.entity';
import { HotGame, HotGames } from '../../src/games/hot-games';
import { builtInVariant } from '../../src/variants';

function entry(id: string, lastSeq: number): HotGame {
  const game = Object.assign(new GameEntity(), { id, lastSeq });
  return { game, state: GameState.start(builtInVariant('brandubh')!), notations: [] };
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
