/**
 * The games this instance played lately, kept in memory so that a move needs neither the game's move
 * rows nor a replay of them: the game row as of its last change, the engine state after its moves
 * (repetition rules need the whole history, and it is already there), and the moves' notations (a
 * retried move is recognised by them, and GraphQL's `moves` field lists them). An entry is only as good as its `lastSeq`: every change of a game raises it (a
 * takeback lowers the ply, never the seq), so a write conditional on it proves the entry current, and
 * any other instance's change makes that write miss. Bounded by count (HOT_GAMES) and by an estimate of
 * the memory held (HOT_GAMES_BYTES: a 10,000-ply game holds about 1.6 MiB), least recently used first
 * out; a game larger than the whole bound is not kept.
 *
 * An entry belongs to one request at a time: whoever is about to change its state takes it out, and
 * puts it back only once the change is committed, so that no other request sees a state that the
 * database may still refuse.
 */
import type { GameState } from '../../engine';
import type { GameEntity } from '../entities/game.entity';

export interface HotGame {
  /** The game row as of `game.lastSeq`. */
  game: GameEntity;
  /** The engine state after every move of the game. */
  state: GameState;
  /** The moves' notations, in ply order. */
  notations: string[];
}

/**
 * What an entry holds in memory, roughly: 16 KiB for the row, the state and its tables, and 160 bytes a
 * ply, fitted to the sizes measured with heap statistics (about 30 KiB at 100 plies, 160 KiB at 1,000,
 * 1.6 MiB at 10,000).
 */
export function estimatedBytes(entry: HotGame): number {
  return 16_384 + 160 * entry.notations.length;
}

export class HotGames {
  /** A Map iterates in insertion order: re-inserting on use keeps the least recently used first. */
  private readonly entries = new Map<string, { entry: HotGame; bytes: number }>();
  private held = 0;
  /** Plays written on a held copy, and those whose write found the game changed (for tests and the benchmark). */
  readonly counts = { written: 0, overtaken: 0 };

  /** `capacity` (HOT_GAMES) 0 keeps nothing: every play then goes through the locked path. */
  constructor(
    readonly capacity: number,
    readonly maxBytes = Infinity,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The estimated memory of what is held (see estimatedBytes). */
  get bytes(): number {
    return this.held;
  }

  /** The entry of a game, to read (not to change: take() it first). */
  peek(id: string): HotGame | undefined {
    return this.entries.get(id)?.entry;
  }

  /** The entry of a game, out of the cache: the caller owns it until it puts it back (or drops it). */
  take(id: string): HotGame | undefined {
    const entry = this.entries.get(id)?.entry;
    if (entry) this.drop(id);
    return entry;
  }

  /**
   * Keeps a committed entry. One already held for a later seq wins (a slower request finishing after a
   * faster one); seqs are gapless per game, so an equal one holds the same game.
   */
  put(entry: HotGame): void {
    if (this.capacity === 0) return;
    const id = entry.game.id;
    const held = this.entries.get(id);
    if (held && held.entry.game.lastSeq >= entry.game.lastSeq) return;
    this.drop(id);
    const bytes = estimatedBytes(entry);
    if (bytes > this.maxBytes) return;
    this.entries.set(id, { entry, bytes });
    this.held += bytes;
    while (this.entries.size > this.capacity || this.held > this.maxBytes) this.drop(this.entries.keys().next().value!);
  }

  drop(id: string): void {
    const held = this.entries.get(id);
    if (!held) return;
    this.entries.delete(id);
    this.held -= held.bytes;
  }
}
