/**
 * A game as a Discord message: an embed with the board's PNG at that ply (an immutable URL), who plays
 * which side, whose turn it is or how the game ended, and the buttons. Pure: the interaction handlers
 * gather the game and its players, this only shapes them.
 */
import {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIInteractionResponseCallbackData,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import type { GameSummaryView } from '../games/game.views';
import type { Side } from '../games/game-sides';
import type { DiscordPlayers } from './discord-players.repository';

export interface GameMessageInput {
  game: GameSummaryView;
  players: DiscordPlayers;
  variantName: string;
  /** PUBLIC_BASE_URL: without it Discord cannot fetch the picture, and the embed has none. */
  baseUrl: string | null;
  /** The ply shown (default: the current one). */
  ply?: number;
  flip?: boolean;
  /** The user the message answers: never pinged. */
  invoker: string;
  /** A line above the embed (what just happened). */
  headline?: string;
}

const SIDE_LABEL: Record<Side, string> = { attackers: '⚔️ Attackers', defenders: '🛡️ Defenders' };

/** Who holds a side, as the embed names them. */
export function holderOf(g: GameSummaryView, players: DiscordPlayers, side: Side): string {
  if (players[side]) return `<@${players[side]}>`;
  if (g.computer?.side === side) return `the computer (level ${g.computer.level ?? 5})`;
  if (g.seats[side] === 'open') return 'open seat (press **Join**)';
  return g.players[side] ?? 'someone';
}

/** The line that says whose turn it is, or how the game ended. */
export function statusLine(g: GameSummaryView, players: DiscordPlayers): string {
  if (g.outcome.status === 'finished') {
    const who = g.outcome.winner === 'draw' ? 'Draw' : `${SIDE_LABEL[g.outcome.winner as Side]} win`;
    return `**Game over.** ${who}: ${g.outcome.detail ?? g.outcome.reason}.`;
  }
  return `${SIDE_LABEL[g.sideToMove]} to move: ${holderOf(g, players, g.sideToMove)}`;
}

/** Time left as m:ss (h:mm:ss past an hour). */
export function clockText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

export function pictureUrl(baseUrl: string, id: string, ply: number, flip: boolean): string {
  return `${baseUrl}/v1/games/${id}/board.png?ply=${ply}${flip ? '&flip=1' : ''}`;
}

export function gameMessage(m: GameMessageInput): APIInteractionResponseCallbackData {
  const g = m.game;
  const ply = m.ply ?? g.ply;
  const embed: APIEmbed = {
    title: `${m.variantName}: ply ${ply}${ply === g.ply ? '' : ` of ${g.ply}`}`,
    description: [
      `${SIDE_LABEL.attackers}: ${holderOf(g, m.players, 'attackers')}`,
      `${SIDE_LABEL.defenders}: ${holderOf(g, m.players, 'defenders')}`,
      '',
      statusLine(g, m.players),
      ...(g.clocks ? [`⏱️ attackers ${clockText(g.clocks.attackersMs)} · defenders ${clockText(g.clocks.defendersMs)}`] : []),
    ].join('\n'),
    footer: { text: `game ${g.id}` },
  };
  if (m.baseUrl) embed.image = { url: pictureUrl(m.baseUrl, g.id, ply, m.flip ?? false) };
  // Only the user whose turn it is gets a ping, and only when someone else's act made it their turn.
  const toMove = g.outcome.status === 'ongoing' ? m.players[g.sideToMove] : null;
  const ping = toMove && toMove !== m.invoker ? toMove : null;
  const content = [m.headline, ping ? `<@${ping}>, your move.` : null].filter((x) => x).join(' ');
  return {
    content,
    embeds: [embed],
    components: [buttons(g, ply, m.flip ?? false)],
    allowed_mentions: { parse: [], users: ping ? [ping] : [] },
  };
}

type ActionStyle = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function button(custom_id: string, label: string, style: ActionStyle = ButtonStyle.Secondary): APIButtonComponent {
  return { type: ComponentType.Button, style, label, custom_id };
}

/** Join while a seat is open; Resign and Offer draw while the game goes on; Flip and Suggest always. */
function buttons(g: GameSummaryView, ply: number, flip: boolean): APIActionRowComponent<APIButtonComponent> {
  const list: APIButtonComponent[] = [];
  const ongoing = g.outcome.status === 'ongoing';
  if (ongoing && (g.seats.attackers === 'open' || g.seats.defenders === 'open'))
    list.push(button(`join:${g.id}`, 'Join', ButtonStyle.Success));
  if (ongoing) list.push(button(`resign:${g.id}`, 'Resign', ButtonStyle.Danger), button(`draw:${g.id}`, 'Offer draw'));
  list.push(button(`flip:${g.id}:${ply}:${flip ? 0 : 1}`, 'Flip'));
  if (ongoing) list.push(button(`suggest:${g.id}`, 'Suggest', ButtonStyle.Primary));
  return { type: ComponentType.ActionRow, components: list };
}
