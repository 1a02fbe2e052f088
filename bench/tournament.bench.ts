/**
 * Tournament benchmark (`npm run bench:tournament`): flag falls detected per second and how late
 * after their deadlines, with BENCH_TIMED_GAMES (10,000) timed games on two service processes sharing
 * one PostgreSQL (a throwaway database on the local server). The games are made with POST
 * /v1/games/bulk, every clock starting at one `startAt` and the deadlines spread over
 * BENCH_SPREAD_MS (1,000); no move is played, so the schedulers of both instances finish them all.
 * Lateness is the game's finishing time (updated_at) minus its deadline. Every game has a webhook to a
 * receiver in this process (loopback), so each timeout is also a delivery: deliveries per second over
 * the window they arrived in, and their delay after the event. Prints figures; asserts nothing.
 *
 * Environment: BENCH_TIMED_GAMES (10000), BENCH_SPREAD_MS (1000), BENCH_PG_ADMIN_URL.
 */
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Server, spawnServer } from './spawn-server';
import { Client } from 'pg';
import { throwawayDatabase } from './throwaway-database';

const GAMES = Number(process.env.BENCH_TIMED_GAMES ?? 10_000);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1_000);
const ROOT = join(__dirname, '..', '..');
const BULK = 100;

async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const url = database.url;
  const servers: Server[] = [];
  const received: { at: number; gameId: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ at: Date.now(), gameId: (JSON.parse(body) as { gameId: string }).gameId });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const env = { DATABASE_URL: url, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    servers.push(...(await Promise.all([0, 1].map(() => spawnServer(join(ROOT, 'dist', 'src', 'main.js'), env, '/ready')))));
    // Creating the games takes a while: the clocks all start once it must be over.
    const startAt = Date.now() + Math.max(10_000, GAMES * 2);
    const deadlines = new Map<string, number>();
    const made = Date.now();
    for (let i = 0; i < GAMES; i += BULK) {
      const games = Array.from({ length: Math.min(BULK, GAMES - i) }, (_, j) => ({
        variant: 'brandubh',
        timeControl: { type: 'fischer', initialMs: 1_000 + Math.floor(((i + j) / GAMES) * SPREAD_MS), incrementMs: 0 },
        startAt: new Date(startAt).toISOString(),
      }));
      const r = await fetch(`${servers[(i / BULK) % 2].base}/v1/games/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ games, webhook: { url: hook } }),
      });
      if (r.status !== 201) throw new Error(`bulk answered ${r.status}: ${await r.text()}`);
      for (const c of ((await r.json()) as { games: { id: string; game: { clocks: { deadline: string } } }[] }).games) {
        deadlines.set(c.id, Date.parse(c.game.clocks.deadline));
      }
    }
    const createdMs = Date.now() - made;
    console.log(
      `tournament: ${GAMES} timed games created through /v1/games/bulk in ${createdMs} ms (${Math.round((GAMES / createdMs) * 1000)} games/s)`,
    );
    if (Date.now() > startAt) console.log('  (creation outlasted startAt: some deadlines had passed before the last game was made)');

    const first = Math.min(...deadlines.values());
    const last = Math.max(...deadlines.values());
    for (;;) {
      const [{ n }] = await sql<{ n: number }>(url, `SELECT count(*)::int AS n FROM games WHERE status = 'ongoing'`);
      if (n === 0 || Date.now() > last + 60_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await sql<{ id: string; at: Date }>(url, `SELECT id, updated_at AS at FROM games WHERE reason = 'timeout'`);
    const [{ events }] = await sql<{ events: number }>(url, `SELECT count(*)::int AS events FROM game_events WHERE event = 'timeout'`);
    const lateness = rows.map((r) => r.at.getTime() - deadlines.get(r.id)!).sort((a, b) => a - b);
    const finishedBy = Math.max(...rows.map((r) => r.at.getTime()));
    console.log(
      `  finished on time: ${rows.length}/${GAMES} (timeout events: ${events}); deadlines spread over ${last - first} ms, ` +
        `all finished ${finishedBy - first} ms after the first deadline: ${Math.round((rows.length / Math.max(1, finishedBy - first)) * 1000)} timeouts/s`,
    );
    console.log(
      `  lateness after the deadline: p50 ${quantile(lateness, 0.5)} ms, p99 ${quantile(lateness, 0.99)} ms, max ${lateness.at(-1)} ms (sweep every 250 ms, two instances)`,
    );
    for (const until = Date.now() + 60_000; received.length < rows.length && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 100));
    const finishedAt = new Map(rows.map((r) => [r.id, r.at.getTime()]));
    const delay = received.map((r) => r.at - finishedAt.get(r.gameId)!).sort((a, b) => a - b);
    const window = received.at(-1)!.at - received[0].at;
    console.log(
      `  webhooks: ${received.length}/${rows.length} timeout events delivered to a loopback receiver, ${Math.round((received.length / Math.max(1, window)) * 1000)} deliveries/s ` +
        `over ${window} ms; delay after the event p50 ${quantile(delay, 0.5)} ms, p99 ${quantile(delay, 0.99)} ms`,
    );
  } finally {
    receiver.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
