/**
 * A hot game's move list as the JSON every answer about the game carries (`"d1-d3","f4-c4",…`), kept
 * as UTF-8 bytes and grown one move at a time. Why: the answer to a play lists every move of the game,
 * and serialising 10,000 notations and encoding the text cost about 1 ms of a play at ply 10,000 in the
 * service (bench:games), more than everything else the play did; copying kept bytes costs microseconds.
 *
 * Append-only: bytes once written are never changed (growing moves to a new buffer), so the items of an
 * answer taken with `items()` stay as they were while the game goes on.
 */

/** Notations are square names, `-`, `x`, `/` or `pass`: nothing in them needs escaping. */
const PLAIN_NOTATION = /^[A-Za-z0-9/-]*$/;

export class MovesJson {
  private bytes = Buffer.allocUnsafe(256);
  /** Bytes written: the items, comma-separated. */
  private end = 0;
  /** Notations written, and the last of them (to notice a list that is not this one grown). */
  private count = 0;
  private last: string | undefined;

  /** Writes the notations of `notations` past those already written (a hot game's list only grows). */
  catchUp(notations: readonly string[]): void {
    if (notations.length < this.count || (this.count > 0 && notations[this.count - 1] !== this.last)) this.restart();
    for (let i = this.count; i < notations.length; i++) this.push(notations[i]);
  }

  /** The items written so far, comma-separated, without the brackets. */
  items(): Buffer {
    return this.bytes.subarray(0, this.end);
  }

  private push(notation: string): void {
    const text = (this.count > 0 ? ',' : '') + (PLAIN_NOTATION.test(notation) ? `"${notation}"` : JSON.stringify(notation));
    const room = 3 * text.length;
    if (this.end + room > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.end + room));
      this.bytes.copy(bigger, 0, 0, this.end);
      this.bytes = bigger;
    }
    this.end += this.bytes.write(text, this.end, 'utf8');
    this.count++;
    this.last = notation;
  }

  /** Starts over in a new buffer, leaving the old one (and every answer holding part of it) as it was. */
  private restart(): void {
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.end = 0;
    this.count = 0;
    this.last = undefined;
  }
}
