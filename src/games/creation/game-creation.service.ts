/**
 * New stored games: one, a tournament round of up to 100 (all or none), or an imported OpenTafl
 * record. Every input is checked before anything is written; tokens are shown once and kept as hashes.
 */
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GameState, loadState } from '../../engine';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ProblemError } from '../../http/problem-error';
import { recordReplay } from '../../http/rate-limit/request-work';
import { parseOtn } from '../../records/otn-parse';
import type { OtgGame } from '../../records/otg';
import type { CatalogEntry } from '../../variants';
import { illegal } from '../acts/decide-move';
import { clockShowing, initialClock } from '../clocks/clock';
import { deadlineColumn } from '../clocks/flag-fall';
import { ServiceClock } from '../clocks/service-clock';
import { GameOptions, TimeControl, parseOptions, parseStartAt, parseTimeControl } from '../clocks/time-control';
import { ComputerSide, GameEntity } from '../entities/game.entity';
import { checkEngineSeat } from '../engine-seat';
import { GameChangeListeners } from '../game-change-listeners';
import { Side } from '../game-sides';
import { notationsOf, toMoveRows } from '../game.mapper';
import { parseGameRecord, readGameRecord } from '../game-record';
import { BulkCreatedView, CreatedGameView } from '../game.views';
import { GameVariants } from '../game-variants';
import { GameViews } from '../game-views';
import { GamesRepository, StoredGame } from '../games.repository';
import { PlayersInput, inviteOf, newInviteCode, seatsOfInput } from '../seats';
import { hashToken, newToken } from '../tokens';
import { newWebhookSecret } from '../webhooks/webhook-signature';
import { WebhookHosts } from '../webhooks/webhook-url';

export interface CreateGameInput {
  variant: string;
  computer?: { side: Side; level?: number; budgetMs?: number; engine?: string } | null;
  position?: string | null;
  players?: PlayersInput | null;
  metadata?: Record<string, unknown> | null;
  timeControl?: unknown;
  startAt?: string | null;
  options?: unknown;
  webhook?: unknown;
}

/** Bulk creation takes at most this many games in one call (api.md section 8). */
export const MAX_BULK_GAMES = 100;

/** A create input checked and turned into what a game row needs. */
interface PreparedGame {
  state: GameState;
  input: CreateGameInput;
  startPosition: string;
  timeControl: TimeControl | null;
  startAt: number | null;
  options: GameOptions;
  webhookUrl: string | null;
  /** The side left to whoever claims it, and the names of the others. */
  seats: ReturnType<typeof seatsOfInput>;
}

type NewGame = StoredGame & { tokens: CreatedGameView['tokens']; webhookSecret: string | null; inviteCode: string | null };

/** The stored computer side of an input: defaults filled in, `engine` only when one is seated. */
function computerSide(c: NonNullable<CreateGameInput['computer']>): ComputerSide {
  const side: ComputerSide = { side: c.side, level: c.level ?? 5, budgetMs: c.budgetMs ?? 1000 };
  if (c.engine !== undefined && c.engine !== null) side.engine = c.engine;
  return side;
}

@Injectable()
export class GameCreation {
  constructor(
    private readonly games: GamesRepository,
    private readonly variants: GameVariants,
    private readonly views: GameViews,
    private readonly clock: ServiceClock,
    private readonly webhookHosts: WebhookHosts,
    private readonly listeners: GameChangeListeners,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(input: CreateGameInput): Promise<CreatedGameView> {
    const p = await this.prepare(input);
    const now = this.clock.now();
    const [created] = await this.store([this.newGame(p, now)], now);
    return created;
  }

  /** A tournament round: every game checked first, then all stored in one transaction, or none. */
  async createMany(inputs: CreateGameInput[], webhook?: unknown): Promise<BulkCreatedView> {
    if (!Array.isArray(inputs) || inputs.length < 1 || inputs.length > MAX_BULK_GAMES) {
      throw ProblemError.invalidField('games', `games must be a list of 1 to ${MAX_BULK_GAMES} create inputs`);
    }
    // A webhook given beside the games is every game's that names none of its own.
    const prepared: PreparedGame[] = [];
    for (const [i, input] of inputs.entries())
      prepared.push(await this.prepare({ ...input, webhook: input.webhook ?? webhook }, `games[${i}].`));
    const now = this.clock.now();
    return {
      games: await this.store(
        prepared.map((p) => this.newGame(p, now)),
        now,
      ),
    };
  }

  async importGame(variantId: string | null | undefined, record: string): Promise<CreatedGameView> {
    const g = parseGameRecord(record);
    const chosen = await this.recordVariant(variantId, g);
    const v = chosen.entry.compiled;
    const r = readGameRecord(v, g);
    // The same cap as every stateless request: a record is replayed in full before anything is stored.
    if (r.moves.length > this.config.maxMoves) throw ProblemError.tooManyMoves(this.config.maxMoves, r.moves.length, 'record');
    recordReplay(1 + r.moves.length);
    const state = loadState(v, { position: r.position, moves: r.moves });
    if (!state.ok) {
      const e = state.error;
      if (e.kind === 'illegal-move') throw illegal(e.illegal.index, e.illegal.move, e.illegal.reason, e.illegal.message);
      throw ProblemError.badInput(e.errors.map((x) => x.message).join('; '), e.errors);
    }
    if (chosen.register) await this.variants.catalog.register(chosen.entry.rules, chosen.entry.meta.name, g.rules?.text ?? null);
    // An ending the moves already show wins over what the tags claim.
    const extra: Partial<GameEntity> = state.value.outcomeInfo().status === 'ongoing' && r.offBoard ? { ...r.offBoard } : {};
    // A record this service exported carries the game's metadata; any other keeps its tags there.
    const input = { variant: v.id, players: r.players, metadata: r.metadata ?? { importedTags: r.tags } };
    const now = this.clock.now();
    if (r.timeControl && r.remaining) extra.clock = clockShowing(r.timeControl, r.remaining.attackers, r.remaining.defenders, now);
    const prepared: PreparedGame = {
      state: state.value,
      input,
      startPosition: r.startPosition,
      timeControl: r.timeControl,
      startAt: null,
      options: parseOptions(null),
      webhookUrl: null,
      seats: { open: null, names: r.players },
    };
    const [created] = await this.store([this.newGame(prepared, now, extra)], now);
    return created;
  }

  /** Checks one create input; `at` prefixes the fields of its problems (`games[3].`) in a bulk call. */
  private async prepare(input: CreateGameInput, at = ''): Promise<PreparedGame> {
    const entry = await this.variants.catalog.resolve(input.variant);
    const v = entry?.compiled;
    if (!entry || !v) throw ProblemError.variantNotFound(String(input.variant), 'body', `${at}variant`);
    const r = loadState(v, { position: input.position ?? null });
    if (!r.ok) {
      const errors = r.error.kind === 'bad-input' ? r.error.errors : [];
      throw ProblemError.badInput(
        errors.map((e) => `${at}${e.message}`).join('; '),
        at ? errors.map((e) => ({ ...e, field: `${at}position` })) : errors,
      );
    }
    const startAt = parseStartAt(input.startAt, `${at}startAt`);
    if (input.computer?.engine !== undefined && input.computer.engine !== null)
      checkEngineSeat(this.config.engines, input.computer.engine, entry, r.value.tfen(), `${at}computer.engine`);
    return {
      state: r.value,
      input,
      startPosition: r.value.tfen(),
      timeControl: parseTimeControl(input.timeControl, `${at}timeControl`),
      startAt,
      options: parseOptions(input.options, `${at}options`),
      webhookUrl: this.webhookHosts.parse(input.webhook, `${at}webhook`),
      seats: seatsOfInput(input.players, { computer: !!input.computer, startAt: startAt !== null }, at),
    };
  }

  /**
   * A new game row and its move rows (an import's), with tokens shown once. An open side gets no token
   * (its hash '' matches none) until it is claimed, and its clocks start then.
   */
  private newGame(p: PreparedGame, now: number, extra: Partial<GameEntity> = {}): NewGame {
    const open = p.seats.open;
    const tokens: CreatedGameView['tokens'] = {};
    if (open !== 'attackers') tokens.attackers = newToken();
    if (open !== 'defenders') tokens.defenders = newToken();
    const inviteCode = open ? newInviteCode() : null;
    const webhookSecret = p.webhookUrl ? newWebhookSecret() : null;
    const at = new Date(now);
    const outcome = p.state.outcomeInfo();
    const game: GameEntity = Object.assign(new GameEntity(), {
      id: randomUUID(),
      variant: p.state.v.id,
      startPosition: p.startPosition,
      position: p.state.tfen(),
      ply: p.state.plies.length,
      status: outcome.status,
      winner: outcome.winner,
      reason: outcome.reason,
      players: p.seats.names,
      metadata: p.input.metadata ?? {},
      attackersTokenHash: tokens.attackers ? hashToken(tokens.attackers) : '',
      defendersTokenHash: tokens.defenders ? hashToken(tokens.defenders) : '',
      openSeat: open,
      inviteHash: inviteCode ? hashToken(inviteCode) : null,
      drawOfferedBy: null,
      takebackOfferedBy: null,
      timeControl: p.timeControl,
      clock: p.timeControl && !open ? initialClock(p.timeControl, p.startAt ?? now) : null,
      deadline: null,
      options: p.options,
      webhookUrl: p.webhookUrl,
      webhookSecret,
      computer: p.input.computer ? computerSide(p.input.computer) : null,
      lastSeq: 0,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    game.deadline = deadlineColumn(game);
    const moves = toMoveRows(game, p.state, 0, at);
    return { game, moves, tokens, webhookSecret, inviteCode };
  }

  private async store(made: NewGame[], now: number): Promise<CreatedGameView[]> {
    await this.games.insertGames(made);
    for (const { game } of made) this.listeners.changed(game);
    return Promise.all(
      made.map(async ({ game, moves, tokens, webhookSecret, inviteCode }) => {
        const notations = notationsOf(moves);
        const v = await this.variants.variant(game.variant);
        const invite = inviteCode ? inviteOf(inviteCode, this.config.publicBaseUrl) : null;
        return { id: game.id, tokens, webhookSecret, game: this.views.summary(v, game, notations.at(-1) ?? null, now, notations), invite };
      }),
    );
  }

  /**
   * The variant a record is imported under (api.md section 9): the one named in the request; else its
   * `[variant:]` tag when that is a known id (this service's own exports carry it); else the built-in
   * whose rules its `[rules:]` string equals, or a custom variant of those rules (registered once the
   * moves replay, so a refused record stores nothing).
   */
  private async recordVariant(variantId: string | null | undefined, g: OtgGame): Promise<{ entry: CatalogEntry; register: boolean }> {
    if (variantId !== undefined && variantId !== null) return { entry: await this.variants.entry(variantId), register: false };
    const catalog = this.variants.catalog;
    const tagged = g.tagMap.variant ? await catalog.resolve(g.tagMap.variant) : undefined;
    if (tagged) return { entry: tagged, register: false };
    if (!g.rules) {
      throw ProblemError.badInput('the record has no [rules:] tag and no variant was given', [
        { code: 'BAD_RECORD', field: 'variant', message: 'give variant, or a record with a [rules:] tag' },
      ]);
    }
    const parsed = parseOtn(g.rules.text);
    if (!parsed.ok) {
      const problems = parsed.error.map((p) => ({ ...p, field: `record.rules${p.field?.startsWith('otn.') ? p.field.slice(3) : ''}` }));
      throw ProblemError.badInput(`the record's rules cannot be played: ${parsed.error.map((p) => p.message).join('; ')}`, problems);
    }
    const builtIn = catalog.builtInWithRules(parsed.value.rules);
    if (builtIn) return { entry: builtIn, register: false };
    const source = { name: 'OpenTafl rules string', note: g.rules.text };
    return { entry: catalog.custom(parsed.value.rules, parsed.value.name, source), register: true };
  }
}
