/**
 * `npm run discord:register`: registers the `/tafl` command with Discord (api.md section 12), replacing
 * the application's global commands with this one (`PUT /applications/{id}/commands` at
 * DISCORD_API_URL). Needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN. Commands reach every server
 * and user that installed the app within about an hour; a second run changes nothing.
 */
import { DISCORD_API_DEFAULT } from '../src/config/config';
import { TAFL_COMMANDS } from '../src/discord/tafl-commands';

async function main(): Promise<number> {
  const applicationId = process.env.DISCORD_APPLICATION_ID ?? '';
  const botToken = process.env.DISCORD_BOT_TOKEN ?? '';
  const apiUrl = (process.env.DISCORD_API_URL || DISCORD_API_DEFAULT).replace(/\/+$/, '');
  if (!/^\d{1,20}$/.test(applicationId) || !botToken) {
    process.stderr.write('discord:register needs DISCORD_APPLICATION_ID (digits) and DISCORD_BOT_TOKEN\n');
    return 2;
  }
  const r = await fetch(`${apiUrl}/applications/${applicationId}/commands`, {
    method: 'PUT',
    headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(TAFL_COMMANDS),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await r.text();
  if (!r.ok) {
    process.stderr.write(`Discord answered ${r.status}: ${text}\n`);
    return 1;
  }
  const names = (JSON.parse(text) as { name: string }[]).map((c) => `/${c.name}`).join(', ');
  process.stdout.write(`registered ${names} for application ${applicationId}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`discord:register failed: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
