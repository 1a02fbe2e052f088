/**
 * Game review benchmark (api.md section 16), in the search pool's worker threads as the service runs
 * it. Prints figures; asserts nothing.
 *
 * 1. Plies reviewed per second at each level, over the first 100 plies of a real Copenhagen game (or,
 *    without the records, of a game the search plays against itself).
 * 2. The wall time of that 100-ply review at the default options (level 10, 200 ms a position) with
 *    the pool idle.
 * 3. The losses and marks over real games of each record (docs/analysis.md reads its bands from these
 *    figures): percentiles of the loss of moves that were not the best, and the count of each mark.
 * 4. The same over games the search plays against itself at level 4 (seeded noise), for the families
 *    without real games in the records: edge escape (Tablut) and 19×19 (Alea Evangelii).
 *
 *   npm run bench:analysis
 *   BENCH_LEVELS=1,3,5,7,10       levels of part 1
 *   BENCH_LEVEL_MS=100            budget per position in part 1
 *   BENCH_RECORD_GAMES=40         games per record file in part 3 (0 skips part 3)
 *   BENCH_RECORD_MS=60            budget per position in part 3 (seeded: the same figures each run)
 *   BENCH_SELF_PLAY_GAMES=10      self-played games per variant in part 4 (0 skips part 4)
 *   BENCH_WORKERS=                search workers (default: cores − 1)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CompiledVariant } from '../src/engine/compiled-variant';
import { validateGame } from '../src/engine';
import { aagenielsenMoveText, parseAagenielsenCsv } from '../src/records/aagenielsen-csv';
import { MARKS, Mark, SearchPool, defaultSearchWorkers, planReview, reviewGame, suggest } from '../src/search';
import { GameState } from '../src/engine/game-state';
import { builtInVariant } from '../src/variants';

const env = (name: string, fallback: string): string => process.env[name] ?? fallback;
const LEVELS = env('BENCH_LEVELS', '1,3,5,7,10').split(',').map(Number);
const LEVEL_MS = Number(env('BENCH_LEVEL_MS', '100'));
const RECORD_GAMES = Number(env('BENCH_RECORD_GAMES', '40'));
const RECORD_MS = Number(env('BENCH_RECORD_MS', '60'));
const SELF_PLAY_GAMES = Number(env('BENCH_SELF_PLAY_GAMES', '10'));
const WORKERS = Number(env('BENCH_WORKERS', '0')) || defaultSearchWorkers();
const RECORDS = resolve(__dirname, '..', '..', '..', 'shared', 'records');

function variant(id: string): CompiledVariant {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

/** The plies of each game of a record that our engine plays (up to where it ends the game). */
function recordGames(file: string, id: string, size: number, limit: number): string[][] {
  const path = join(RECORDS, file);
  if (!existsSync(path)) return [];
  const v = variant(id);
  const games: string[][] = [];
  for (const line of parseAagenielsenCsv(readFileSync(path, 'utf8'), { size })) {
    if (games.length >= limit) break;
    if (!line.parsed.ok) continue;
    const moves = line.parsed.value.plies.map(aagenielsenMoveText);
    const r = validateGame(v, { moves });
    if (!r.ok) continue;
    const played = r.value.error ? moves.slice(0, r.value.error.index) : moves;
    if (played.length >= 10) games.push(played);
  }
  return games;
}

/** A game of up to `plies` moves the search plays against itself (seeded), for a machine without records. */
function selfPlay(v: CompiledVariant, plies: number, level = 3, game = 0): string[] {
  const s = GameState.start(v, plies);
  const moves: string[] = [];
  while (moves.length < plies && !s.finished) {
    const r = suggest(v, s.pos, { level, budgetMs: 20, seed: 1000 * game + moves.length });
    if (r.bestMove === null) break;
    moves.push(s.play(r.bestMove).notation);
  }
  return moves;
}

async function review(pool: SearchPool, v: CompiledVariant, moves: string[], level: number, budgetMsPerPly: number, seed?: number) {
  const plan = planReview(v, { moves });
  if (!plan.ok) throw new Error('the game does not replay');
  const started = performance.now();
  const r = await reviewGame(pool, plan.value, { level, budgetMsPerPly, seed });
  if (!r.ok) throw new Error(r.error.message);
  return { review: r.value, wallMs: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const pool = new SearchPool({ workers: WORKERS });
  try {
    const copenhagen = variant('copenhagen');
    const real = recordGames('aagenielsen-copenhagen-11x11.csv', 'copenhagen', 11, 200).find((g) => g.length >= 100);
    const game = real ? real.slice(0, 100) : selfPlay(copenhagen, 100);
    console.log(
      `review bench: ${WORKERS} search worker(s); a ${game.length}-ply Copenhagen game (${real ? 'from the records' : 'self-play'})`,
    );
    // Warm the workers (compilation, tables) before anything is timed.
    await review(pool, copenhagen, game.slice(0, 10), 5, 20);
    for (const level of LEVELS) {
      const { wallMs } = await review(pool, copenhagen, game, level, LEVEL_MS);
      console.log(
        `  level ${String(level).padStart(2)}, ${LEVEL_MS} ms a position: ${((1000 * game.length) / wallMs).toFixed(1)} plies/s (${(wallMs / 1000).toFixed(1)} s)`,
      );
    }
    const { wallMs, review: whole } = await review(pool, copenhagen, game, 10, 200);
    console.log(
      `  100-ply review at the defaults (level 10, 200 ms a position), pool idle: ${(wallMs / 1000).toFixed(1)} s wall, ` +
        `${(whole.searchMs / 1000).toFixed(1)} s of search, ${whole.nodes} nodes`,
    );
    const sets: [string, string, () => string[][]][] = [];
    if (RECORD_GAMES > 0) {
      sets.push(['brandubh', 'real games', () => recordGames('aagenielsen-brandubh-7x7.csv', 'brandubh', 7, RECORD_GAMES)]);
      sets.push(['copenhagen', 'real games', () => recordGames('aagenielsen-copenhagen-11x11.csv', 'copenhagen', 11, RECORD_GAMES)]);
    }
    if (SELF_PLAY_GAMES > 0) {
      for (const id of ['tablut', 'alea-evangelii']) {
        sets.push([
          id,
          'level-4 self-play games',
          () => Array.from({ length: SELF_PLAY_GAMES }, (_, g) => selfPlay(variant(id), 80, 4, g + 1)),
        ]);
      }
    }
    for (const [id, what, games] of sets) await lossFigures(pool, id, what, games());
  } finally {
    await pool.close();
  }
}

/** Part 3 and 4: the losses of the moves that were not the best, and the marks, over `games`. */
async function lossFigures(pool: SearchPool, id: string, what: string, games: string[][]): Promise<void> {
  if (!games.length) {
    console.log(`${id}: no games (records not found at ${RECORDS})`);
    return;
  }
  const v = variant(id);
  const losses: number[] = [];
  const marks = Object.fromEntries(MARKS.map((m) => [m, 0])) as Record<Mark, number>;
  let plies = 0;
  const started = performance.now();
  for (let i = 0; i < games.length; i++) {
    const { review: r } = await review(pool, v, games[i], 10, RECORD_MS, i + 1);
    for (const p of r.plies) {
      plies++;
      marks[p.mark]++;
      if (p.mark !== 'best' && p.mark !== 'only' && p.mark !== 'forced') losses.push(p.loss);
    }
  }
  losses.sort((a, b) => a - b);
  const pct = [50, 60, 70, 80, 85, 90, 95, 96, 98].map((p) => `p${p} ${percentile(losses, p)}`).join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${id} (${games.length} ${what}, ${plies} plies, level 10, ${RECORD_MS} ms a position seeded, ${seconds} s):`);
  console.log(`  loss of moves other than the best (${losses.length}): ${pct}`);
  console.log(`  marks: ${MARKS.map((m) => `${m} ${marks[m]} (${((100 * marks[m]) / plies).toFixed(1)}%)`).join(', ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
