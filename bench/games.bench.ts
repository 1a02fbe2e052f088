/**
 * Stored-games benchmark (`npm run bench:games`): moves stored per second through
 * POST /v1/games/{id}/moves, on PostgreSQL (a throwaway database on the local server) and on PGlite (a
 * temporary directory), with 1 and with 8 games played at the same time. Each game's plays are
 * sequential (a play waits for the previous ply, as real players do); the moves replay recorded
 * Copenhagen games (shared/records/aagenielsen-copenhagen-11x11.csv, the first PLIES plies of games
 * that last longer). The app runs in its own process; this one is the client. Prints figures; asserts
 * nothing.
 *
 * Environment: BENCH_PLIES (60), BENCH_GAMES_PER_LANE (3), BENCH_CONCURRENCY ("1,8"),
 * BENCH_DATABASES ("postgres,pglite"), BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { validateGame } from '../src/engine/operations';
import { aagenielsenMoveText, parseAagenielsenCsv } from '../src/records/aagenielsen-csv';
import { builtInVariant } from '../src/variants';
import { Server, spawnServer } from './spawn-server';

const PLIES = Number(process.env.BENCH_PLIES ?? 60);
const GAMES_PER_LANE = Number(process.env.BENCH_GAMES_PER_LANE ?? 3);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ROOT = join(__dirname, '..', '..');
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

// ---------------------------------------------------------------------------------------------------
// The app and its database

function startApp(env: Record<string, string>): Promise<Server> {
  return spawnServer(join(ROOT, 'dist', 'src', 'main.js'), env, '/ready');
}

async function adminQuery(sql: string): Promise<void> {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface Database {
  name: string;
  env: Record<string, string>;
  remove: () => Promise<void>;
}

async function makeDatabase(kind: string): Promise<Database> {
  if (kind === 'postgres') {
    const name = `tafl_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      name: 'PostgreSQL',
      env: { DATABASE_URL: url.toString() },
      remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
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

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

async function createGame(base: string): Promise<StoredGame> {
  const r = await post(`${base}/v1/games`, { variant: 'copenhagen', metadata: { bench: true } });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Plays the moves one after the other; pushes each play's latency (ms), and by ply. Returns the number of failures. */
async function playGame(base: string, g: StoredGame, moves: string[], latencies: number[], byPly: number[][] = []): Promise<number> {
  let errors = 0;
  for (let ply = 0; ply < moves.length; ply++) {
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
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

async function measure(app: Server, database: string, lanes: number, records: string[][]): Promise<Row> {
  // Games are created before the clock starts: only plays are timed.
  const games: { g: StoredGame; moves: string[] }[][] = [];
  let k = 0;
  for (let lane = 0; lane < lanes; lane++) {
    const list = [];
    for (let i = 0; i < GAMES_PER_LANE; i++) list.push({ g: await createGame(app.base), moves: records[k++ % records.length] });
    games.push(list);
  }
  const latencies: number[] = [];
  const byPly: number[][] = [];
  const t = performance.now();
  const errors = await Promise.all(
    games.map(async (list) => {
      let e = 0;
      for (const { g, moves } of list) e += await playGame(app.base, g, moves, latencies, byPly);
      return e;
    }),
  );
  const seconds = (performance.now() - t) / 1000;
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
    seconds,
    perSecond: moves / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    early: median(byPly.slice(0, 10)),
    late: median(byPly.slice(-10)),
    errors: errors.reduce((a, b) => a + b, 0),
  };
}

async function main(): Promise<void> {
  const maxLanes = Math.max(...CONCURRENCY);
  const records = recordedGames(maxLanes * GAMES_PER_LANE + 1);
  const rows: Row[] = [];
  for (const kind of DATABASES) {
    const db = await makeDatabase(kind);
    let app: Server | null = null;
    try {
      app = await startApp(db.env);
      // Warm-up: one game, not counted.
      await playGame(app.base, await createGame(app.base), records[records.length - 1], []);
      for (const lanes of CONCURRENCY) {
        const row = await measure(app, db.name, lanes, records);
        rows.push(row);
        console.error(`  ${row.database}, ${lanes} game(s) at a time: ${Math.round(row.perSecond)} moves/s`);
      }
    } finally {
      await app?.stop();
      await db.remove();
    }
  }
  console.log(
    `Stored-games benchmark: POST /v1/games/{id}/moves, Copenhagen, ${PLIES} recorded plies per game, ${GAMES_PER_LANE} games per lane played one after the other, node ${process.version}`,
  );
  console.log('"plies 1-10" / "last 10": median latency of the first and of the last 10 plies of each game');
  console.log('database     concurrent games   moves   seconds   moves/s   p50 ms   p99 ms   plies 1-10   last 10   errors');
  for (const r of rows) {
    console.log(
      `${r.database.padEnd(12)} ${String(r.games).padStart(16)} ${String(r.moves).padStart(7)} ${r.seconds.toFixed(2).padStart(9)} ${Math.round(r.perSecond).toString().padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.early.toFixed(1).padStart(12)} ${r.late.toFixed(1).padStart(9)} ${String(r.errors).padStart(8)}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
