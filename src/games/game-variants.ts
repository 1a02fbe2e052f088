/**
 * The variant of a stored game, and the engine state its moves lead to: for every part of the room
 * that must replay a game (a read of a past ply, an export, the locked play path, a takeback).
 */
import { Injectable } from '@nestjs/common';
import { CompiledVariant, GameState, loadState } from '../engine';
import { ProblemError } from '../http/problem-error';
import { recordReplay } from '../http/rate-limit/request-work';
import type { CatalogEntry } from '../variants';
import { VariantCatalog } from '../variants/variant-catalog';
import type { GameEntity } from './entities/game.entity';

@Injectable()
export class GameVariants {
  constructor(readonly catalog: VariantCatalog) {}

  /** A built-in or registered custom variant (a custom one may be loaded from the database). */
  async entry(id: string): Promise<CatalogEntry> {
    const entry = await this.catalog.resolve(id);
    if (!entry) throw ProblemError.variantNotFound(String(id));
    return entry;
  }

  async variant(id: string): Promise<CompiledVariant> {
    return (await this.entry(id)).compiled;
  }

  /** The engine state after `moves` (as the `move` column holds them) from the game's start; repetition needs them all. */
  replay(v: CompiledVariant, game: GameEntity, moves: readonly string[]): GameState {
    recordReplay(1 + moves.length);
    const r = loadState(v, { position: game.startPosition, moves });
    if (!r.ok) throw new Error(`stored game ${game.id} no longer replays: ${JSON.stringify(r.error)}`);
    return r.value;
  }
}
