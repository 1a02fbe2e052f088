import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Discord app (api.md section 12). A Discord user plays a side of a game by being bound to it: the
 * signed interaction proves who the user is, and the binding says which side that user holds, so the
 * app acts for the side without any token (the tokens of games made through Discord are never kept or
 * shown). A channel remembers its current game, which commands without `game:` act on. A game made
 * with an open seat keeps its invite code for the Join button of each of its messages: anyone who sees
 * the message may join, so the code is no secret there.
 */
export class DiscordPlayers1764850000000 implements MigrationInterface {
  name = 'DiscordPlayers1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE discord_players (
        game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        side text NOT NULL CHECK (side IN ('attackers', 'defenders')),
        user_id text NOT NULL,
        PRIMARY KEY (game_id, side)
      )`);
    await q.query(`
      CREATE TABLE discord_channel_games (
        channel_id text PRIMARY KEY,
        game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE discord_invites (
        game_id uuid PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        code text NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE discord_invites`);
    await q.query(`DROP TABLE discord_channel_games`);
    await q.query(`DROP TABLE discord_players`);
  }
}
