/**
 * The buttons under a game's message: Join (take the open seat), Resign, Offer draw, Flip, Suggest.
 * A button's `custom_id` names its act and game (`resign:<game id>`); Flip also carries the ply shown
 * and the way the board is turned, so the message it changes keeps showing the same position.
 */
import { Injectable } from '@nestjs/common';
import type { APIInteraction, APIMessageComponentInteraction } from 'discord-api-types/v10';
import { SeatClaims } from '../games/acts/seat-claims.service';
import { isUuid } from '../games/game-id';
import { DeferredWork } from './deferred-work';
import { DiscordGames, Refusal } from './discord-games.service';
import { Handled } from './handled';
import { Invoker } from './interaction-reader';
import { update } from './replies';
import { TaflCommands } from './tafl-commands.service';

@Injectable()
export class TaflButtons {
  constructor(
    private readonly games: DiscordGames,
    private readonly seats: SeatClaims,
    private readonly commands: TaflCommands,
    private readonly deferredWork: DeferredWork,
  ) {}

  async press(i: APIInteraction, who: Invoker): Promise<Handled> {
    const [act, id, ...rest] = String((i as APIMessageComponentInteraction).data?.custom_id ?? '').split(':');
    if (!id || !isUuid(id)) throw new Refusal('This button belongs to no game.');
    switch (act) {
      case 'join':
        return { response: await this.join(id, who) };
      case 'resign':
        return { response: await this.commands.resign(id, who) };
      case 'draw':
        return { response: await this.commands.draw(id, who) };
      case 'flip': {
        const g = await this.games.load(id);
        const ply = Math.min(Number(rest[0]) || 0, g.game.ply);
        return { response: update(this.games.message(g, who.id, { ply, flip: rest[1] === '1' })) };
      }
      case 'suggest':
        return this.deferredWork.suggest(i, id, null, who);
      default:
        throw new Refusal('This button does nothing any more.');
    }
  }

  /** Takes the open seat for the presser, as any claim does (one wins), then binds them to it. */
  private async join(id: string, who: Invoker) {
    const g = await this.games.load(id);
    if (g.players.attackers === who.id || g.players.defenders === who.id) throw new Refusal('You already play in this game.');
    const code = await this.games.players.inviteCode(id);
    if (!code) throw new Refusal('This game has no open seat.');
    const claimed = await this.seats.claim(id, code, who.name);
    await this.games.players.bind(id, claimed.side, who.id);
    const players = { ...g.players, [claimed.side]: who.id };
    return update(this.games.after(claimed.game, players, who.id, `<@${who.id}> joined as the ${claimed.side}.`));
  }
}
