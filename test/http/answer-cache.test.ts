/** The answer cache's bookkeeping: the byte bound, least recently used out first, the counters. */
import { RouteHeaders } from '../../src/http/answer-cache/route-headers';
import { AnswerCache, headersAsked } from '../../src/http/answer-cache/answer-cache';

const answer = (body: string) => ({
  body: Buffer.from(body),
  etag: null,
  headers: [],
});

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
    expect(c.counters.get('rest')).toEqual({ hits: 4, misses: 1, stored: 4, early: 0, earlyMisses: 0 });
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
    c.set('rest', 'k', { body: slab.subarray(1_000, 1_007), etag: null, headers: [] });
    slab.write('XXXXXXX', 1_000); // the slab's next answer
    const kept = c.get('rest', 'k')!.body;
    expect(kept.toString()).toBe('{"a":1}');
    expect(kept.buffer.byteLength).toBe(7);
    // A body that is all of its buffer is kept as it is.
    const own = Buffer.allocUnsafeSlow(3).fill('o');
    c.set('rest', 'o', { body: own, etag: null, headers: [] });
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

  it('counts kept headers in the size; an early lookup counts its hit and leaves a miss to the framework', () => {
    const c = new AnswerCache(10_000);
    c.set('rest', 'k', { ...answer('1'), headers: ['x-a', 'bc'] });
    expect(c.stats().bytes).toBe(2 * (1 + 3 + 2) + 1 + 160);
    expect(c.getEarly('rest', 'k')?.headers).toEqual(['x-a', 'bc']);
    expect(c.getEarly('rest', 'nope')).toBeUndefined();
    expect(c.counters.get('rest')).toEqual({ hits: 1, misses: 0, stored: 1, early: 1, earlyMisses: 0 });
    c.get('rest', 'k');
    expect(c.counters.get('rest')).toEqual({ hits: 2, misses: 0, stored: 1, early: 1, earlyMisses: 0 });
    // A miss answered early (early-operation.ts) is a miss, counted once, and said to be early.
    c.missEarly('rest');
    expect(c.counters.get('rest')).toEqual({ hits: 2, misses: 1, stored: 1, early: 1, earlyMisses: 1 });
  });

  it('learns the headers of a route per Origin and Accept, up to a bound', () => {
    const h = new RouteHeaders();
    const none = headersAsked(undefined, undefined);
    const a = headersAsked('https://a.example', undefined);
    expect(h.get('/v1/legal-moves', none)).toBeUndefined();
    h.learn('/v1/legal-moves', none, ['content-type', 'application/json']);
    h.learn('/v1/legal-moves', a, ['vary', 'Origin']);
    expect(h.get('/v1/legal-moves', none)).toEqual(['content-type', 'application/json']);
    expect(h.get('/v1/legal-moves', a)).toEqual(['vary', 'Origin']);
    expect(h.has('/v1/legal-moves', headersAsked('https://b.example', undefined))).toBe(false);
    expect(h.has('/v1/legal-moves', headersAsked('https://a.example', 'application/graphql-response+json'))).toBe(false);
    expect(h.has('/v1/apply-move', none)).toBe(false);
    for (let i = 0; i < 2000; i++) h.learn('/v1/legal-moves', headersAsked(`https://${i}.example`, undefined), []);
    expect(h.has('/v1/legal-moves', headersAsked('https://1021.example', undefined))).toBe(true);
    expect(h.has('/v1/legal-moves', headersAsked('https://1022.example', undefined))).toBe(false);
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
