/**
 * Discord's side of the tests: an Ed25519 key pair made here, interactions signed with it as Discord
 * signs them, and a local receiver standing in for Discord's API (DISCORD_API_URL) that records every
 * edit of a deferred answer. Not a test file itself.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer, TestApp } from '../api/harness';

export const APPLICATION_ID = '1100000000000000001';
export const GUILD = '1200000000000000001';
export const CHANNEL = '1300000000000000001';

export function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The last 32 bytes of the SubjectPublicKeyInfo are the raw key, which Discord shows in hex.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { publicKeyHex: raw.toString('hex'), privateKey };
}

type PrivateKey = ReturnType<typeof keyPair>['privateKey'];

export function signed(privateKey: PrivateKey, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = sign(null, Buffer.from(`${timestamp}${body}`, 'utf8'), privateKey).toString('hex');
  return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': String(timestamp) };
}

let counter = 0;
const user = (id: string) => ({
  id,
  username: `user${id.slice(-3)}`,
  global_name: `Player ${id.slice(-3)}`,
  discriminator: '0',
  avatar: null,
});

function base(type: number, userId: string, extra: Record<string, unknown>) {
  counter++;
  return {
    type,
    id: `14${String(counter).padStart(17, '0')}`,
    application_id: APPLICATION_ID,
    token: `interaction-token-${counter}`,
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0 },
    member: { user: user(userId), roles: [], permissions: '0' },
    ...extra,
  };
}

export type OptionValue = string | number;

/** `/tafl <sub> name:value …`; `focused` marks the option being typed (autocomplete). */
export function command(userId: string, sub: string, options: Record<string, OptionValue> = {}, focused?: string) {
  const opts = Object.entries(options).map(([name, value]) => ({
    name,
    type: typeof value === 'number' ? 4 : 3,
    value,
    ...(name === focused ? { focused: true } : {}),
  }));
  return base(focused ? 4 : 2, userId, {
    data: { id: '1500000000000000001', name: 'tafl', type: 1, options: [{ type: 1, name: sub, options: opts }] },
  });
}

export function button(userId: string, customId: string) {
  return base(3, userId, { data: { custom_id: customId, component_type: 2 }, message: { id: '1600000000000000001' } });
}

export interface Edit {
  method: string;
  url: string;
  contentType: string;
  authorization: string | null;
  body: Buffer;
}

/** Records every request; answers 200 `{}` as Discord answers an edit, and a PUT of commands with the commands. */
export async function discordReceiver(): Promise<{ url: string; edits: Edit[]; close(): Promise<void> }> {
  const edits: Edit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = req.headers.authorization ?? null;
      const contentType = String(req.headers['content-type'] ?? '');
      edits.push({ method: req.method ?? '', url: req.url ?? '', contentType, authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'PUT' ? body : '{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/v10`, edits, close: () => new Promise((r) => server.close(() => r())) };
}

/** Sends an interaction signed with `key`; the answer as the app gave it. */
export function interact(app: TestApp, key: PrivateKey, payload: unknown, headers?: Record<string, string>): Promise<Answer> {
  const body = JSON.stringify(payload);
  return app.request('POST', '/v1/discord/interactions', body, headers ?? signed(key, body));
}
