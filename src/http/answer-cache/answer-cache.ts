/**
 * Answers of pure operations, kept as the bytes that were sent: the same question asked again is
 * answered without parsing, validating, replaying or serializing anything. Bounded by bytes (keys and
 * answers counted), least recently used first out (nearly: see hit()); a Map's insertion order is the
 * recency list.
 *
 * An answer is kept the second time its question is asked, not the first: a stream of questions that
 * never repeat (a bot walking through positions) would otherwise fill the cache with answers nobody
 * reads again, and each one kept and later dropped is old-generation garbage: measured, that made such
 * a stream cost about 15% more CPU per request than with no cache. Questions seen once are remembered
 * as 32-bit hashes only (a collision merely keeps an answer one request early).
 */
import { RouteHeaders } from './route-headers';

export interface CachedAnswer {
  /** The bytes sent: outside the JS heap, written as they are. */
  body: Buffer;
  /** The strong validator of a GET answer (null for POST answers, which no cache revalidates). */
  etag: string | null;
  /**
   * The headers the answer went out with that are the same for every request asking this question
   * (name, value, name, value…): content type, caching, CORS, security. Those made per request (the
   * request id, the rate limit's, the length) are not kept. Used by early-answers.ts.
   */
  headers: readonly string[];
}

/** What each kind of answer (REST, GraphQL) did, for the metrics. */
export interface CacheCounters {
  hits: number;
  misses: number;
  stored: number;
  /** Of the hits, those answered before the framework saw the request (early-answers.ts). */
  early: number;
  /** Of the misses, those answered before the framework saw the request (early-operation.ts). */
  earlyMisses: number;
}

/** Per entry besides its text: the Map slot, the object and its strings' headers, roughly. */
const ENTRY_OVERHEAD_BYTES = 160;

/** Hashes of questions seen once; forgotten all at once when full, which only delays a few admissions. */
const SEEN_MAX = 1 << 17;

/**
 * The request headers the headers of an answer depend on: Origin (CORS) and Accept (Apollo picks the
 * content type of a GraphQL answer by it). A kept answer's headers are sent again as they were, so
 * requests differing in these are different questions.
 */
export function headersAsked(origin: string | undefined, accept: string | undefined): string {
  return `${origin ?? ''}\n${accept ?? ''}`;
}

/** The question a request asks, as the cache knows it: method, URL as sent, headersAsked, body text. */
export function answerKey(method: string, url: string, asked: string, body: string | null): string {
  return `${method} ${url}\n${asked}\n${body ?? ''}`;
}

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
  readonly counters = new Map<string, CacheCounters>();
  /** The headers of answers made early, per route and origin (route-headers.ts). */
  readonly routeHeaders = new RouteHeaders();

  /** `maxBytes` 0 turns the cache off; an answer larger than `maxEntryBytes` is never kept. */
  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes = Math.min(1 << 20, Math.floor(maxBytes / 8)),
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  private count(kind: string): CacheCounters {
    let c = this.counters.get(kind);
    if (!c) this.counters.set(kind, (c = { hits: 0, misses: 0, stored: 0, early: 0, earlyMisses: 0 }));
    return c;
  }

  get(kind: string, key: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    if (found === undefined) {
      this.count(kind).misses++;
      return undefined;
    }
    return this.hit(kind, key, found, false);
  }

  /**
   * A lookup before the framework has seen the request: a hit counts as one; a miss counts nothing,
   * since the request goes on to the framework, which looks it up again (and counts that miss).
   */
  getEarly(kind: string, key: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    return found === undefined ? undefined : this.hit(kind, key, found, true);
  }

  /** A miss whose answer is made before the framework sees the request (which then never looks it up). */
  missEarly(kind: string): void {
    const c = this.count(kind);
    c.misses++;
    c.earlyMisses++;
  }

  private hit(kind: string, key: string, found: Slot, early: boolean): CachedAnswer {
    const c = this.count(kind);
    c.hits++;
    if (early) c.early++;
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

  set(kind: string, key: string, answer: CachedAnswer): void {
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
  if (a.body.byteLength === a.body.buffer.byteLength) return a;
  const body = Buffer.allocUnsafeSlow(a.body.length);
  a.body.copy(body);
  return { ...a, body };
}

/** The key and headers are UTF-16 strings (two bytes a code unit at worst); the answer, its bytes. */
function sizeOf(key: string, a: CachedAnswer): number {
  let headerChars = 0;
  for (const h of a.headers) headerChars += h.length;
  return 2 * (key.length + headerChars) + a.body.length + ENTRY_OVERHEAD_BYTES;
}
