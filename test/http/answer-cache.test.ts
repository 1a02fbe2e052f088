/** The answer cache's bookkeeping: the byte bound, least recently used out first, the counters. */
import { AnswerCache, CachedAnswer } from '../../src/http/answer-cache/answer-cache';

const answer = (body: string): CachedAnswer => ({ body: Buffer.from(body), contentType: null, cacheControl: null, etag: null });

describe('AnswerCache', () => {
  it('keeps what fits and drops the least recently used first', () => {
    // Each entry: 2 × 1 (the key, UTF-16) + 100 (the answer's bytes) + 160 = 262 bytes; three fit in 800, four do not.
    const c = new AnswerCache(800, 800);
    for (const k of ['a', 'b', 'c']) c.set('rest', k, answer('x'.repeat(100)));
    expect(c.stats()).toMatchObject({ entries: 3, bytes: 3 * 262, evicted: 0 });
    expect(c.get('rest', 'a')?.body).toHaveLength(100); // a is now the most recently used
    c.set('rest', 'd', answer('y'.repeat(100)));
    expect(c.stats()).toMatchObject({ entries: 3, evicted: 1 });
    expect(c.get('rest', 'b')).toBeUndefined();
    expect(c.get('rest', 'a')).toBeDefined();
    expect(c.get('rest', 'c')).toBeDefined();
    expect(c.get('rest', 'd')).toBeDefined();
    expect(c.counters.get('rest')).toEqual({ hits: 4, misses: 1, stored: 4 });
  });

  it('moves a used answer to the recent end only once it is in the older half; the oldest goes first', () => {
    // Four entries of 262 bytes fit in 1,100.
    const c = new AnswerCache(1_100, 1_100);
    for (const k of ['a', 'b', 'c', 'd']) c.set('rest', k, answer('x'.repeat(100)));
    expect(c.get('rest', 'd')).toBeDefined(); // in the recent half: left where it is
    expect(c.get('rest', 'a')).toBeDefined(); // the oldest: moved to the recent end
    c.set('rest', 'e', answer('y'.repeat(100)));
    expect(c.stats()).toMatchObject({ entries: 4, evicted: 1 });
    expect(c.get('rest', 'b')).toBeUndefined();
    for (const k of ['a', 'c', 'd', 'e']) expect(c.get('rest', k), k).toBeDefined();
  });

  it('keeps a copy of a body that is a view of a larger buffer (a slab of answers), not the view', () => {
    const c = new AnswerCache(10_000, 10_000);
    const slab = Buffer.alloc(65_536, 'z');
    slab.write('{"a":1}', 1_000);
    c.set('rest', 'k', { ...answer(''), body: slab.subarray(1_000, 1_007) });
    slab.write('XXXXXXX', 1_000); // the slab's next answer
    const kept = c.get('rest', 'k')!.body as Buffer;
    expect(kept.toString()).toBe('{"a":1}');
    expect(kept.buffer.byteLength).toBe(7);
    // A body that is all of its buffer is kept as it is.
    const own = Buffer.allocUnsafeSlow(3).fill('o');
    c.set('rest', 'o', { ...answer(''), body: own });
    expect(c.get('rest', 'o')!.body).toBe(own);
  });

  it('never keeps an answer larger than the per-entry bound, and replacing a key does not count it twice', () => {
    const c = new AnswerCache(10_000, 1_000);
    c.set('rest', 'big', answer('z'.repeat(1_000)));
    expect(c.stats().entries).toBe(0);
    c.set('rest', 'k', answer('1'));
    c.set('rest', 'k', answer('22'));
    expect(c.stats()).toMatchObject({ entries: 1, bytes: 2 * 1 + 2 + 160 });
    expect(c.get('rest', 'k')?.body.toString()).toBe('22');
  });

  it('counts kept headers and text bodies (two bytes a code unit) in the size', () => {
    const c = new AnswerCache(10_000);
    c.set('rest', 'k', { ...answer('1'), contentType: 'ab', etag: '"e"' });
    expect(c.stats().bytes).toBe(2 * (1 + 2 + 3) + 1 + 160);
    c.set('graphql', 'g', { ...answer(''), body: 'xyz' });
    expect(c.stats().bytes).toBe(2 * (1 + 2 + 3) + 1 + 160 + 2 * 1 + 2 * 3 + 160);
    expect(c.get('graphql', 'g')?.body).toBe('xyz');
    expect(c.counters.get('graphql')).toEqual({ hits: 1, misses: 0, stored: 1 });
    c.delete('g');
    expect(c.get('graphql', 'g')).toBeUndefined();
    expect(c.stats().bytes).toBe(2 * (1 + 2 + 3) + 1 + 160);
  });

  it('admits a question the second time it is asked, not the first', () => {
    const c = new AnswerCache(10_000);
    expect(c.admits('q1')).toBe(false);
    expect(c.admits('q2')).toBe(false);
    expect(c.admits('q1')).toBe(true);
    // Admitted once, then forgotten: a third sighting starts over.
    expect(c.admits('q1')).toBe(false);
    expect(new AnswerCache(0).admits('q1')).toBe(false);
  });

  it('is off with a bound of 0', () => {
    const c = new AnswerCache(0);
    expect(c.enabled).toBe(false);
    c.set('rest', 'k', answer('1'));
    expect(c.stats().entries).toBe(0);
  });
});
