/**
 * The static evaluation as the search sees it: from the side to move's view, moved by a noise that
 * weakens the lower levels, and clamped so no evaluation reads as a win or a loss. The noise is a hash
 * of the position and the seed rather than a random draw, so a seeded search is reproducible and a
 * position met twice in one search is judged alike.
 */
import { CompiledVariant } from '../engine/compiled-variant';
import { Position } from '../engine/position';
import { Evaluator } from './evaluate';
import { EVAL_LIMIT } from './score';

export class NoisyEvaluation {
  private readonly ev: Evaluator;
  private noiseLo = 0;
  private noiseHi = 0;
  private noiseSpan = 0;

  constructor(v: CompiledVariant) {
    this.ev = new Evaluator(v);
  }

  /** Up to ± `noise` (0: none), fixed by `seed`. */
  setNoise(noise: number, seed: number): void {
    this.noiseSpan = noise > 0 ? 2 * Math.floor(noise) + 1 : 0;
    this.noiseLo = seed | 0;
    this.noiseHi = Math.imul(seed | 0, 0x27d4eb2d) ^ 0x5bd1e995;
  }

  /** The static evaluation of `pos` from its side to move's view, noise included. */
  of(pos: Position): number {
    let s = this.ev.sideView(pos);
    if (this.noiseSpan > 0) {
      let h = (pos.hashLo ^ this.noiseLo ^ Math.imul(pos.hashHi ^ this.noiseHi, 0x9e3779b1)) | 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      s += ((h >>> 0) % this.noiseSpan) - (this.noiseSpan >> 1);
    }
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }
}
