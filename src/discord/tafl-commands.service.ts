/**
 * The `/tafl` subcommands (api.md section 12). Each answers within Discord's 3 s: at once when the work
 * is a read or an act on one game, deferred (type 5, then an edit of the original message) when it
 * renders or searches. A refusal is an ephemeral message and stores nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { APIInteraction } from 'discord-api-types/v10';
import { APP_CONFIG, AppConfig } from '../config/config';
import { registryVariant } from '../tafl-rules/registry-variant';
import { VariantCatalog } from '../variants/variant-catalog';
import { GameCreation } from '../games/creation/game-creation.service';
import { MovePlay } from '../games/acts/move-play.service';
import { GameDecisions } from '../games/acts/game-decisions.service';
import { Side, otherSide } from '../games/game-sides';
import { DiscordGames, Refusal } from './discord-games.service';
import { DeferredWork } from './deferred-work';
import { CommandOptions, Invoker, channelOf, guildOf, integer, text } from './interaction-reader';
import { Handled } from './handled';
import { ephemeral, message } from './replies';

/** `<@123>`, `<@!123>` or the bare id a user option gives. */
const USER_MENTION = /^<@!?(\d{5,20})>$|^(\d{5,20})$/;
/** Minutes, then the increment in seconds: `5+3`, `10+0`, `3`. */
const TIME = /^(\d{1,3})(?:\+(\d{1,3}))?$/;

@Injectable()
export class TaflCommands {
  constructor(
    private readonly games: DiscordGames,
    private readonly creation: GameCreation,
    private readonly moves: MovePlay,
    private readonly decisions: GameDecisions,
    private readonly deferredWork: DeferredWork,
    private readonly catalog: VariantCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(i: APIInteraction, o: CommandOptions, who: Invoker): Promise<Handled> {
    switch (o.subcommand) {
      case 'new':
        return { response: await this.newGame(i, o, who) };
      case 'move':
        return this.move(i, o, who);
      case 'board':
        return { response: await this.board(i, o, who) };
      case 'rules':
        return { response: await this.rules(o) };
      case 'resign':
        return { response: await this.resign(await this.games.idOf(i, o), who) };
      case 'draw':
        return { response: await this.draw(await this.games.idOf(i, o), who) };
      case 'suggest':
        return this.deferredWork.suggest(i, await this.games.idOf(i, o), integer(o, 'level'), who);
      case 'gif':
        return this.deferredWork.gif(i, await this.games.idOf(i, o));
      case 'export':
        return this.deferredWork.export(i, await this.games.idOf(i, o));
      default:
        throw new Refusal(`/tafl ${o.subcommand} is not a command of this app.`);
    }
  }

  private async newGame(i: APIInteraction, o: CommandOptions, who: Invoker) {
    const variant = text(o, 'variant') ?? '';
    if (!(await this.catalog.resolve(variant))) throw new Refusal(`There is no variant "${variant}": try brandubh, copenhagen or fetlar.`);
    const opponent = (text(o, 'opponent') ?? '').toLowerCase();
    const user = USER_MENTION.exec(opponent);
    if (!user && opponent !== 'open' && opponent !== 'computer')
      throw new Refusal('The opponent is a user (@mention), "open" or "computer".');
    const opponentId = user ? (user[1] ?? user[2]) : null;
    if (opponentId === who.id) throw new Refusal('You cannot play against yourself: name someone else, "open" or "computer".');
    const time = text(o, 'time');
    const clock = time === null ? null : TIME.exec(time);
    if (time !== null && (!clock || Number(clock[1]) < 1)) throw new Refusal('The time is minutes+increment seconds, e.g. 5+3.');
    const created = await this.creation.create({
      variant,
      players: {
        attackers: who.name,
        defenders: opponent === 'open' ? { open: true } : opponent === 'computer' ? 'computer' : null,
      },
      computer: opponent === 'computer' ? { side: 'defenders', level: integer(o, 'level') ?? 5 } : null,
      timeControl: clock ? { type: 'fischer', initialMs: Number(clock[1]) * 60_000, incrementMs: Number(clock[2] ?? 0) * 1000 } : null,
      metadata: { discord: { guildId: guildOf(i), channelId: channelOf(i) } },
    });
    const bindings: { side: Side; userId: string }[] = [{ side: 'attackers', userId: who.id }];
    if (opponentId) bindings.push({ side: 'defenders', userId: opponentId });
    await this.games.players.bindNew(created.id, bindings, created.invite?.code ?? null, channelOf(i), new Date());
    const against = opponentId ? `<@${opponentId}>` : opponent === 'open' ? 'whoever joins' : 'the computer';
    const players = { attackers: who.id, defenders: opponentId };
    return message(this.games.after(created.game, players, who.id, `<@${who.id}> started a game against ${against}.`));
  }

  private async move(i: APIInteraction, o: CommandOptions, who: Invoker): Promise<Handled> {
    const id = await this.games.idOf(i, o);
    const g = await this.games.load(id);
    const side = this.games.sideOf(g, who.id);
    const { played } = await this.moves.play(id, null, text(o, 'move') ?? '', g.game.ply, false, side);
    const headline = `<@${who.id}> played ${played.move.notation}.`;
    const computer = played.game.computer;
    if (computer && played.game.outcome.status === 'ongoing' && played.game.sideToMove === computer.side) {
      return this.deferredWork.computerReply(i, id, played.game.ply, computer.budgetMs ?? 1000, who, headline);
    }
    return { response: message(this.games.after(played.game, g.players, who.id, headline)) };
  }

  private async board(i: APIInteraction, o: CommandOptions, who: Invoker) {
    const g = await this.games.load(await this.games.idOf(i, o));
    const ply = integer(o, 'ply') ?? g.game.ply;
    if (ply < 0 || ply > g.game.ply) throw new Refusal(`The game has ${g.game.ply} moves: ply is 0 to ${g.game.ply}.`);
    return message(this.games.message(g, who.id, { ply }));
  }

  private async rules(o: CommandOptions) {
    const id = text(o, 'variant') ?? '';
    const entry = await this.catalog.resolve(id);
    if (!entry) throw new Refusal(`There is no variant "${id}".`);
    const r = registryVariant(entry);
    const lines = [`**${r.name}** (${r.size}×${r.size})`, r.description];
    if (this.config.publicBaseUrl) lines.push(`${this.config.publicBaseUrl}/v1/variants/${encodeURIComponent(r.id)}/board.png`);
    if (r.otn) lines.push('OpenTafl rules string:', '```', r.otn, '```');
    return ephemeral(lines.join('\n').slice(0, 2000));
  }

  async resign(id: string, who: Invoker) {
    const players = await this.games.players.playersOf(id);
    const side = this.games.sideOf({ players }, who.id);
    const { game } = await this.decisions.resign(id, { side });
    return message(this.games.after(game, players, who.id, `<@${who.id}> resigned.`));
  }

  /** Offers a draw, or accepts the one the other side has offered. */
  async draw(id: string, who: Invoker) {
    const g = await this.games.load(id);
    const side = this.games.sideOf(g, who.id);
    if (g.game.drawOfferedBy === otherSide(side)) {
      const { game } = await this.decisions.acceptDraw(id, { side });
      return message(this.games.after(game, g.players, who.id, `<@${who.id}> accepted the draw.`));
    }
    const { game } = await this.decisions.offerDraw(id, { side });
    const headline = `<@${who.id}> offers a draw: press **Offer draw** (or \`/tafl draw\`) to accept.`;
    return message(this.games.after(game, g.players, who.id, headline));
  }
}
