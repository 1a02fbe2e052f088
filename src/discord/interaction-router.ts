/**
 * One signed interaction to its handler (api.md section 12): PING, the `/tafl` command, a button, an
 * autocomplete. Each Discord user and each server has its own rate limit, in the service's shared
 * limiter (every instance counts against the same window); past it the user is told, ephemerally.
 */
import { Injectable } from '@nestjs/common';
import { APIInteraction, InteractionType } from 'discord-api-types/v10';
import { ProblemError } from '../http/problem-error';
import { RateLimiter } from '../http/rate-limit/rate-limiter';
import { refusalText } from './discord-games.service';
import { Handled } from './handled';
import { commandOptions, guildOf, invokerOf } from './interaction-reader';
import { MoveChoices } from './move-choices';
import { choices, ephemeral, pong } from './replies';
import { TAFL_COMMAND } from './tafl-commands';
import { TaflButtons } from './tafl-buttons.service';
import { TaflCommands } from './tafl-commands.service';

/** The shape the handlers rely on: Discord sends nothing else, but a signed body is still checked before it is read. */
function isInteraction(x: unknown): x is APIInteraction {
  if (typeof x !== 'object' || x === null) return false;
  const { type, data, token } = x as { type?: unknown; data?: unknown; token?: unknown };
  if (type === InteractionType.Ping) return true;
  return typeof type === 'number' && typeof token === 'string' && typeof data === 'object' && data !== null;
}

@Injectable()
export class InteractionRouter {
  constructor(
    private readonly commands: TaflCommands,
    private readonly buttons: TaflButtons,
    private readonly moveChoices: MoveChoices,
    private readonly limiter: RateLimiter,
  ) {}

  async handle(i: APIInteraction): Promise<Handled> {
    if (!isInteraction(i))
      throw ProblemError.badInput('the body is not a Discord interaction', [
        { code: 'BAD_INTERACTION', message: 'expected { type, data, … }' },
      ]);
    if (i.type === InteractionType.Ping) return { response: pong() };
    const who = invokerOf(i);
    if (!who) return { response: ephemeral('This interaction names no user.') };
    const isAutocomplete = i.type === InteractionType.ApplicationCommandAutocomplete;
    const wait = await this.limited(who.id, guildOf(i));
    if (wait !== null) {
      return { response: isAutocomplete ? choices([]) : ephemeral(`Slow down: try again in ${wait} s.`) };
    }
    try {
      switch (i.type) {
        case InteractionType.ApplicationCommand: {
          if (i.data.name !== TAFL_COMMAND || !('options' in i.data)) return { response: ephemeral('This app only knows /tafl.') };
          return await this.commands.run(i, commandOptions(i.data.options), who);
        }
        case InteractionType.MessageComponent:
          return await this.buttons.press(i, who);
        case InteractionType.ApplicationCommandAutocomplete:
          return { response: choices(await this.moveChoices.choices(i, commandOptions(i.data.options), who)) };
        default:
          return { response: ephemeral('This kind of interaction is not handled here.') };
      }
    } catch (e) {
      // A refusal of the game services (illegal move, not your turn, seat taken…) is the user's answer.
      if (isAutocomplete) return { response: choices([]) };
      const said = refusalText(e);
      if (said === null) throw e;
      return { response: ephemeral(said) };
    }
  }

  /** Seconds to wait when the user's or the server's window is spent; null when the interaction may go on. */
  private async limited(userId: string, guildId: string | null): Promise<number | null> {
    if (!this.limiter.enabled) return null;
    for (const key of [`discord-user:${userId}`, ...(guildId ? [`discord-guild:${guildId}`] : [])]) {
      const a = await this.limiter.admit(key);
      if (!a.allowed) return Math.max(1, Math.ceil(a.resetMs / 1000));
    }
    return null;
  }
}
