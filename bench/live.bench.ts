/**
 * Live-games benchmark (`npm run bench:live`): two service processes on one PostgreSQL database (a
 * throwaway one on the local server), BENCH_STREAMS NDJSON streams spread evenly over BENCH_GAMES games
 * and over both instances. Each game's moves are played alternately through one instance and the
 * other, and every event is timed on the subscribers of the instance that did not take the move: from
 * the moment this client has the play's 201 to the moment the line arrives (negative when the line
 * came first), and from the moment the play was sent. Also prints the resident memory each instance
 * gained per open stream. Prints figures; asserts nothing (a missing delivery is reported).
 *
 * Environment: BENCH_STREAMS (1000), BENCH_GAMES (100), BENCH_PLIES (8, at most 14), BENCH_LANES (10
 * games played at a time), BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Server, spawnServer } from './spawn-server';
import { throwawayDatabase } from './throwaway-database';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const GAMES = Number(process.env.BENCH_GAMES ?? 100);
const PLIES = Math.min(14, Number(process.env.BENCH_PLIES ?? 8));
const LANES = Number(process.env.BENCH_LANES ?? 10);
const ROOT = join(__dirname, '..', '..');

/** A recorded Brandubh game (the attackers capture the king at ply 15): its first 14 plies keep it going. */
const MOVES = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7'.split(' ');

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
}

async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

interface Game {
  id: string;
  tokens: { attackers: string; defenders: string };
}

/** Arrival times (performance.now()) of each game's events, per instance index. */
type Arrivals = Map<string, Map<number, number[]>[]>;

/** Opens one NDJSON stream; resolves once its gameFull line is in. */
function openStream(base: string, game: string, instance: number, arrivals: Arrivals): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/v1/games/${game}/stream`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        text += chunk;
        let at: number;
        while ((at = text.indexOf('\n')) >= 0) {
          const line = text.slice(0, at);
          text = text.slice(at + 1);
          if (line === '') continue;
          const e = JSON.parse(line) as { type: string; seq: number };
          if (e.type === 'gameFull') resolve();
          else {
            const bySeq = arrivals.get(game)![instance];
            bySeq.set(e.seq, [...(bySeq.get(e.seq) ?? []), now]);
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const env = { DATABASE_URL: database.url, MAX_STREAMS_PER_CLIENT: '0', MAX_CONNECTIONS_PER_CLIENT: '0', MAX_CONNECTIONS: '100000' };
  const servers: Server[] = [];
  try {
    const script = join(ROOT, 'dist', 'src', 'main.js');
    servers.push(...(await Promise.all([spawnServer(script, env, '/ready'), spawnServer(script, env, '/ready')])));
    const bases = servers.map((s) => s.base);
    console.log(
      `live bench: ${STREAMS} NDJSON streams over ${GAMES} games on 2 instances (PostgreSQL), ${PLIES} plies per game, ${LANES} games at a time`,
    );

    const games: Game[] = [];
    for (let i = 0; i < GAMES; i++) games.push((await post(bases[0], '/v1/games', { variant: 'brandubh' })).body as Game);
    const arrivals: Arrivals = new Map(games.map((g) => [g.id, [new Map(), new Map()]]));
    const perGame = new Map<string, number[]>(games.map((g) => [g.id, [0, 0]]));

    // Settle, then the memory of each instance before and after the streams open.
    await new Promise((r) => setTimeout(r, 1_000));
    const before = servers.map((s) => rssKb(s.child.pid!));
    const opening = performance.now();
    const opened: Promise<void>[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const g = games[i % GAMES];
      const instance = Math.floor(i / GAMES) % 2;
      perGame.get(g.id)![instance]++;
      opened.push(openStream(bases[instance], g.id, instance, arrivals));
      // Opened in slices, as clients arrive, rather than 1,000 connects in one burst.
      if (i % 100 === 99) await Promise.all(opened.slice(i - 99));
    }
    await Promise.all(opened);
    const openMs = performance.now() - opening;
    await new Promise((r) => setTimeout(r, 1_000));
    const after = servers.map((s) => rssKb(s.child.pid!));
    const perInstance = [0, 1].map((k) => [...perGame.values()].reduce((n, c) => n + c[k], 0));

    // Play: ply p of a game through instance p % 2; its events are timed on the other instance's streams.
    const fromAnswer: number[] = [];
    const fromSend: number[] = [];
    const played: { game: string; seq: number; via: number; sent: number; answered: number }[] = [];
    let next = 0;
    const lane = async (): Promise<void> => {
      for (let gi = next++; gi < games.length; gi = next++) {
        const g = games[gi];
        for (let ply = 0; ply < PLIES; ply++) {
          const via = ply % 2;
          const side = ply % 2 === 0 ? 'attackers' : 'defenders';
          const sent = performance.now();
          const r = await post(bases[via], `/v1/games/${g.id}/moves`, { move: MOVES[ply], expectedPly: ply }, g.tokens[side]);
          const answered = performance.now();
          if (r.status !== 201) throw new Error(`play ${ply} of ${g.id}: ${r.status} ${JSON.stringify(r.body)}`);
          played.push({ game: g.id, seq: ply + 1, via, sent, answered });
        }
      }
    };
    const playing = performance.now();
    await Promise.all(Array.from({ length: LANES }, lane));
    const playMs = performance.now() - playing;

    // Every stream must get every event: wait for the stragglers (bounded), then count.
    const expected = played.reduce((n, p) => n + perGame.get(p.game)![0] + perGame.get(p.game)![1], 0);
    const delivered = () => {
      let n = 0;
      for (const byInstance of arrivals.values()) for (const bySeq of byInstance) for (const times of bySeq.values()) n += times.length;
      return n;
    };
    const deadline = Date.now() + 30_000;
    while (delivered() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    for (const p of played) {
      const other = 1 - p.via;
      for (const t of arrivals.get(p.game)![other].get(p.seq) ?? []) {
        fromAnswer.push(t - p.answered);
        fromSend.push(t - p.sent);
      }
    }
    fromAnswer.sort((x, y) => x - y);
    fromSend.sort((x, y) => x - y);
    const playLatency = played.map((p) => p.answered - p.sent).sort((x, y) => x - y);

    console.log(`opened ${STREAMS} streams in ${fmt(openMs)} (${perInstance.join(' + ')} per instance)`);
    for (const k of [0, 1]) {
      const kb = after[k] - before[k];
      console.log(
        `instance ${k + 1}: RSS ${(before[k] / 1024).toFixed(1)} → ${(after[k] / 1024).toFixed(1)} MiB with ${perInstance[k]} open streams: ${((kb * 1024) / perInstance[k] / 1024).toFixed(1)} KiB per stream`,
      );
    }
    console.log(
      `played ${played.length} moves in ${fmt(playMs)} (${((played.length / playMs) * 1000).toFixed(0)} moves/s); play answer p50 ${fmt(quantile(playLatency, 0.5))}, p99 ${fmt(quantile(playLatency, 0.99))}`,
    );
    console.log(`delivered ${delivered()} of ${expected} events (every stream, both instances)`);
    console.log(
      `cross-instance latency, play's 201 → line on the other instance (${fromAnswer.length} deliveries): p50 ${fmt(quantile(fromAnswer, 0.5))}, p90 ${fmt(quantile(fromAnswer, 0.9))}, p99 ${fmt(quantile(fromAnswer, 0.99))}, max ${fmt(fromAnswer.at(-1) ?? NaN)}`,
    );
    console.log(
      `cross-instance latency, play sent → line on the other instance: p50 ${fmt(quantile(fromSend, 0.5))}, p90 ${fmt(quantile(fromSend, 0.9))}, p99 ${fmt(quantile(fromSend, 0.99))}, max ${fmt(fromSend.at(-1) ?? NaN)}`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
  // The streams' sockets were cut by the shutdown; nothing else keeps the process.
  process.exit(0);
}

void main();
