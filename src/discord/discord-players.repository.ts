/**
 * Which Discord user plays which side of a game, and each channel's current game. A binding is made
 * once (a side's row exists or not: the primary key refuses a second one), never changed.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../games/database/database.service';
import type { Side } from '../games/game-sides';

export interface DiscordPlayers {
  attackers: string | null;
  defenders: string | null;
}

@Injectable()
export class DiscordPlayersRepository {
  constructor(private readonly db: DatabaseService) {}

  async playersOf(gameId: string): Promise<DiscordPlayers> {
    const rows = (await this.db.read((m) => m.query(`SELECT side, user_id FROM discord_players WHERE game_id = $1`, [gameId]))) as {
      side: Side;
      user_id: string;
    }[];
    const players: DiscordPlayers = { attackers: null, defenders: null };
    for (const r of rows) players[r.side] = r.user_id;
    return players;
  }

  /**
   * Binds the users to their sides of a new game, keeps its invite code (open seat), and makes it the
   * channel's current game, in one transaction.
   */
  async bindNew(
    gameId: string,
    bindings: { side: Side; userId: string }[],
    inviteCode: string | null,
    channelId: string | null,
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (m) => {
      for (const b of bindings)
        await m.query(`INSERT INTO discord_players (game_id, side, user_id) VALUES ($1, $2, $3)`, [gameId, b.side, b.userId]);
      if (inviteCode) await m.query(`INSERT INTO discord_invites (game_id, code) VALUES ($1, $2)`, [gameId, inviteCode]);
      if (channelId) await setChannelGame(m, channelId, gameId, now);
    });
  }

  async inviteCode(gameId: string): Promise<string | null> {
    const rows = (await this.db.read((m) => m.query(`SELECT code FROM discord_invites WHERE game_id = $1`, [gameId]))) as {
      code: string;
    }[];
    return rows[0]?.code ?? null;
  }

  /** Binds the user who claimed a seat. */
  async bind(gameId: string, side: Side, userId: string): Promise<void> {
    await this.db.transaction((m) =>
      m.query(`INSERT INTO discord_players (game_id, side, user_id) VALUES ($1, $2, $3)`, [gameId, side, userId]),
    );
  }

  async channelGame(channelId: string): Promise<string | null> {
    const rows = (await this.db.read((m) => m.query(`SELECT game_id FROM discord_channel_games WHERE channel_id = $1`, [channelId]))) as {
      game_id: string;
    }[];
    return rows[0]?.game_id ?? null;
  }
}

function setChannelGame(m: { query(sql: string, p: unknown[]): Promise<unknown> }, channelId: string, gameId: string, now: Date) {
  return m.query(
    `INSERT INTO discord_channel_games (channel_id, game_id, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (channel_id) DO UPDATE SET game_id = EXCLUDED.game_id, updated_at = EXCLUDED.updated_at`,
    [channelId, gameId, now],
  );
}
