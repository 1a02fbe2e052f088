/**
 * The speed goals of the HTTP path (`npm run bench:speed`), as ratios measured in one run, the routes
 * interleaved in rounds (A B C … A B C …) so that whatever else the machine does falls on all of them:
 *
 *   1. REST legal-moves, one request repeated ÷ a bare Fastify route sending the same answer bytes;
 *   2. REST legal-moves over distinct positions with history ÷ the bare route sending their answers;
 *   3. GraphQL legalMoves ÷ REST legal-moves for the same state (repeated, and distinct).
 *
 * The service runs with its production defaults (NODE_ENV=production, LOG_LEVEL=info, the rate limit
 * on) except the quota, raised to its maximum so that one load client is not refused. Each server runs
 * in its own process; autocannon, in this one, is the single load client. Besides requests per second,
 * each route's server CPU per request is read from /proc (user + system time of the server process).
 * Prints figures; asserts nothing.
 *
 * Environment: BENCH_ROUNDS (5), BENCH_SECONDS per route and round (3), BENCH_CONNECTIONS (16),
 * BENCH_DISTINCT (60000 distinct positions, sent in turn: a run that sends more asks some twice, and says so),
 * BENCH_LOG_LEVEL (info, the default: another level measures what the per-request log line costs).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { distinctStates, graphqlBody, restBody } from './distinct-states';
import { Server, spawnServer } from './spawn-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 60_000);
const ROOT = join(__dirname, '..', '..');
const JSON_HEADERS = { 'content-type': 'application/json' };
const CLOCK_TICK_US = 1e6 / 100; // /proc/<pid>/stat counts in USER_HZ, 100 on Linux

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

interface Route {
  name: string;
  server: Server;
  path: string;
  bodies: string[];
  /** The next body to send: rounds go on where the last stopped, so distinct bodies stay distinct. */
  next?: number;
}

interface Sample {
  rps: number;
  cpuUs: number;
  p99: number;
  bad: number;
}

async function runRoute(r: Route, seconds: number): Promise<Sample> {
  const pid = r.server.child.pid!;
  const before = cpuTicks(pid);
  const result = await autocannon({
    url: `${r.server.base}${r.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: JSON_HEADERS,
        setupRequest: (req) => {
          const i = r.next ?? 0;
          r.next = (i + 1) % r.bodies.length;
          return { ...req, body: r.bodies[i] };
        },
      },
    ],
  });
  const ticks = cpuTicks(pid) - before;
  const count = result.requests.total;
  return {
    rps: result.requests.average,
    cpuUs: count ? (ticks * CLOCK_TICK_US) / count : NaN,
    p99: result.latency.p99,
    bad: result.errors + result.non2xx + result.timeouts,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function post(base: string, path: string, body: string, attempt = 1): Promise<string> {
  let r: Response;
  try {
    r = await fetch(`${base}${path}`, { method: 'POST', headers: JSON_HEADERS, body });
  } catch (e) {
    if (attempt >= 3) throw new Error(`${path}: ${String((e as Error).cause ?? e)}`);
    return post(base, path, body, attempt + 1);
  }
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${text.slice(0, 300)}`);
  return text;
}

async function metricsOf(base: string): Promise<Record<string, number>> {
  const r = await fetch(`${base}/metrics`);
  if (r.status !== 200) return {};
  const out: Record<string, number> = {};
  for (const line of (await r.text()).split('\n')) {
    const m = /^(tafl_answer_cache_\w+)(?:\{kind="(\w+)"\})? (\S+)$/.exec(line);
    if (m) out[m[2] ? `${m[1]}.${m[2]}` : m[1]] = Number(m[3]);
  }
  return out;
}

function appEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    RATE_LIMIT_MAX: '10000000',
    PGLITE_DIR: mkdtempSync(join(tmpdir(), 'tafl-speed-')),
    DATABASE_URL: '',
  };
}

async function main(): Promise<void> {
  const main = join(ROOT, 'dist', 'src', 'main.js');
  const same = ['d1-d3', 'f4-c4'];
  console.error(`preparing ${DISTINCT} distinct positions…`);
  const states = distinctStates(DISTINCT);

  // The answers the bare route sends come from a separate instance, so the measured one starts cold.
  const reference = await spawnServer(main, appEnv(), '/ready');
  const answers: [string, string][] = [];
  try {
    answers.push([restBody(same), await post(reference.base, '/v1/legal-moves', restBody(same))]);
    for (const s of states) answers.push([restBody(s), await post(reference.base, '/v1/legal-moves', restBody(s))]);
  } finally {
    await reference.stop();
  }
  // Two bare servers: one holding the repeated answer alone, one holding every distinct answer (a big
  // heap of its own, which the repeated route should not pay for).
  const dir = mkdtempSync(join(tmpdir(), 'tafl-speed-answers-'));
  writeFileSync(join(dir, 'same.json'), JSON.stringify(answers.slice(0, 1)));
  writeFileSync(join(dir, 'distinct.json'), JSON.stringify(answers.slice(1)));
  const bare = await spawnServer(join(__dirname, 'bare-fastify.js'), { BARE_ANSWERS: join(dir, 'same.json') }, '/');
  const bareDistinct = await spawnServer(join(__dirname, 'bare-fastify.js'), { BARE_ANSWERS: join(dir, 'distinct.json') }, '/');
  const app = await spawnServer(main, appEnv(), '/ready');
  try {
    // The measured instance answers what the reference did, byte for byte (a sample).
    for (const [body, answer] of answers.slice(0, 50)) {
      if ((await post(app.base, '/v1/legal-moves', body)) !== answer) throw new Error(`answers differ for ${body}`);
    }
    const distinctRest = states.map(restBody);
    const routes: Route[] = [
      { name: 'bare, same answer', server: bare, path: '/answers', bodies: [restBody(same)] },
      { name: 'REST, repeated', server: app, path: '/v1/legal-moves', bodies: [restBody(same)] },
      { name: 'GraphQL, repeated', server: app, path: '/graphql', bodies: [graphqlBody(same)] },
      { name: 'bare, distinct answers', server: bareDistinct, path: '/answers', bodies: distinctRest },
      { name: 'REST, distinct', server: app, path: '/v1/legal-moves', bodies: distinctRest },
      { name: 'GraphQL, distinct', server: app, path: '/graphql', bodies: states.map(graphqlBody) },
    ];
    for (const r of routes) await runRoute(r, 1); // warm-up: JIT, connections
    const samples = new Map<string, Sample[]>(routes.map((r) => [r.name, []]));
    const before = await metricsOf(app.base);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const r of routes) samples.get(r.name)!.push(await runRoute(r, SECONDS));
      console.error(`  round ${round}/${ROUNDS} done`);
    }
    const after = await metricsOf(app.base);

    const s = (name: string) => samples.get(name)!;
    const ratios = (a: string, b: string, f: (x: Sample) => number) => median(s(a).map((x, i) => f(x) / f(s(b)[i])));
    console.log(
      `HTTP speed: ${ROUNDS} rounds × ${SECONDS} s per route, ${CONNECTIONS} connections, one autocannon client, node ${process.version}, production defaults (quota raised)`,
    );
    console.log('route                        req/s (median)   server CPU µs/req   p99 ms   errors');
    for (const r of routes) {
      const xs = s(r.name);
      console.log(
        `${r.name.padEnd(28)} ${Math.round(median(xs.map((x) => x.rps)))
          .toString()
          .padStart(14)} ${median(xs.map((x) => x.cpuUs))
          .toFixed(1)
          .padStart(19)} ${median(xs.map((x) => x.p99))
          .toFixed(1)
          .padStart(8)} ${String(xs.reduce((a, x) => a + x.bad, 0)).padStart(8)}`,
      );
    }
    const goal = (label: string, a: string, b: string, target: number | null) => {
      const byRps = ratios(a, b, (x) => x.rps);
      const byCpu = ratios(b, a, (x) => x.cpuUs); // CPU per request: the lower the better, so inverted
      const verdict = target === null ? '(no goal)' : `goal ≥ ${target}  ${byRps >= target ? 'met' : 'NOT met'}`;
      console.log(`${label.padEnd(52)} ${byRps.toFixed(2).padStart(6)} ${byCpu.toFixed(2).padStart(10)}   ${verdict}`);
    };
    console.log('ratio (median of per-round ratios)                   req/s  CPU/req');
    goal('REST legal-moves repeated ÷ bare same bytes', 'REST, repeated', 'bare, same answer', 0.75);
    goal('REST legal-moves distinct ÷ bare same bytes', 'REST, distinct', 'bare, distinct answers', 0.45);
    goal('GraphQL legalMoves ÷ REST, same state repeated', 'GraphQL, repeated', 'REST, repeated', 0.5);
    goal('GraphQL legalMoves ÷ REST, distinct states', 'GraphQL, distinct', 'REST, distinct', null);
    const keys = Object.keys(after).filter((k) => k.endsWith('total') || k.includes('_total.'));
    if (keys.length) {
      console.log('answer cache over the timed rounds:');
      for (const k of keys.sort()) console.log(`  ${k} +${(after[k] ?? 0) - (before[k] ?? 0)}`);
    }
    // An answer is kept the second time its question comes: a stored REST answer means the distinct route
    // went round its list and asked some positions again, which the cache then answered.
    const repeated = (after['tafl_answer_cache_stored_total.rest'] ?? 0) - (before['tafl_answer_cache_stored_total.rest'] ?? 0);
    if (repeated > 0)
      console.log(
        `note: the distinct routes asked more questions than BENCH_DISTINCT (${DISTINCT}) holds, so ${repeated} REST answers were kept and some distinct requests were hits; raise BENCH_DISTINCT for misses only`,
      );
  } finally {
    await bare.stop();
    await bareDistinct.stop();
    await app.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
