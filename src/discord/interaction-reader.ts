/**
 * What the handlers need of an interaction payload: who sent it, where, and the options given. Discord
 * puts the user under `member` in a server and under `user` elsewhere; a subcommand's options sit one
 * level down.
 */
import {
  APIApplicationCommandInteractionDataBasicOption,
  APIApplicationCommandInteractionDataOption,
  APIInteraction,
  APIUser,
  ApplicationCommandOptionType,
} from 'discord-api-types/v10';

export interface Invoker {
  id: string;
  /** As the user shows in Discord: their display name, else their user name. */
  name: string;
}

export function invokerOf(i: APIInteraction): Invoker | null {
  const user: APIUser | undefined = i.member?.user ?? i.user;
  if (!user || typeof user.id !== 'string') return null;
  return { id: user.id, name: user.global_name || user.username || user.id };
}

export const channelOf = (i: APIInteraction): string | null => i.channel?.id ?? i.channel_id ?? null;
export const guildOf = (i: APIInteraction): string | null => i.guild_id ?? null;

/** The subcommand and its options as a name → value map (the focused option's name apart, for autocomplete). */
export interface CommandOptions {
  subcommand: string;
  values: Map<string, string | number | boolean>;
  focused: string | null;
}

export function commandOptions(options: readonly APIApplicationCommandInteractionDataOption[] | undefined): CommandOptions {
  const sub = options?.[0];
  const out: CommandOptions = { subcommand: '', values: new Map(), focused: null };
  if (!sub || sub.type !== ApplicationCommandOptionType.Subcommand) return out;
  out.subcommand = sub.name;
  for (const o of (sub.options ?? []) as APIApplicationCommandInteractionDataBasicOption[]) {
    if (!('value' in o)) continue;
    out.values.set(o.name, o.value as string | number | boolean);
    if ('focused' in o && o.focused) out.focused = o.name;
  }
  return out;
}

export const text = (o: CommandOptions, name: string): string | null => {
  const v = o.values.get(name);
  return v === undefined || v === null ? null : String(v).trim();
};

export const integer = (o: CommandOptions, name: string): number | null => {
  const v = o.values.get(name);
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};
