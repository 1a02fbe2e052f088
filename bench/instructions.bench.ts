/**
 * What a request costs in instructions (`npm run bench:instructions`), counted by valgrind's callgrind.
 * An instruction count is the same for the same build and inputs however busy the machine is, where
 * bench:speed's rates move by a third from one run to the next; it leaves out the kernel's work (the
 * socket writes) and the time lost waiting on memory, so it measures the work a route asks for, not its
 * speed.
 *
 * Each subject runs in its own process under `valgrind --tool=callgrind` with counting off. It gets
 * BENCH_WARMUP requests (5000) one after another on one keep-alive connection, then counting is switched
 * on (callgrind_control) for BENCH_REQUESTS more (2000), off, and on again for as many again: the second
 * window is the figure, and the first says whether the JIT had settled. What the process does meanwhile
 * without any request (its timers), counted for 10 s before the windows, is taken out of them. Under valgrind the JIT settles
 * slowly: code the JIT optimises on a background thread waits for it far longer than usual, and a bare
 * route still got cheaper after 24,000 requests (262k instructions a request after 1,000, 80k after
 * 24,000). So node runs with --no-concurrent-recompilation (optimised at once, on the main thread) and
 * tiers up after a tenth of its usual invocation counts (NODE_FLAGS below): the same route then settled
 * after 4,000 requests, at 85k.
 *
 * The subjects: the bare route (bare-fastify.ts) sending the service's answer to one legal-moves request,
 * and the same route logging as the service does (its logger, request id and one line per request, the
 * floor of any route of the service); the service's REST legal-moves and GraphQL legalMoves asked the same
 * question again and again (answer-cache hits); the bare route sending the answers of distinct positions,
 * and the service asked them (each a miss: replayed, listed, written); and the engine's own part of those
 * answers, alone in a process (engine-answers.ts). The distinct positions are bench:speed's.
 *
 * The measured service uses PostgreSQL, a throwaway database on BENCH_PG_ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), so that no embedded database runs in the measured process
 * (no measured route touches the database). The bare route's answers come from a service
 * started first without valgrind. Prints figures; asserts nothing. Needs valgrind on the path.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { distinctStates, graphqlBody, restBody } from './distinct-states';
import { freePort, spawnServer } from './spawn-server';
import { throwawayDatabase } from './throwaway-database';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const START_SECONDS = 600;
/** How long a server's work without requests is counted, to take it out of the windows. */
const IDLE_SECONDS = 10;
const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const BARE = join(__dirname, 'bare-fastify.js');
const SAME = ['d1-d3', 'f4-c4'];
/** V8 optimising on the main thread, after a tenth of its usual invocation counts (see above). */
const NODE_FLAGS = [
  '--no-concurrent-recompilation',
  '--invocation-count-for-maglev=40',
  '--invocation-count-for-maglev-osr=10',
  '--invocation-count-for-turbofan=300',
  '--invocation-count-for-osr=50',
];

/** A process under callgrind, counting nothing until told to. */
interface Counted {
  child: ChildProcess;
  /** Counts the instructions `work` makes the process execute. */
  count(work: () => Promise<void>): Promise<number>;
  stop(): Promise<void>;
}

function underCallgrind(dir: string, args: string[], env: Record<string, string>, piped = false): Counted {
  const environment = { ...process.env, ...env };
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(dir, 'cg.%p')}`,
      process.execPath,
      ...NODE_FLAGS,
      ...args,
    ],
    // A server's log lines go nowhere (a pipe nobody read would fill and stall it); the engine script talks on stdin and stdout.
    { env: environment, stdio: piped ? ['pipe', 'pipe', 'pipe'] : ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // valgrind names the pipes its controller finds it by after USER and HOST (HOST is also the address the
  // service binds to): the controller must see the same.
  const control = (flag: string) =>
    void execFileSync('callgrind_control', [flag, String(child.pid)], { env: environment, stdio: 'ignore' });
  return {
    child,
    async count(work) {
      control('--instr=on');
      await work();
      control('--instr=off');
      control('--dump');
      let total = 0;
      for (const f of readdirSync(dir).filter((n) => n.startsWith(`cg.${child.pid}`))) {
        const text = readFileSync(join(dir, f), 'utf8');
        const figures = [...text.matchAll(/^(?:summary|totals): (\d+)/gm)].map((m) => Number(m[1]));
        total += Math.max(0, ...figures);
        rmSync(join(dir, f));
      }
      return total;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (child.exitCode !== 0 && child.exitCode !== null && errors) process.stderr.write(errors);
    },
  };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_SECONDS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${START_SECONDS} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Posts the bodies one after another (fetch keeps one connection alive between them). */
async function postAll(url: string, bodies: string[]): Promise<void> {
  for (const body of bodies) {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${text.slice(0, 200)}`);
  }
}

/** Instructions per request in two windows one after the other: the second, and whether the first agreed. */
interface Windows {
  first: number;
  second: number;
}

/** One subject: a server under callgrind, warmed up with `warm`, then counted over each half of `counted`. */
async function perRequest(
  dir: string,
  script: string,
  env: Record<string, string>,
  probe: string,
  path: string,
  warm: string[],
  counted: string[],
): Promise<Windows> {
  const port = await freePort();
  const p = underCallgrind(dir, [script], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${port}${path}`;
    await waitFor(`http://127.0.0.1:${port}${probe}`, p.child);
    await postAll(url, warm);
    const half = counted.length >> 1;
    // The service's own timers (the flag-fall sweep, log flushes) go on while requests are counted. At
    // valgrind's pace far fewer requests fall between two of them than under load, so their work is
    // counted for IDLE_SECONDS without requests, and its rate taken out of each window.
    const perSecond = (await p.count(() => new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)))) / IDLE_SECONDS;
    const window = async (bodies: string[]) => {
      const started = performance.now();
      const total = await p.count(() => postAll(url, bodies));
      const background = (perSecond * (performance.now() - started)) / 1000;
      return Math.max(0, total - background) / bodies.length;
    };
    const first = await window(counted.slice(0, half));
    return { first, second: await window(counted.slice(half, 2 * half)) };
  } finally {
    await p.stop();
  }
}

/** The engine's part of the answers to `states` (engine-answers.ts), in the service's order, per answer. */
async function engineAlone(dir: string, states: string[][]): Promise<Windows> {
  const file = join(dir, 'states.json');
  writeFileSync(file, JSON.stringify(states));
  const script = join(__dirname, 'engine-answers.js');
  const p = underCallgrind(dir, [script, file, String(WARMUP), String(REQUESTS)], {}, true);
  const lines = createInterface({ input: p.child.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const window = async () =>
    (await p.count(async () => {
      p.child.stdin!.write('go\n');
      if ((await next()) !== 'done') throw new Error('engine-answers did not finish');
    })) / REQUESTS;
  try {
    if ((await next()) !== 'ready') throw new Error('engine-answers did not start');
    const first = await window();
    return { first, second: await window() };
  } finally {
    p.child.stdin!.end();
    await p.stop();
  }
}

async function referenceAnswers(bodies: string[]): Promise<[string, string][]> {
  const env = {
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '10000000',
    DATABASE_URL: '',
    PGLITE_DIR: mkdtempSync(join(tmpdir(), 'tafl-instr-')),
  };
  const reference = await spawnServer(MAIN, env, '/ready');
  try {
    const out: [string, string][] = [];
    for (const body of bodies) {
      const r = await fetch(`${reference.base}/v1/legal-moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      out.push([body, await r.text()]);
    }
    return out;
  } finally {
    await reference.stop();
  }
}

const k = (n: number) => `${Math.round(n / 1000).toLocaleString('en')}k`;

async function main(): Promise<void> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.error('bench:instructions needs valgrind (with callgrind_control) on the path');
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tafl-callgrind-'));
  const database = await throwawayDatabase('tafl_instr');
  try {
    console.error(`preparing ${WARMUP + 2 * REQUESTS} distinct positions and their answers…`);
    const states = distinctStates(WARMUP + 2 * REQUESTS);
    const same = restBody(SAME);
    const distinct = states.map(restBody);
    const answers = await referenceAnswers([same, ...distinct]);
    writeFileSync(join(dir, 'same.json'), JSON.stringify(answers.slice(0, 1)));
    writeFileSync(join(dir, 'distinct.json'), JSON.stringify(answers.slice(1)));
    const service = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '10000000',
      DATABASE_URL: database.url,
    };
    const repeat = (body: string, n: number) => Array.from({ length: n }, () => body);
    const warmDistinct = distinct.slice(0, WARMUP);
    const countedDistinct = distinct.slice(WARMUP);
    const gql = graphqlBody(SAME);
    const rows: [string, Windows][] = [];
    const measure = async (name: string, run: () => Promise<Windows>) => {
      console.error(`  ${name}…`);
      const w = await run();
      rows.push([name, w]);
      return w.second;
    };
    const sameFile = { BARE_ANSWERS: join(dir, 'same.json') };
    const distinctFile = { BARE_ANSWERS: join(dir, 'distinct.json') };
    const bare = await measure('bare route, the same answer', () =>
      perRequest(dir, BARE, sameFile, '/', '/answers', repeat(same, WARMUP), repeat(same, 2 * REQUESTS)),
    );
    const logged = await measure("bare route with the service's logging", () =>
      perRequest(dir, BARE, { ...sameFile, BARE_LOG: 'info' }, '/', '/answers', repeat(same, WARMUP), repeat(same, 2 * REQUESTS)),
    );
    const restHit = await measure('REST legal-moves, one request repeated', () =>
      perRequest(dir, MAIN, service, '/ready', '/v1/legal-moves', repeat(same, WARMUP), repeat(same, 2 * REQUESTS)),
    );
    const graphqlHit = await measure('GraphQL legalMoves, one request repeated', () =>
      perRequest(dir, MAIN, service, '/ready', '/graphql', repeat(gql, WARMUP), repeat(gql, 2 * REQUESTS)),
    );
    const bareDistinct = await measure('bare route, distinct answers', () =>
      perRequest(dir, BARE, distinctFile, '/', '/answers', warmDistinct, countedDistinct),
    );
    const engine = await measure('the engine alone, the same answers', () => engineAlone(dir, states));
    const restMiss = await measure('REST legal-moves, distinct positions', () =>
      perRequest(dir, MAIN, service, '/ready', '/v1/legal-moves', warmDistinct, countedDistinct),
    );

    console.log(
      `Instructions per request (valgrind callgrind; after ${WARMUP} requests to warm up, two windows of ${REQUESTS} one after another; node ${process.version} ${NODE_FLAGS.join(' ')})`,
    );
    console.log('subject                                        second window   first window');
    for (const [name, w] of rows) console.log(`${name.padEnd(46)} ${k(w.second).padStart(13)} ${k(w.first).padStart(14)}`);
    // The JIT goes on optimising under valgrind long after it would have stopped without it.
    if (rows.some(([, w]) => Math.abs(w.second / w.first - 1) > 0.05))
      console.log('note: some windows differ by more than 5%: the code was still being optimised; raise BENCH_WARMUP');
    console.log('the goals of bench:speed read as budgets of instructions (a ratio of rates taken as a ratio of work):');
    const share = (n: number, limit: number) => `${k(n)} (${(n / limit).toFixed(2)} of it)`;
    const budget = (goal: string, limit: number, actual: number, floor?: [string, number]) =>
      console.log(
        `  ${goal}: at most ${k(limit)}; ${floor ? `${floor[0]} ${share(floor[1], limit)}; ` : ''}the service ${share(actual, limit)}`,
      );
    budget('REST repeated ≥ 0.75 of bare', bare / 0.75, restHit, ["the bare route with the service's logging", logged]);
    budget('REST distinct ≥ 0.45 of bare', bareDistinct / 0.45, restMiss, ['the bare route plus the engine alone', bareDistinct + engine]);
    budget('GraphQL ≥ 0.5 of REST, repeated', restHit / 0.5, graphqlHit);
  } finally {
    await database.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
