/**
 * Autocomplete (interaction type 4): at most 25 choices, filtered by what was typed. For `move`, the
 * legal moves of the invoker's side when it is their turn (`f4` lists the moves from f4); for `variant`
 * the built-in ids; for `opponent` the two words besides a mention.
 */
import { Injectable } from '@nestjs/common';
import type { APIApplicationCommandOptionChoice, APIInteraction } from 'discord-api-types/v10';
import { RulesService } from '../api/rules/rules.service';
import { VariantCatalog } from '../variants/variant-catalog';
import { DiscordGames } from './discord-games.service';
import { CommandOptions, Invoker, text } from './interaction-reader';

const MAX_CHOICES = 25;

@Injectable()
export class MoveChoices {
  constructor(
    private readonly games: DiscordGames,
    private readonly rules: RulesService,
    private readonly catalog: VariantCatalog,
  ) {}

  async choices(i: APIInteraction, o: CommandOptions, who: Invoker): Promise<APIApplicationCommandOptionChoice[]> {
    const typed = (o.focused ? (text(o, o.focused) ?? '') : '').toLowerCase();
    const pick = (values: string[]) =>
      values
        .filter((v) => v.toLowerCase().startsWith(typed))
        .slice(0, MAX_CHOICES)
        .map((v) => ({ name: v, value: v }));
    switch (o.focused) {
      case 'variant':
        return pick(this.catalog.ids());
      case 'opponent':
        return pick(['open', 'computer']);
      case 'move':
        return pick(await this.legalMoves(i, o, who));
      default:
        return [];
    }
  }

  /** The invoker's legal moves in the game, or none when it is not their turn (or not their game). */
  private async legalMoves(i: APIInteraction, o: CommandOptions, who: Invoker): Promise<string[]> {
    const g = await this.games.load(await this.games.idOf(i, o));
    if (g.game.outcome.status !== 'ongoing' || g.players[g.game.sideToMove] !== who.id) return [];
    const legal = await this.rules.legalMoves({ variant: g.game.variant, position: g.game.startPosition, moves: g.game.moves });
    return legal.moves.map((m) => m.notation);
  }
}
