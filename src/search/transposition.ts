/**
 * The transposition table: results of searched positions keyed by the engine's 64-bit Zobrist hash
 * (hashHi, hashLo), in two-entry buckets of typed arrays. Each search starts a new generation, and
 * entries of older generations are never read, so a search's result does not depend on what was
 * searched before it (the seeded answers of api.md section 10 rely on that).
 */
export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/** 2^19 entries: 10 MB. */
export const DEFAULT_TABLE_BITS = 19;

export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  private readonly keyHi: Int32Array;
  private readonly keyLo: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int32Array;
  /** depth (8 bits) | bound << 8 | generation << 10. */
  private readonly info: Int32Array;
  private generation = 0;

  constructor(bits = DEFAULT_TABLE_BITS) {
    this.size = 1 << bits;
    this.mask = (this.size - 1) & ~1;
    this.keyHi = new Int32Array(this.size);
    this.keyLo = new Int32Array(this.size);
    this.moves = new Int32Array(this.size);
    this.scores = new Int32Array(this.size);
    this.info = new Int32Array(this.size);
  }

  /** Forgets every entry (in O(1)): later probes see only what the new search stores. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 0x1fffff;
    if (this.generation === 0) {
      this.info.fill(0);
      this.generation = 1;
    }
  }

  /** The entry's index for this position, or -1. */
  probe(hi: number, lo: number): number {
    const i = lo & this.mask;
    const gen = this.generation;
    if (this.keyLo[i] === lo && this.keyHi[i] === hi && this.info[i] >>> 10 === gen) return i;
    const j = i + 1;
    if (this.keyLo[j] === lo && this.keyHi[j] === hi && this.info[j] >>> 10 === gen) return j;
    return -1;
  }

  move(i: number): number {
    return this.moves[i];
  }

  score(i: number): number {
    return this.scores[i];
  }

  depth(i: number): number {
    return this.info[i] & 255;
  }

  bound(i: number): number {
    return (this.info[i] >> 8) & 3;
  }

  store(hi: number, lo: number, depth: number, bound: number, score: number, move: number): void {
    const i = lo & this.mask;
    const j = i + 1;
    const gen = this.generation;
    const info = this.info;
    const currentI = info[i] >>> 10 === gen;
    const currentJ = info[j] >>> 10 === gen;
    let slot: number;
    if (currentI && this.keyLo[i] === lo && this.keyHi[i] === hi) slot = i;
    else if (currentJ && this.keyLo[j] === lo && this.keyHi[j] === hi) slot = j;
    // An entry of an older search first, else the shallower one.
    else if (!currentI) slot = i;
    else if (!currentJ) slot = j;
    else slot = (info[i] & 255) <= (info[j] & 255) ? i : j;
    // Keep a known best move when the new result has none.
    if (move === 0 && info[slot] >>> 10 === gen && this.keyLo[slot] === lo && this.keyHi[slot] === hi) move = this.moves[slot];
    this.keyHi[slot] = hi;
    this.keyLo[slot] = lo;
    this.moves[slot] = move;
    this.scores[slot] = score;
    info[slot] = (Math.min(depth, 255) & 255) | (bound << 8) | (gen << 10);
  }
}
