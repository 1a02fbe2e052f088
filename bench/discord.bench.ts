/**
 * Discord interaction latency (`npm run bench:discord`): the time from sending a signed `/tafl move`
 * interaction to its complete answer (type 4, the new board's embed), over a real HTTP connection to
 * the service in its own process, on PGlite (a temporary directory) by default or on PostgreSQL
 * (BENCH_DATABASE_URL). GAMES Brandubh games are played to their end one move at a time, each move by
 * the player whose turn it is, as people on Discord play; every answer is checked to be a move's.
 * Prints p50, p90, p99 and max; asserts nothing. Discord's own limit is 3 s.
 *
 * Environment: BENCH_GAMES (40), BENCH_DATABASE_URL (unset: PGlite), BENCH_MAIN (this build's main.js).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './spawn-server';

const GAMES = Number(process.env.BENCH_GAMES ?? 40);
const MAIN = process.env.BENCH_MAIN ?? join(__dirname, '..', 'src', 'main.js');
const APPLICATION_ID = '1100000000000000001';
const PLAYERS = ['1000000000000000001', '1000000000000000002'];
/** A real Brandubh game the attackers win in 15 moves (aagenielsen record). */
const GAME = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
let n = 0;

function interaction(type: number, userId: string, sub: string, options: Record<string, string>, channel: string) {
  n++;
  return {
    type,
    id: String(1_400_000_000_000_000_000n + BigInt(n)),
    application_id: APPLICATION_ID,
    token: `bench-${n}`,
    version: 1,
    guild_id: '1200000000000000001',
    channel_id: channel,
    channel: { id: channel, type: 0 },
    member: { user: { id: userId, username: `u${userId.slice(-1)}`, discriminator: '0', global_name: null, avatar: null } },
    data: {
      id: '1500000000000000001',
      name: 'tafl',
      type: 1,
      options: [{ type: 1, name: sub, options: Object.entries(options).map(([name, value]) => ({ name, type: 3, value })) }],
    },
  };
}

async function send(base: string, payload: unknown): Promise<{ ms: number; body: { type: number; data?: { flags?: number } } }> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString('hex');
  const t0 = performance.now();
  const r = await fetch(`${base}/v1/discord/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
    body,
  });
  const answer = (await r.json()) as { type: number; data?: { flags?: number } };
  return { ms: performance.now() - t0, body: answer };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tafl-bench-discord-'));
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { PGLITE_DIR: dir };
  const env = {
    ...database,
    DISCORD_PUBLIC_KEY: publicKeyHex,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    PUBLIC_BASE_URL: 'https://tafl.example',
  };
  const server = await spawnServer(MAIN, env, '/ready');
  const times: number[] = [];
  try {
    for (let g = 0; g < GAMES; g++) {
      const channel = String(1_300_000_000_000_000_000n + BigInt(g));
      const created = await send(
        server.base,
        interaction(2, PLAYERS[0], 'new', { variant: 'brandubh', opponent: `<@${PLAYERS[1]}>` }, channel),
      );
      if (created.body.type !== 4) throw new Error(`/tafl new answered ${JSON.stringify(created.body)}`);
      for (const [ply, move] of GAME.entries()) {
        const r = await send(server.base, interaction(2, PLAYERS[ply % 2], 'move', { move }, channel));
        if (r.body.type !== 4 || r.body.data?.flags) throw new Error(`/tafl move ${move} answered ${JSON.stringify(r.body)}`);
        times.push(r.ms);
      }
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = times.slice().sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  process.stdout.write(
    `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${GAMES} games, ${times.length} /tafl move answers\n`,
  );
  process.stdout.write(
    `p50 ${f(quantile(sorted, 0.5))}  p90 ${f(quantile(sorted, 0.9))}  p99 ${f(quantile(sorted, 0.99))}  max ${f(sorted.at(-1) ?? 0)}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
