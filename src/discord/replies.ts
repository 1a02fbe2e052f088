/** The interaction responses the app sends (Discord's callback types), each written once. */
import {
  APIApplicationCommandOptionChoice,
  APIInteractionResponse,
  APIInteractionResponseCallbackData,
  InteractionResponseType,
  MessageFlags,
} from 'discord-api-types/v10';

export const pong = (): APIInteractionResponse => ({ type: InteractionResponseType.Pong });

export const message = (data: APIInteractionResponseCallbackData): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data,
});

/** A message only the invoker sees: refusals and private answers. Nothing is mentioned. */
export const ephemeral = (content: string): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data: { content, flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } },
});

/** The message the pressed button belongs to, changed in place. */
export const update = (data: APIInteractionResponseCallbackData): APIInteractionResponse => ({
  type: InteractionResponseType.UpdateMessage,
  data,
});

/** "Thinking…": the answer follows as an edit of this message (follow-ups.ts). */
export const deferred = (isEphemeral: boolean): APIInteractionResponse => ({
  type: InteractionResponseType.DeferredChannelMessageWithSource,
  data: isEphemeral ? { flags: MessageFlags.Ephemeral } : {},
});

export const choices = (list: APIApplicationCommandOptionChoice[]): APIInteractionResponse => ({
  type: InteractionResponseType.ApplicationCommandAutocompleteResult,
  data: { choices: list.slice(0, 25) },
});
