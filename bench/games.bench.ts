/**
 * Stored-games benchmark (`npm run bench:games`): moves stored per second through
 * POST /v1/games/{id}/moves, on PostgreSQL (a throwaway database on the local server) and on PGlite (a
 * temporary directory), with 1 and with 8 games played at the same time. Each game's plays are
 * sequential (a play waits for the previous ply, as real players do); the moves replay recorded
 * Copenhagen games (shared/records/aagenielsen-copenhagen-11x11.csv, the first PLIES plies of games
 * that last longer). Each lane plays games one after the other for MOVE_SECONDS, after a warm-up that
 * is not counted. The app runs in its own process; this one is the client. Prints figures; asserts
 * nothing.
 *
 * The yardstick is pgbench's TPC-B-like load (8 clients, 2 threads) on the same server, in a throwaway
 * database of its own. On PostgreSQL the two are interleaved in ROUNDS rounds (pgbench, then 8 games at
 * once), and the ratio issue 14 asks about is the median of the rounds' moves/s ÷ tps. The cost of one
 * move as the game grows: a seeded random Copenhagen game of 10,000+ plies (no move that ends it),
 * imported up to ply 10, 1,000 and 10,000, then 1 + LONG_PLAYS moves played on one after the other: the
 * first one's latency (no instance holds the game yet), then latency p50 and the app process's CPU time
 * per move over the others (/proc, 10 ms ticks over all of them). Last, what the list of 10,000 moves
 * costs to serialise in an answer.
 *
 * Environment: BENCH_PLIES (60), BENCH_MOVE_SECONDS (5), BENCH_ROUNDS (3), BENCH_GAMES_PER_LANE (12
 * made before the clock starts), BENCH_CONCURRENCY ("1,8"), BENCH_DATABASES ("postgres,pglite"),
 * BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PGBENCH_SECONDS (5 a round;
 * 0 skips pgbench), BENCH_LONG_PLIES ("10,1000,10000"), BENCH_LONG_PLAYS (300: the CPU time comes in 10 ms ticks), BENCH_MAIN (the
 * service's main.js; this build's by default).
 */
import { execFile } from 'node:child_process';
import { Socket, createConnection } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameState, ONGOING, Position, generateMoves, outcomeAfterMove } from '../src/engine';
import { validateGame } from '../src/engine/operations';
import { seededRandom } from '../src/engine/random';
import { aagenielsenMoveText, parseAagenielsenCsv } from '../src/records/aagenielsen-csv';
import { builtInVariant } from '../src/variants';
import { Server, spawnServer } from './spawn-server';
import { adminQuery, throwawayDatabase } from './throwaway-database';

const PLIES = Number(process.env.BENCH_PLIES ?? 60);
const GAMES_PER_LANE = Number(process.env.BENCH_GAMES_PER_LANE ?? 12);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 5);
const LONG_PLIES = (process.env.BENCH_LONG_PLIES ?? '10,1000,10000').split(',').map(Number);
const LONG_PLAYS = Number(process.env.BENCH_LONG_PLAYS ?? 300);
const MOVE_SECONDS = Number(process.env.BENCH_MOVE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ROOT = join(__dirname, '..', '..');
/** The service measured: this build's, or BENCH_MAIN (another build's dist/src/main.js, to compare with). */
const MAIN = process.env.BENCH_MAIN || join(ROOT, 'dist', 'src', 'main.js');
const RECORDS = join(ROOT, '..', 'shared', 'records', 'aagenielsen-copenhagen-11x11.csv');

// ---------------------------------------------------------------------------------------------------
// Move sequences

/** Move lists (from-to, capture marks stripped) of recorded games longer than PLIES, legal and ongoing after PLIES plies. */
function recordedGames(count: number): string[][] {
  const v = builtInVariant('copenhagen')!;
  const out: string[][] = [];
  for (const { parsed } of parseAagenielsenCsv(readFileSync(RECORDS, 'utf8'), { size: 11 })) {
    if (!parsed.ok || parsed.value.plies.length <= PLIES) continue;
    const moves = parsed.value.plies.slice(0, PLIES).map(aagenielsenMoveText);
    const r = validateGame(v, { moves });
    if (!r.ok || !r.value.valid || r.value.outcome.status !== 'ongoing') continue;
    out.push(moves);
    if (out.length === count) break;
  }
  if (out.length < count) throw new Error(`only ${out.length} recorded games are longer than ${PLIES} plies`);
  return out;
}

/**
 * A legal Copenhagen game of `plies` plies that is still going on: seeded random moves, skipping any
 * that would end it (a king escape or capture, a repetition loss), so it can be imported and played on.
 */
function longGame(plies: number, seed = 14): string[] {
  const v = builtInVariant('copenhagen')!;
  const random = seededRandom(seed);
  const buf = new Int32Array(4 * 121);
  const pos = Position.start(v);
  const played: number[] = [];
  while (played.length < plies) {
    const n = generateMoves(pos, buf);
    const candidates = Array.from(buf.subarray(0, n));
    let chosen = -1;
    while (candidates.length > 0) {
      const [move] = candidates.splice(random() % candidates.length, 1);
      pos.make(move);
      if (outcomeAfterMove(pos) === ONGOING) {
        chosen = move;
        break;
      }
      pos.unmake();
    }
    if (chosen < 0) return longGame(plies, seed + 1);
    played.push(chosen);
  }
  // The friendly layer gives each move its text (and checks the whole game once more).
  const state = GameState.start(v);
  return played.map((m) => state.play(m)).map((info) => `${info.from}-${info.to}`);
}

/** An OpenTafl record of `moves` (two plies a numbered turn), for POST /v1/games/import. */
function record(moves: string[]): string {
  const turns: string[] = [];
  for (let i = 0; i < moves.length; i += 2) turns.push(`${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}`);
  return `[variant:copenhagen]\n\n${turns.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
// The app and its database

function startApp(env: Record<string, string>): Promise<Server> {
  // Imports of the long game are longer than the default MAX_MOVES.
  return spawnServer(MAIN, { MAX_MOVES: '20000', ...env }, '/ready');
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time (ms) of every live PostgreSQL process, plus what the postmaster's exited children used. */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.split(') ')[1].split(' ');
      // utime, stime, and (the postmaster's) cutime, cstime: fields 14 to 17 of stat.
      ms += ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / 100;
    } catch {
      // A backend that exited while being read.
    }
  }
  return ms;
}

/** CPU time (ms) the whole machine has spent busy so far, all cores (/proc/stat). */
function machineBusyMs(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
}

/** Where the machine's CPU went during a measurement: the app, PostgreSQL, this client, anything else. */
interface CpuSplit {
  app: number;
  postgres: number;
  client: number;
  other: number;
}

function cpuMeter(appPid: number): () => CpuSplit {
  const app = cpuMs(appPid);
  const pg = postgresCpuMs();
  const client = process.cpuUsage();
  const machine = machineBusyMs();
  return () => {
    const c = process.cpuUsage(client);
    const split = { app: cpuMs(appPid) - app, postgres: postgresCpuMs() - pg, client: (c.user + c.system) / 1000, other: 0 };
    split.other = Math.max(0, machineBusyMs() - machine - split.app - split.postgres - split.client);
    return split;
  };
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { maxBuffer: 16 << 20 }, (e, stdout, stderr) =>
      e ? reject(new Error(`${command}: ${stderr || e.message}`)) : resolve(stdout),
    ),
  );
}

/** CPU time (ms) of this process's children that have exited (pgbench), from /proc/self/stat. */
function childrenCpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
}

interface Pgbench {
  tps: number;
  /** CPU ms per transaction: PostgreSQL, pgbench itself, everything else on the machine. */
  cpu: { postgres: number; pgbench: number; other: number };
}

/** A throwaway database holding pgbench's TPC-B-like tables (scale 8), made here and dropped by `drop`. */
async function pgbenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await throwawayDatabase('tafl_pgbench');
  const drop = async () => {
    await database.drop();
    await adminQuery('CHECKPOINT');
  };
  try {
    await run('pgbench', ['-i', '-s', '8', '-q', database.url]);
  } catch (e) {
    await drop();
    throw e;
  }
  return { url: database.url, drop };
}

/** One run of pgbench's TPC-B-like load with 8 clients, PGBENCH_SECONDS long, on `url`. */
async function pgbench(url: string): Promise<Pgbench> {
  // What earlier work left dirty is written now, not during this run (nor during the moves after it).
  await adminQuery('CHECKPOINT');
  const [pg, kids, me, machine] = [postgresCpuMs(), childrenCpuMs(), process.cpuUsage(), machineBusyMs()];
  const out = await run('pgbench', ['-c', '8', '-j', '2', '-T', String(PGBENCH_SECONDS), '-n', url]);
  const postgres = postgresCpuMs() - pg;
  const client = childrenCpuMs() - kids;
  const own = process.cpuUsage(me);
  const other = Math.max(0, machineBusyMs() - machine - postgres - client - (own.user + own.system) / 1000);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  const count = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps || !count) throw new Error(`pgbench printed no tps:\n${out}`);
  const n = Number(count[1]);
  await adminQuery('CHECKPOINT');
  return { tps: Number(tps[1]), cpu: { postgres: postgres / n, pgbench: client / n, other: other / n } };
}

interface Database {
  name: string;
  env: Record<string, string>;
  remove: () => Promise<void>;
}

async function makeDatabase(kind: string): Promise<Database> {
  if (kind === 'postgres') {
    const database = await throwawayDatabase();
    return {
      name: 'PostgreSQL',
      env: { DATABASE_URL: database.url },
      remove: database.drop,
    };
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'tafl-bench-pglite-'));
    return {
      name: 'PGlite',
      env: { DATABASE_URL: '', PGLITE_DIR: dir },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  throw new Error(`unknown database "${kind}" (postgres or pglite)`);
}

// ---------------------------------------------------------------------------------------------------
// Playing

interface StoredGame {
  id: string;
  tokens: { attackers: string; defenders: string };
}

/**
 * The client's own HTTP/1.1 over kept-alive sockets, one request at a time on each: it shares the two
 * cores with the app and PostgreSQL, as pgbench (a C program) does with PostgreSQL, and node:http cost
 * it two to three times the CPU a request here (about 0.4 ms against 0.15; fetch more). It reads
 * answers with a Content-Length, as Fastify sends them.
 */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  /** The server closes a connection idle past its keep-alive timeout (while pgbench runs, say). */
  closed = false;

  constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, d]) : d;
      this.read();
    });
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => {
      this.closed = true;
      this.fail(new Error('connection closed'));
    });
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + 4, total);
    this.buffer = this.buffer.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status: Number(head.slice(9, 12)), body: JSON.parse(body.toString('utf8')), bytes: body.length });
  }

  private fail(e: Error): void {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }
}

interface Answer {
  status: number;
  body: any;
  bytes: number;
}

const idle = new Map<string, Connection[]>();

function connect(host: string, port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port }, () => resolve(new Connection(socket)));
    socket.once('error', reject);
  });
}

async function post(url: string, body: unknown, token?: string): Promise<Answer> {
  const [, host, port, path] = /^http:\/\/([^/:]+):(\d+)(\/.*)$/.exec(url)!;
  const key = `${host}:${port}`;
  const pool = idle.get(key) ?? [];
  let c = pool.pop();
  while (c?.closed) c = pool.pop();
  c ??= await connect(host, Number(port));
  const payload = Buffer.from(JSON.stringify(body));
  const head =
    `POST ${path} HTTP/1.1\r\nhost: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${payload.length}\r\n` +
    (token ? `authorization: Bearer ${token}\r\n` : '') +
    '\r\n';
  const answer = await c.send(Buffer.concat([Buffer.from(head, 'latin1'), payload]));
  (idle.get(key) ?? idle.set(key, []).get(key)!).push(c);
  return answer;
}

/** Closes the kept-alive connections to a server about to stop. */
function closeConnections(base: string): void {
  const key = base.replace(/^http:\/\//, '');
  for (const c of idle.get(key) ?? []) c.close();
  idle.delete(key);
}

async function createGame(base: string): Promise<StoredGame> {
  const r = await post(`${base}/v1/games`, { variant: 'copenhagen', metadata: { bench: true } });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Plays the moves one after the other until `deadline`; pushes each play's latency (ms), and by ply. Returns the number of failures. */
async function playGame(
  base: string,
  g: StoredGame,
  moves: string[],
  latencies: number[],
  byPly: number[][] = [],
  deadline = Infinity,
): Promise<number> {
  let errors = 0;
  for (let ply = 0; ply < moves.length && performance.now() < deadline; ply++) {
    const t = performance.now();
    const r = await post(
      `${base}/v1/games/${g.id}/moves`,
      { move: moves[ply], expectedPly: ply },
      ply % 2 === 0 ? g.tokens.attackers : g.tokens.defenders,
    );
    const ms = performance.now() - t;
    latencies.push(ms);
    (byPly[ply] ??= []).push(ms);
    if (r.status !== 201) {
      errors++;
      if (errors === 1) console.error(`  game ${g.id} ply ${ply} ${moves[ply]}: ${r.status} ${JSON.stringify(r.body)}`);
      break; // the rest of this game cannot be played
    }
  }
  return errors;
}

interface Row {
  database: string;
  games: number;
  moves: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Median latency of the first and of the last 10 plies of the games (does a play cost more as the game grows?). */
  early: number;
  late: number;
  errors: number;
  /** CPU ms per move stored. */
  cpu: CpuSplit;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/**
 * Moves stored with `lanes` games played at once for MOVE_SECONDS: each lane plays its games one after
 * the other and starts no ply after the deadline, so every lane is busy the whole time. Games are made
 * before the clock starts (a lane that runs out makes more).
 */
async function measure(app: Server, database: string, lanes: number, records: string[][], seconds = MOVE_SECONDS): Promise<Row> {
  let k = 0;
  const nextGame = async () => ({ g: await createGame(app.base), moves: records[k++ % records.length] });
  const games: { g: StoredGame; moves: string[] }[][] = [];
  for (let lane = 0; lane < lanes; lane++) {
    const list = [];
    for (let i = 0; i < GAMES_PER_LANE; i++) list.push(await nextGame());
    games.push(list);
  }
  const latencies: number[] = [];
  const byPly: number[][] = [];
  const meter = cpuMeter(app.child.pid!);
  const t = performance.now();
  const deadline = t + seconds * 1000;
  const errors = await Promise.all(
    games.map(async (list) => {
      let e = 0;
      while (performance.now() < deadline) {
        const { g, moves } = list.shift() ?? (await nextGame());
        e += await playGame(app.base, g, moves, latencies, byPly, deadline);
      }
      return e;
    }),
  );
  const elapsed = (performance.now() - t) / 1000;
  const split = meter();
  const sorted = [...latencies].sort((a, b) => a - b);
  const moves = latencies.length - errors.reduce((a, b) => a + b, 0);
  const median = (plies: number[][]) =>
    quantile(
      plies.flat().sort((a, b) => a - b),
      0.5,
    );
  return {
    database,
    games: lanes,
    moves,
    seconds: elapsed,
    perSecond: moves / elapsed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    early: median(byPly.slice(0, 10)),
    late: median(byPly.slice(-10)),
    errors: errors.reduce((a, b) => a + b, 0),
    cpu: { app: split.app / moves, postgres: split.postgres / moves, client: split.client / moves, other: split.other / moves },
  };
}

interface LongRow {
  database: string;
  ply: number;
  plays: number;
  /** The first move after the import: the one that finds the game in no instance's memory. */
  first: number;
  /** The size of the last answer (it lists every move). */
  bytes: number;
  p50: number;
  p99: number;
  /** The app process's CPU time per move, ms. */
  cpu: number;
  errors: number;
}

/** A game imported up to `ply` plies of `long`, then 1 + LONG_PLAYS moves played on it one after the other. */
async function measureAt(app: Server, database: string, long: string[], ply: number): Promise<LongRow> {
  const r = await post(`${app.base}/v1/games/import`, { variant: 'copenhagen', record: record(long.slice(0, ply)) });
  if (r.status !== 201) throw new Error(`import of ${ply} plies: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  const g = r.body as StoredGame;
  const latencies: number[] = [];
  let before = 0;
  let first = NaN;
  let bytes = 0;
  let errors = 0;
  for (let i = ply; i <= ply + LONG_PLAYS; i++) {
    if (i === ply + 1) {
      first = latencies.pop()!;
      before = cpuMs(app.child.pid!);
    }
    const t = performance.now();
    const played = await post(
      `${app.base}/v1/games/${g.id}/moves`,
      { move: long[i], expectedPly: i },
      i % 2 === 0 ? g.tokens.attackers : g.tokens.defenders,
    );
    latencies.push(performance.now() - t);
    bytes = played.bytes;
    if (played.status !== 201) {
      errors++;
      console.error(`  long game at ply ${i}: ${played.status} ${JSON.stringify(played.body).slice(0, 300)}`);
      break;
    }
  }
  const cpu = (cpuMs(app.child.pid!) - before) / latencies.length;
  const sorted = [...latencies].sort((a, b) => a - b);
  return { database, ply, plays: latencies.length, first, bytes, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), cpu, errors };
}

async function main(): Promise<void> {
  const maxLanes = Math.max(...CONCURRENCY);
  const records = recordedGames(maxLanes * GAMES_PER_LANE + 1);
  const longest = Math.max(...LONG_PLIES);
  const long = longGame(longest + LONG_PLAYS + 1);
  const rows: Row[] = [];
  const longRows: LongRow[] = [];
  /** Per round on PostgreSQL: pgbench, then the moves of the most games at once, their ratio. */
  const rounds: { bench: Pgbench; row: Row; ratio: number }[] = [];
  const pgbenchDb = PGBENCH_SECONDS > 0 && DATABASES.includes('postgres') ? await pgbenchDatabase() : null;
  try {
    for (const kind of DATABASES) {
      const db = await makeDatabase(kind);
      let app: Server | null = null;
      try {
        app = await startApp(db.env);
        // Warm-up, not counted: one game alone, then every lane busy for a while (the JIT, the pools).
        await playGame(app.base, await createGame(app.base), records[records.length - 1], []);
        await measure(app, db.name, maxLanes, records, Math.min(3, MOVE_SECONDS));
        for (const lanes of CONCURRENCY.filter((l) => l !== maxLanes || !pgbenchDb || kind !== 'postgres')) {
          const row = await measure(app, db.name, lanes, records);
          rows.push(row);
          console.error(`  ${row.database}, ${lanes} game(s) at a time: ${Math.round(row.perSecond)} moves/s`);
        }
        if (pgbenchDb && kind === 'postgres') {
          // Interleaved: whatever else the machine does falls on both; the ratio is the median of the rounds'.
          for (let r = 1; r <= ROUNDS; r++) {
            const bench = await pgbench(pgbenchDb.url);
            const row = await measure(app, db.name, maxLanes, records);
            rounds.push({ bench, row, ratio: row.perSecond / bench.tps });
            console.error(
              `  round ${r}/${ROUNDS}: pgbench ${bench.tps.toFixed(0)} tps, ${maxLanes} games ${Math.round(row.perSecond)} moves/s (${(row.perSecond / bench.tps).toFixed(2)})`,
            );
          }
          const mid = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor((rounds.length - 1) / 2)];
          rows.push(mid.row);
        }
        for (const ply of LONG_PLIES) {
          const row = await measureAt(app, db.name, long, ply);
          longRows.push(row);
          console.error(`  ${row.database}, a game at ply ${ply}: p50 ${row.p50.toFixed(1)} ms, ${row.cpu.toFixed(2)} ms CPU a move`);
        }
      } finally {
        if (app) closeConnections(app.base);
        await app?.stop();
        await db.remove();
      }
    }
  } finally {
    await pgbenchDb?.drop();
  }
  console.log(
    `Stored-games benchmark: POST /v1/games/{id}/moves, Copenhagen, games of ${PLIES} recorded plies played one after the other in each lane for ${MOVE_SECONDS} s, node ${process.version}`,
  );
  const mid = rounds.length ? [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor((rounds.length - 1) / 2)] : null;
  if (mid) {
    const c = mid.bench.cpu;
    console.log(
      `pgbench TPC-B-like (scale 8, 8 clients, 2 threads, ${PGBENCH_SECONDS} s) and ${maxLanes} games at once on the same server, interleaved in ${rounds.length} rounds:`,
    );
    for (const [i, r] of rounds.entries())
      console.log(`  round ${i + 1}: ${r.bench.tps.toFixed(0)} tps, ${Math.round(r.row.perSecond)} moves/s, ratio ${r.ratio.toFixed(2)}`);
    console.log(
      `  median ratio ${mid.ratio.toFixed(2)} (goal ≥ 0.5 ${mid.ratio >= 0.5 ? 'met' : 'NOT met'}); in that round pgbench CPU ms/transaction postgres/pgbench/other ${[c.postgres, c.pgbench, c.other].map((x) => x.toFixed(2)).join('/')}`,
    );
  }
  console.log('"plies 1-10" / "last 10": median latency of the first and of the last 10 plies of each game');
  console.log(
    '"CPU ms/move": the app, PostgreSQL, this client and every other process of the machine, per move stored (/proc, 10 ms ticks)',
  );
  console.log(
    'database     concurrent games   moves   seconds   moves/s   p50 ms   p99 ms   plies 1-10   last 10   errors   ÷ pgbench tps   CPU ms/move app/pg/client/other',
  );
  for (const r of rows) {
    const round = rounds.find((x) => x.row === r);
    const ratio = round ? round.ratio.toFixed(2) : '';
    console.log(
      `${r.database.padEnd(12)} ${String(r.games).padStart(16)} ${String(r.moves).padStart(7)} ${r.seconds.toFixed(2).padStart(9)} ${Math.round(r.perSecond).toString().padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.early.toFixed(1).padStart(12)} ${r.late.toFixed(1).padStart(9)} ${String(r.errors).padStart(8)} ${ratio.padStart(15)}   ${[r.cpu.app, r.cpu.postgres, r.cpu.client, r.cpu.other].map((x) => x.toFixed(2)).join('/')}`,
    );
  }
  console.log(
    `Per move as the game grows: a random ${long.length}-ply Copenhagen game imported up to the ply, then 1 + ${LONG_PLAYS} moves played on, one game at a time; p50, p99 and the app's CPU over the ${LONG_PLAYS} after the first`,
  );
  console.log('database       at ply   first ms   moves   p50 ms   p99 ms   app CPU ms/move   answer KiB   errors');
  for (const r of longRows) {
    console.log(
      `${r.database.padEnd(12)} ${String(r.ply).padStart(8)} ${r.first.toFixed(2).padStart(10)} ${String(r.plays).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.cpu.toFixed(2).padStart(17)} ${(r.bytes / 1024).toFixed(1).padStart(12)} ${String(r.errors).padStart(8)}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
