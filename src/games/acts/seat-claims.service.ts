/**
 * Claiming an open seat with its invite code, and reading an invite (api.md section 11). The claim is an
 * act under the game's row lock like any other, so of concurrent claims on any instances exactly one
 * finds the seat open; it gets the side's token (shown once, kept as a hash), the clocks start, and the
 * `seat_taken` event goes to streams and webhooks with the change.
 */
import { Injectable } from '@nestjs/common';
import { ProblemError } from '../../http/problem-error';
import { initialClock } from '../clocks/clock';
import { ServiceClock } from '../clocks/service-clock';
import { GameChanges } from '../entities/game.entity';
import { GameChangeListeners } from '../game-change-listeners';
import { ClaimedSeatView, GameSummaryView } from '../game.views';
import { GameVariants } from '../game-variants';
import { GameViews } from '../game-views';
import { GamesRepository } from '../games.repository';
import { hashToken, newToken, tokenOf } from '../tokens';
import { gameOver } from './decide-move';
import { GameLocks } from './game-locks';

/** Longer than any code this service makes; a longer one is refused before it is hashed. */
const MAX_CODE_LENGTH = 64;

@Injectable()
export class SeatClaims {
  constructor(
    private readonly games: GamesRepository,
    private readonly locks: GameLocks,
    private readonly variants: GameVariants,
    private readonly views: GameViews,
    private readonly listeners: GameChangeListeners,
    private readonly clock: ServiceClock,
  ) {}

  async claim(id: string, code: string, name?: string | null): Promise<ClaimedSeatView> {
    if (code.length === 0 || code.length > MAX_CODE_LENGTH) throw ProblemError.badInvite('this is not an invite code of this game');
    const claimed = await this.locks.locked(
      id,
      null,
      async (m, g, side, now) => {
        const { game } = g;
        const matches = game.inviteHash !== null && tokenOf(code, { invite: game.inviteHash }) !== null;
        if (!matches) throw ProblemError.badInvite('this is not an invite code of this game');
        if (game.openSeat === null) throw ProblemError.seatTaken('the open seat of this game has been claimed already');
        if (game.status === 'finished') throw gameOver(game);
        const token = newToken();
        const changes: GameChanges = {
          openSeat: null,
          players: { ...game.players, [side]: name ?? game.players[side] ?? null },
          [side === 'attackers' ? 'attackersTokenHash' : 'defendersTokenHash']: hashToken(token),
          // The clocks start now, with the side to move's.
          clock: game.timeControl ? initialClock(game.timeControl, now) : null,
        };
        await this.locks.commit(m, game, changes, 'seat_taken', null, now);
        return { id: game.id, side, token, game: this.views.summary(g.v, game, g.notations.at(-1) ?? null, now, g.notations) };
      },
      { byClaimant: true },
    );
    this.listeners.changedView(claimed.game);
    return claimed;
  }

  /** The game an invite code opens, as a summary (who waits, the variant, the time control), without claiming it. */
  async invite(code: string): Promise<GameSummaryView> {
    const found = code.length > 0 && code.length <= MAX_CODE_LENGTH ? await this.games.findByInvite(hashToken(code)) : null;
    if (!found) throw ProblemError.notFound('there is no game with this invite code');
    const v = await this.variants.variant(found.game.variant);
    return this.views.summary(v, found.game, found.last, this.clock.now());
  }
}
