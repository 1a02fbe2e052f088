/**
 * The subcommands and buttons whose work may outlast Discord's 3 s: a search, a GIF, a record. Each
 * answers "thinking…" at once (type 5) and edits that message when the work is done, through
 * DISCORD_API_URL. The work runs after the response is sent; a search and a GIF run in the worker
 * pools, so the event loop stays free meanwhile.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APIInteraction, APIInteractionResponseCallbackData, MessageFlags } from 'discord-api-types/v10';
import { APP_CONFIG, AppConfig } from '../config/config';
import { SuggestionsService } from '../api/suggestions/suggestions.service';
import { RenderPool, animationAnswer, readPictureQuery } from '../render';
import { GameReads } from '../games/reading/game-reads.service';
import { DiscordGames, refusalText } from './discord-games.service';
import { Attachment, FollowUps } from './follow-ups';
import { Handled } from './handled';
import { Invoker } from './interaction-reader';
import { deferred, message } from './replies';

/** The search's time for a suggestion asked from Discord: well inside the 15 minutes an edit may come. */
const SUGGEST_BUDGET_MS = 1_500;
/** How often a deferred answer looks whether the computer has moved, and how long past its budget it waits. */
const COMPUTER_POLL_MS = 100;
const COMPUTER_GRACE_MS = 5_000;
/**
 * At most this many computer moves are waited for in one answer: under berserk (OTN-13) a capture lets
 * the computer move again, so it may make several moves in a row, each within its own budget.
 */
const COMPUTER_MAX_MOVES = 8;
/** Work done within this is answered at once; past it, deferred (Discord waits 3 s for the first answer). */
const QUICK_MS = 2_000;

@Injectable()
export class DeferredWork {
  private readonly followUps: FollowUps;

  constructor(
    private readonly games: DiscordGames,
    private readonly reads: GameReads,
    private readonly suggestions: SuggestionsService,
    private readonly pool: RenderPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.followUps = new FollowUps(config.discord?.apiUrl ?? '', config.discord?.applicationId ?? '');
  }

  /** A move suggestion for the side to move, seen by the invoker alone. */
  suggest(i: APIInteraction, id: string, level: number | null, who: Invoker): Promise<Handled> {
    return this.quickOrLater(i, true, async () => {
      const { game } = await this.games.load(id);
      const said = (content: string) => ({ content, flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } });
      if (game.outcome.status === 'finished') return said('The game is over: there is nothing to suggest.');
      const s = await this.suggestions.suggest(
        { variant: game.variant, position: game.startPosition, moves: game.moves, level, budgetMs: SUGGEST_BUDGET_MS },
        `discord:${who.id}`,
      );
      const line = s.lines[0];
      return said(
        `Suggested for the ${game.sideToMove}: **${s.bestMove.notation}** (depth ${s.depth}${line ? `, score ${line.score}` : ''}).`,
      );
    });
  }

  gif(i: APIInteraction, id: string): Handled {
    return this.later(i, false, async () => {
      const g = await this.reads.pictureOf(id, undefined);
      const query = readPictureQuery(g.v.geo, {});
      const made = query.ok ? animationAnswer(this.pool, g.v, g.start, g.moves, query.value) : null;
      const bytes = made?.ok ? await made.value.body() : null;
      if (!bytes?.ok) return { content: 'This game cannot be animated (too many moves for one GIF).' };
      return {
        content: `Game ${id}: ${g.moves.length} moves.`,
        file: { name: `tafl-${id}.gif`, contentType: 'image/gif', bytes: bytes.value },
      };
    });
  }

  export(i: APIInteraction, id: string): Handled {
    return this.later(i, false, async () => {
      const r = await this.reads.exportGame(id, 'otg');
      return {
        content: `Game ${id} as an OpenTafl record.`,
        file: { name: `tafl-${id}.otg`, contentType: 'text/plain', bytes: String(r.body) },
      };
    });
  }

  /**
   * After a move against the computer: the board once the computer has answered, so the player sees
   * all its moves in one message. It waits while the computer's side is to move: under berserk that is
   * several moves in a row. Each move has its budget (and a grace) from the one before; past that, or
   * past COMPUTER_MAX_MOVES moves, the answer shows the board as it then stands.
   */
  computerReply(i: APIInteraction, id: string, ply: number, budgetMs: number, who: Invoker, headline: string): Promise<Handled> {
    return this.quickOrLater(i, false, async () => {
      let g = await this.games.load(id);
      const computer = g.game.computer?.side ?? g.game.sideToMove;
      let deadline = Date.now() + budgetMs + COMPUTER_GRACE_MS;
      let seen = g.game.ply;
      const waiting = () =>
        g.game.outcome.status === 'ongoing' &&
        (g.game.ply <= ply || g.game.sideToMove === computer) &&
        g.game.ply - ply < COMPUTER_MAX_MOVES &&
        Date.now() < deadline;
      while (waiting()) {
        await new Promise((r) => setTimeout(r, COMPUTER_POLL_MS));
        g = await this.games.load(id);
        if (g.game.ply > seen) {
          // A move came: the next one (a berserker's) has its own budget.
          seen = g.game.ply;
          deadline = Date.now() + budgetMs + COMPUTER_GRACE_MS;
        }
      }
      const moves = g.game.moves.slice(ply);
      const answered = moves.length ? ` The computer answered ${moves.join(', ')}.` : '';
      return this.games.message(g, who.id, { headline: `${headline}${answered}` });
    });
  }

  /**
   * Work with no file that is usually quick: answered at once (type 4) when done within QUICK_MS, else
   * answered "thinking…" (type 5) and edited when done, as api.md asks of work past 2 s. A refusal
   * before the answer is the router's to show; after it, the edit says it.
   */
  private async quickOrLater(
    i: APIInteraction,
    isEphemeral: boolean,
    work: () => Promise<APIInteractionResponseCallbackData>,
  ): Promise<Handled> {
    const running = work();
    // Settled below on either branch; this only keeps a late failure from being reported as unhandled.
    running.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUICK_MS)));
    const first = await Promise.race([running, late]).finally(() => clearTimeout(timer));
    if (first !== null) return { response: message(first) };
    return {
      response: deferred(isEphemeral),
      after: async () => {
        let data: APIInteractionResponseCallbackData;
        try {
          data = await running;
        } catch (e) {
          data = { content: refusalText(e) ?? 'Something went wrong on our side; try again.', allowed_mentions: { parse: [] } };
        }
        await this.followUps.editOriginal(i.token, data);
      },
    };
  }

  /** Answers type 5 now; `work` runs once the answer is sent, and its result (or refusal) edits it. */
  private later(i: APIInteraction, isEphemeral: boolean, work: () => Promise<{ content: string; file?: Attachment }>): Handled {
    return {
      response: deferred(isEphemeral),
      after: async () => {
        let out: { content: string; file?: Attachment };
        try {
          out = await work();
        } catch (e) {
          out = { content: refusalText(e) ?? 'Something went wrong on our side; try again.' };
        }
        await this.followUps.editOriginal(i.token, { content: out.content, allowed_mentions: { parse: [] } }, out.file);
      },
    };
  }
}
