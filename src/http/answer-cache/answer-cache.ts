/**
 * Answers of pure operations, kept as the bytes that were sent: the same question asked again is
 * answered without validating, replaying or serializing anything. Bounded by bytes (keys and answers
 * counted), least recently used first out (nearly: see hit()); a Map's insertion order is the recency
 * list. Two kinds share the bound: REST answers (answer-cache.plugin.ts) and GraphQL results
 * (graphql-answer-cache.ts).
 *
 * An answer is kept the second time its question is asked, not the first: a stream of questions that
 * never repeat (a bot walking through positions) would otherwise fill the cache with answers nobody
 * reads again, and each one kept and later dropped is old-generation garbage: measured, that made such
 * a stream cost about 15% more CPU per request than with no cache. Questions seen once are remembered
 * as 32-bit hashes only (a collision merely keeps an answer one request early).
 */

export interface CachedAnswer {
  /** The bytes sent (REST), or the text a GraphQL result was sent as. */
  body: Buffer | string;
  /** A GraphQL result's data, given again as it is (graphql-answer-cache.ts). */
  result?: Record<string, unknown>;
  /** The headers the answer went out with that any request asking the same question gets too. */
  contentType: string | null;
  cacheControl: string | null;
  /** The strong validator of a GET answer (null for POST answers, which no cache revalidates). */
  etag: string | null;
}

/** What each kind of answer (REST, GraphQL) did, for the metrics. */
export interface CacheCounters {
  hits: number;
  misses: number;
  stored: number;
}

export type AnswerKind = 'rest' | 'graphql';

/** Per entry besides its text: the Map slot, the object and its strings' headers, roughly. */
const ENTRY_OVERHEAD_BYTES = 160;

/** Hashes of questions seen once; forgotten all at once when full, which only delays a few admissions. */
const SEEN_MAX = 1 << 17;

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A kept answer and when it last went to the recent end of the map (in moves there, counted). */
interface Slot {
  answer: CachedAnswer;
  stamp: number;
}

export class AnswerCache {
  /** Least recently used first: a Map's insertion order, entries moved to its end when used. */
  private readonly entries = new Map<string, Slot>();
  /** Moves to the recent end so far (insertions included). */
  private clock = 0;
  private readonly seenOnce = new Set<number>();
  private bytes = 0;
  private evicted = 0;
  readonly counters = new Map<AnswerKind, CacheCounters>();

  /** `maxBytes` 0 turns the cache off; an answer larger than `maxEntryBytes` is never kept. */
  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes = Math.min(1 << 20, Math.floor(maxBytes / 8)),
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  private count(kind: AnswerKind): CacheCounters {
    let c = this.counters.get(kind);
    if (!c) this.counters.set(kind, (c = { hits: 0, misses: 0, stored: 0 }));
    return c;
  }

  get(kind: AnswerKind, key: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    const c = this.count(kind);
    if (found === undefined) {
      c.misses++;
      return undefined;
    }
    c.hits++;
    // Moved to the recent end only once it has drifted into the older half: an answer used again
    // within the last size/2 moves is never the next evicted either way, and a hot answer is not
    // moved on every hit (measured: with 7,700 answers kept, the move cost a hit 11 µs of its 65).
    if (this.clock - found.stamp > this.entries.size >> 1) {
      this.entries.delete(key);
      this.entries.set(key, found);
      found.stamp = ++this.clock;
    }
    return found.answer;
  }

  /** Whether an answer to `key` would be kept now: true the second time a question is asked. */
  admits(key: string): boolean {
    if (!this.enabled) return false;
    const h = hashOf(key);
    if (this.seenOnce.delete(h)) return true;
    if (this.seenOnce.size >= SEEN_MAX) this.seenOnce.clear();
    this.seenOnce.add(h);
    return false;
  }

  set(kind: AnswerKind, key: string, answer: CachedAnswer): void {
    const size = sizeOf(key, answer);
    if (!this.enabled || size > this.maxEntryBytes) return;
    answer = ownBytes(answer);
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= sizeOf(key, old.answer);
      this.entries.delete(key);
    }
    this.entries.set(key, { answer, stamp: ++this.clock });
    this.bytes += size;
    this.count(kind).stored++;
    for (const [k, slot] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= sizeOf(k, slot.answer);
      this.evicted++;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, old.answer);
  }

  stats(): { entries: number; bytes: number; maxBytes: number; evicted: number } {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, evicted: this.evicted };
  }
}

/**
 * The answer with a body that is all of its own memory: a body that is a view of a larger buffer (a
 * slab answers are written in, Node's pool of small buffers) would keep all of it alive while kept,
 * unseen by the byte count.
 */
function ownBytes(a: CachedAnswer): CachedAnswer {
  if (typeof a.body === 'string' || a.body.byteLength === a.body.buffer.byteLength) return a;
  const body = Buffer.allocUnsafeSlow(a.body.length);
  a.body.copy(body);
  return { ...a, body };
}

/**
 * The key and text bodies are UTF-16 strings (two bytes a code unit at worst); a byte body, its bytes. A
 * GraphQL result kept as objects takes about as much again as its text in UTF-16 (measured: 10 KB of
 * heap for the objects of a 5,859-character legal-moves result, its short strings shared).
 */
function sizeOf(key: string, a: CachedAnswer): number {
  const headerChars = (a.contentType?.length ?? 0) + (a.cacheControl?.length ?? 0) + (a.etag?.length ?? 0);
  const body = typeof a.body === 'string' ? 2 * a.body.length : a.body.length;
  const result = a.result === undefined ? 0 : body;
  return 2 * (key.length + headerChars) + body + result + ENTRY_OVERHEAD_BYTES;
}
