/** The outbox row of an event of a game with a webhook: the stream's gameState JSON and the game's id. */
import type { GameEntity } from '../entities/game.entity';
import { GameEventKind, GameStateFields, gameStateEvent } from '../events/game-event';
import type { NewDelivery } from './webhook-deliveries.repository';

export interface AppendedEvent {
  /** The game as the event left it (its lastSeq is the event's seq). */
  game: GameEntity;
  kind: GameEventKind;
  fields: GameStateFields;
}

export function deliveryOf({ game, kind, fields }: AppendedEvent): NewDelivery {
  const body = JSON.stringify({ gameId: game.id, ...gameStateEvent(game.lastSeq, kind, fields) });
  return { gameId: game.id, seq: game.lastSeq, url: game.webhookUrl!, body, at: game.updatedAt };
}
