/**
 * Strength benchmark of the search: a ladder of levels from self-play, then the search's speed.
 * Prints figures; asserts nothing. Everything runs in this thread (no pool), one game at a time.
 *
 * The ladder: every pair of levels at most BENCH_SPAN apart plays BENCH_GAMES games per variant. A game
 * opens with two random legal plies (seeded by the game's number), and each opening is played twice with
 * the colours swapped, so neither the opening nor the colour favours one level. Every move is asked for
 * with the same budget, BENCH_MS_PER_MOVE, as the computer opponent asks (each level then spends its
 * share of it, levels.ts). The searches are seeded, so the budget is the seeded node limit (about 50
 * nodes per ms on 7×7 and 11×11 boards) and a game is replayed exactly on any machine, however loaded;
 * BENCH_CLOCK=1 stops them on the clock instead (unseeded noise, not reproducible). Ratings: a Bradley–Terry (Elo) fit by maximum likelihood with draws as half
 * points and 95% intervals from the normal approximation (elo-fit.ts), level BENCH_LEVELS[0] = 0.
 *
 *   npm run bench:strength
 *   BENCH_VARIANTS=brandubh  variants, comma separated (each gets its own ladder, then all together)
 *   BENCH_LEVELS=1,...,10    levels of the ladder, weakest first
 *   BENCH_SPAN=2             pairs of levels at most this far apart in the list play (9: round robin)
 *   BENCH_GAMES=16           games per pair and variant (even: openings are played with both colours)
 *   BENCH_MS_PER_MOVE=1000   the budgetMs of every move (the computer opponent's default)
 *   BENCH_CLOCK=0            1: stop on the clock, not the seeded node limit
 *   BENCH_MAX_PLIES=200      plies before an unfinished game is adjudicated a draw
 *   BENCH_SEED=1             seed of the openings and of the levels' noise
 *   BENCH_VERBOSE=1          print every game
 *   BENCH_SPEED_MS=1000      budget of each speed measurement (0 skips them)
 *   BENCH_SPEED_POSITIONS=3  positions per variant for the speed measurement
 */
import { CompiledVariant } from '../src/engine/compiled-variant';
import { generateMoves } from '../src/engine/movegen';
import { outcomeAfterMove } from '../src/engine/outcome';
import { ONGOING, REASON_NAMES, WIN_DRAW, outcomeReason, outcomeWinner } from '../src/engine/outcome-codes';
import { PASS, Position } from '../src/engine/position';
import { suggest } from '../src/search';
import { builtInVariant } from '../src/variants';
import { fitElo } from './elo-fit';

const env = (name: string, fallback: string): string => process.env[name] ?? fallback;
const VARIANTS = env('BENCH_VARIANTS', 'brandubh').split(',');
const LEVELS = env('BENCH_LEVELS', '1,2,3,4,5,6,7,8,9,10').split(',').map(Number);
const SPAN = Number(env('BENCH_SPAN', '2'));
const GAMES = Number(env('BENCH_GAMES', '16'));
const MS_PER_MOVE = Number(env('BENCH_MS_PER_MOVE', '1000'));
const CLOCK = env('BENCH_CLOCK', '0') === '1';
const MAX_PLIES = Number(env('BENCH_MAX_PLIES', '200'));
const SEED = Number(env('BENCH_SEED', '1'));
const VERBOSE = env('BENCH_VERBOSE', '0') === '1';
const SPEED_MS = Number(env('BENCH_SPEED_MS', '1000'));
const SPEED_POSITIONS = Number(env('BENCH_SPEED_POSITIONS', '3'));

function variant(id: string): CompiledVariant {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

/** mulberry32: a small seeded generator for the openings. */
function random(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two random legal plies from the start, the same for both games of an opening. */
function opening(v: CompiledVariant, openingNo: number): number[] {
  const rnd = random(SEED * 7919 + openingNo);
  const pos = Position.start(v);
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  const moves: number[] = [];
  for (let ply = 0; ply < 2; ply++) {
    const n = generateMoves(pos, buf);
    if (n === 0) break;
    const m = buf[Math.floor(rnd() * n)];
    pos.make(m);
    if (outcomeAfterMove(pos) !== ONGOING) break;
    moves.push(m);
  }
  return moves;
}

interface GameResult {
  /** The attackers' points: 1, ½ or 0. */
  points: number;
  how: string;
  plies: number;
}

function playGame(v: CompiledVariant, attackersLevel: number, defendersLevel: number, start: number[], gameSeed: number): GameResult {
  const pos = Position.start(v);
  for (const m of start) pos.make(m);
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  let outcome = ONGOING;
  let plies = start.length;
  while (outcome === ONGOING && plies < MAX_PLIES) {
    const level = pos.side === 0 ? attackersLevel : defendersLevel;
    const r = suggest(v, pos, CLOCK ? { level, budgetMs: MS_PER_MOVE } : { level, budgetMs: MS_PER_MOVE, seed: gameSeed * 1000 + plies });
    let move = r.bestMove;
    if (move === null) move = generateMoves(pos, buf) > 0 ? buf[0] : PASS;
    pos.make(move);
    plies++;
    outcome = outcomeAfterMove(pos);
  }
  if (outcome === ONGOING) return { points: 0.5, how: `draw by adjudication at ${plies} plies`, plies };
  const winner = outcomeWinner(outcome);
  const reason = REASON_NAMES[outcomeReason(outcome)];
  if (winner === WIN_DRAW) return { points: 0.5, how: `draw (${reason}) at ${plies}`, plies };
  return { points: winner === 1 ? 1 : 0, how: `${winner === 1 ? 'attackers' : 'defenders'} (${reason}) at ${plies}`, plies };
}

interface Tally {
  points: number[][];
  games: number[][];
  /** Points scored as attackers, and games played as attackers, per level. */
  asAttackers: number[];
  gamesAsAttackers: number[];
  plies: number;
}

function tally(): Tally {
  const n = LEVELS.length;
  const grid = () => LEVELS.map(() => new Array<number>(n).fill(0));
  return {
    points: grid(),
    games: grid(),
    asAttackers: new Array<number>(n).fill(0),
    gamesAsAttackers: new Array<number>(n).fill(0),
    plies: 0,
  };
}

function record(t: Tally, a: number, d: number, r: GameResult): void {
  t.points[a][d] += r.points;
  t.points[d][a] += 1 - r.points;
  t.games[a][d]++;
  t.games[d][a]++;
  t.asAttackers[a] += r.points;
  t.gamesAsAttackers[a]++;
  t.plies += r.plies;
}

function ladder(id: string, all: Tally): void {
  const v = variant(id);
  const n = LEVELS.length;
  const t = tally();
  const t0 = performance.now();
  let gameNo = 0;
  console.log(`\n## ${id} (${v.geo.size}×${v.geo.size})`);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n && j - i <= SPAN; j++) {
      let pairPoints = 0;
      for (let g = 0; g < GAMES; g++) {
        // Games 2k and 2k+1 share an opening, with the colours swapped.
        const openingNo = (i * n + j) * 1000 + (g >> 1);
        const [a, d] = g % 2 === 0 ? [i, j] : [j, i];
        const r = playGame(v, LEVELS[a], LEVELS[d], opening(v, openingNo), SEED * 1_000_000 + ++gameNo);
        record(t, a, d, r);
        record(all, a, d, r);
        pairPoints += a === j ? r.points : 1 - r.points;
        if (VERBOSE)
          console.log(`  L${LEVELS[a]} (attackers) vs L${LEVELS[d]}: ${r.points === 1 ? '1-0' : r.points === 0 ? '0-1' : '½-½'}  ${r.how}`);
      }
      console.log(`  L${LEVELS[j]} vs L${LEVELS[i]}: ${pairPoints} / ${GAMES}`);
    }
  }
  printTable(t);
  console.log(
    `  (${gameNo} games, ${(t.plies / Math.max(1, gameNo)).toFixed(0)} plies a game, in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

function printTable(t: Tally): void {
  const fit = fitElo(t.points, t.games);
  console.log(`  level   points / games   score   as attackers   Elo ± 95% (level ${LEVELS[0]} = 0)`);
  for (let i = 0; i < LEVELS.length; i++) {
    const p = t.points[i].reduce((a, b) => a + b, 0);
    const g = t.games[i].reduce((a, b) => a + b, 0);
    const att = t.gamesAsAttackers[i] ? `${((100 * t.asAttackers[i]) / t.gamesAsAttackers[i]).toFixed(0)}%` : '-';
    console.log(
      `  ${String(LEVELS[i]).padStart(5)}  ${String(p).padStart(7)} / ${String(g).padEnd(5)}  ${g ? ((100 * p) / g).toFixed(0).padStart(4) : '   -'}%  ${att.padStart(12)}   ${String(Math.round(fit.elo[i])).padStart(6)} ± ${Math.round(fit.ci95[i])}`,
    );
  }
  const att = t.asAttackers.reduce((a, b) => a + b, 0);
  const games = t.gamesAsAttackers.reduce((a, b) => a + b, 0);
  console.log(`  the attackers scored ${att} / ${games}`);
}

/** Nodes per second and depth reached at SPEED_MS, over a few positions: the start and positions of a seeded level-3 game. */
function speed(id: string): void {
  const v = variant(id);
  const positions: Position[] = [Position.start(v)];
  const game = Position.start(v);
  for (let ply = 0; positions.length < SPEED_POSITIONS && ply < 200; ply++) {
    const r = suggest(v, game, { level: 3, budgetMs: 200, seed: 99 + ply });
    if (r.bestMove === null) break;
    game.make(r.bestMove);
    if (outcomeAfterMove(game) !== ONGOING) break;
    if (ply === 11 || ply === 31) positions.push(new Position(v, game.board, game.side));
  }
  suggest(v, Position.start(v), { level: 10, budgetMs: 200 }); // warm the JIT
  const rows = positions.map((p) => {
    const t = performance.now();
    const r = suggest(v, p, { level: 10, budgetMs: SPEED_MS });
    const ms = performance.now() - t;
    return { nps: (r.nodes * 1000) / ms, depth: r.depth, seldepth: r.seldepth, nodes: r.nodes };
  });
  const mean = (f: (x: (typeof rows)[number]) => number) => rows.reduce((a, x) => a + f(x), 0) / rows.length;
  console.log(
    `  ${id.padEnd(24)} ${String(Math.round(mean((x) => x.nps))).padStart(8)} nodes/s   depth ${mean((x) => x.depth).toFixed(1)} (${rows.map((x) => x.depth).join(', ')})   seldepth ${mean((x) => x.seldepth).toFixed(1)}   over ${rows.length} positions`,
  );
}

function main(): void {
  const budget = `budgetMs ${MS_PER_MOVE} a move (${CLOCK ? 'clock' : 'seeded node limit'})`;
  console.log(
    `Strength ladder: levels ${LEVELS.join(', ')}; pairs at most ${SPAN} apart; ${GAMES} games per pair and variant; ${budget}; two random opening plies (seed ${SEED}); draw after ${MAX_PLIES} plies`,
  );
  const t0 = performance.now();
  if (GAMES > 0) {
    const all = tally();
    for (const id of VARIANTS) ladder(id, all);
    if (VARIANTS.length > 1) {
      console.log(`\n## all variants`);
      printTable(all);
    }
  }
  if (SPEED_MS > 0) {
    console.log(`\n## speed at ${SPEED_MS} ms per search (level 10, one thread)`);
    for (const id of VARIANTS) speed(id);
  }
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

main();
