/**
 * `npm run discord:register` (its compiled script, as the npm script runs it) against a local receiver
 * standing in for Discord: one PUT of the /tafl command with the bot token. `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../api/harness';
import { discordReceiver } from './discord-client';

const run = promisify(execFile);
const SCRIPT = join(ROOT, 'dist', 'scripts', 'discord-register.js');

describe('npm run discord:register', () => {
  it('PUTs the /tafl command, installable to servers and users, with the bot token', async () => {
    const receiver = await discordReceiver();
    try {
      const env = {
        ...process.env,
        DISCORD_APPLICATION_ID: '1100000000000000001',
        DISCORD_BOT_TOKEN: 'bot-secret',
        DISCORD_API_URL: receiver.url,
      };
      const { stdout } = await run(process.execPath, [SCRIPT], { env });
      expect(stdout).toContain('registered /tafl for application 1100000000000000001');
      expect(receiver.edits).toHaveLength(1);
      const put = receiver.edits[0];
      expect(put.method).toBe('PUT');
      expect(put.authorization).toBe('Bot bot-secret');
      expect(put.url).toBe('/api/v10/applications/1100000000000000001/commands');
      const commands = JSON.parse(put.body.toString('utf8'));
      expect(commands.map((c: { name: string }) => c.name)).toEqual(['tafl']);
      expect(commands[0].integration_types).toEqual([0, 1]);
      expect(commands[0].contexts).toEqual([0, 1, 2]);
      expect(commands[0].options.map((o: { name: string }) => o.name)).toEqual([
        'new',
        'move',
        'board',
        'gif',
        'suggest',
        'rules',
        'resign',
        'draw',
        'export',
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('refuses to run without the application id and bot token', async () => {
    const env = { ...process.env, DISCORD_APPLICATION_ID: '', DISCORD_BOT_TOKEN: '' };
    const failed = (await run(process.execPath, [SCRIPT], { env }).catch((e: { code: number; stderr: string }) => e)) as {
      code: number;
      stderr: string;
    };
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('DISCORD_BOT_TOKEN');
  });
});
