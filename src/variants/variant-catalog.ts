/**
 * The one lookup of variants by id that the web rooms share. A plain class, so the rooms that use the
 * framework can inject one instance while this room stays free of it; each caller decides what a miss
 * means for its own answer.
 */
import type { CompiledVariant } from '../engine/compiled-variant';
import { builtInVariant, builtInVariantIds } from './index';

export class VariantCatalog {
  /** Ids arrive from request bodies and paths unchecked: anything that is not a known id is a miss. */
  get(id: unknown): CompiledVariant | undefined {
    return typeof id === 'string' ? builtInVariant(id) : undefined;
  }

  ids(): string[] {
    return builtInVariantIds();
  }
}
