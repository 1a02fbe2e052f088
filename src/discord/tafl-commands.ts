/**
 * The `/tafl` command as Discord registers it (api.md section 12): one command with subcommands,
 * installable to servers and to users, usable in servers, DMs and private channels. The option names
 * here are the ones the interaction handlers read; `npm run discord:register` sends this list.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

export const TAFL_COMMAND = 'tafl';

const variant = (required: boolean) =>
  ({
    type: ApplicationCommandOptionType.String,
    name: 'variant',
    description: 'A variant id: brandubh, copenhagen, fetlar, …',
    required,
    autocomplete: true,
  }) as const;
const game = { type: ApplicationCommandOptionType.String, name: 'game', description: "A game id (default: this channel's game)" } as const;
const level = {
  type: ApplicationCommandOptionType.Integer,
  name: 'level',
  description: 'Computer strength, 1–10',
  min_value: 1,
  max_value: 10,
} as const;

export const TAFL_COMMANDS: RESTPutAPIApplicationCommandsJSONBody = [
  {
    type: ApplicationCommandType.ChatInput,
    name: TAFL_COMMAND,
    description: 'Play tafl (hnefatafl, brandubh, tablut, …)',
    integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'new',
        description: 'Start a game in this channel: against someone, open to whoever joins, or against the computer',
        options: [
          variant(true),
          {
            type: ApplicationCommandOptionType.String,
            name: 'opponent',
            description: 'A user (@mention), "open" (first to press Join) or "computer"',
            required: true,
            autocomplete: true,
          },
          level,
          { type: ApplicationCommandOptionType.String, name: 'time', description: 'Clock as minutes+increment seconds, e.g. 5+3' },
        ],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'move',
        description: 'Play a move in your game',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'move',
            description: 'e.g. d2-e2 (type a square to see its moves)',
            required: true,
            autocomplete: true,
          },
          game,
        ],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'board',
        description: 'Show the board',
        options: [{ type: ApplicationCommandOptionType.Integer, name: 'ply', description: 'After this many moves', min_value: 0 }, game],
      },
      { type: ApplicationCommandOptionType.Subcommand, name: 'gif', description: 'The game so far as an animated GIF', options: [game] },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'suggest',
        description: 'A move suggestion, only for you',
        options: [level, game],
      },
      { type: ApplicationCommandOptionType.Subcommand, name: 'rules', description: 'How a variant is played', options: [variant(true)] },
      { type: ApplicationCommandOptionType.Subcommand, name: 'resign', description: 'Resign your game', options: [game] },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'draw',
        description: "Offer a draw, or accept your opponent's offer",
        options: [game],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'export',
        description: 'The game as an OpenTafl record (.otg)',
        options: [game],
      },
    ],
  },
];
