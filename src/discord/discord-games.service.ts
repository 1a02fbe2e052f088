/**
 * The Discord app's view of stored games: which game an interaction means, which side its user holds,
 * and the message that shows a game. Every act goes through the games room's own services (the same
 * play path, locks and events as any client); the app only says which side acts, from the binding of
 * the user that Discord's signature vouches for.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { APIInteraction, APIInteractionResponseCallbackData } from 'discord-api-types/v10';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ProblemError } from '../http/problem-error';
import { VariantCatalog } from '../variants/variant-catalog';
import type { GameSummaryView, GameView } from '../games/game.views';
import type { Side } from '../games/game-sides';
import { GameReads } from '../games/reading/game-reads.service';
import { isUuid } from '../games/game-id';
import { DiscordPlayers, DiscordPlayersRepository } from './discord-players.repository';
import { gameMessage } from './game-message';
import { CommandOptions, channelOf, text } from './interaction-reader';

/** A refusal shown to the invoker alone (an ephemeral message); nothing was stored. */
export class Refusal extends Error {}

/** A game as its messages show it: the summary an act answered, or a read. */
export interface ShownGame {
  game: GameSummaryView;
  players: DiscordPlayers;
  variantName: string;
}

/** A game as read, its moves included (autocomplete, suggestions and the computer's reply need them). */
export interface DiscordGame extends ShownGame {
  game: GameView;
}

@Injectable()
export class DiscordGames {
  constructor(
    private readonly reads: GameReads,
    readonly players: DiscordPlayersRepository,
    private readonly catalog: VariantCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The game named by the `game` option, else the channel's current game. */
  async idOf(i: APIInteraction, o: CommandOptions | null): Promise<string> {
    const given = o ? text(o, 'game') : null;
    if (given) {
      if (!isUuid(given)) throw new Refusal(`"${given}" is not a game id.`);
      return given;
    }
    const channel = channelOf(i);
    const id = channel ? await this.players.channelGame(channel) : null;
    if (!id) throw new Refusal('There is no game in this channel yet: start one with `/tafl new`.');
    return id;
  }

  async load(id: string): Promise<DiscordGame> {
    const game = await this.reads.get(id);
    const players = await this.players.playersOf(id);
    return { game, players, variantName: this.variantName(game.variant) };
  }

  /** The side `userId` plays in the game, or a refusal saying they play none. */
  sideOf(g: Pick<ShownGame, 'players'>, userId: string): Side {
    if (g.players.attackers === userId) return 'attackers';
    if (g.players.defenders === userId) return 'defenders';
    throw new Refusal('You do not play in this game.');
  }

  message(
    g: ShownGame,
    invoker: string,
    extra: { headline?: string; ply?: number; flip?: boolean } = {},
  ): APIInteractionResponseCallbackData {
    return gameMessage({ ...g, baseUrl: this.config.publicBaseUrl, invoker, ...extra });
  }

  /**
   * The message of a game an act just changed, from the summary the act answered (the game as it
   * committed it), with no second read.
   */
  after(game: GameSummaryView, players: DiscordPlayers, invoker: string, headline: string): APIInteractionResponseCallbackData {
    return this.message({ game, players, variantName: this.variantName(game.variant) }, invoker, { headline });
  }

  private variantName(id: string): string {
    return this.catalog.entry(id)?.meta.name ?? id;
  }
}

/** What a refused act tells the user: the service's own sentence. */
export function refusalText(e: unknown): string | null {
  if (e instanceof Refusal) return e.message;
  // In chat the move is named as typed, not by its index in the game's list.
  if (e instanceof ProblemError && e.code === 'ILLEGAL_MOVE' && typeof e.move === 'string' && e.errors[0]) {
    return `${e.move} cannot be played: ${e.errors[0].message}.`;
  }
  if (e instanceof ProblemError && e.status < 500) return `${e.detail[0].toUpperCase()}${e.detail.slice(1)}.`;
  return null;
}
