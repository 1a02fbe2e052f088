/**
 * Strength benchmark of the search: a round robin of levels over games in several variants at a fixed
 * time per move (both colours in turn), printing each level's score and an Elo estimate; then the
 * search speed (nodes per second) and the depth reached in one second, per variant, from a few
 * positions. Prints figures; asserts nothing. The search runs in this thread (no pool).
 *
 *   npm run bench:strength
 *   BENCH_MS_PER_MOVE=200   time per move (the suggestion's budgetMs)
 *   BENCH_GAMES=2           games per pairing and variant (colours alternate)
 *   BENCH_MAX_PLIES=200     plies before an unfinished game is adjudicated a draw
 *   BENCH_LEVELS=1,3,5,7,10
 *   BENCH_VARIANTS=copenhagen,brandubh,alea-evangelii
 *   BENCH_SPEED_MS=1000     budget of each speed measurement (0 skips them)
 *   BENCH_SPEED_POSITIONS=3 positions per variant for the speed measurement
 *
 * Each move's evaluation noise is seeded from the game and ply, so the weak levels' games differ from
 * game to game; the searches stop on the clock (not at the seeded node limit), so a game is not
 * replayed exactly on a second run.
 */
import { CompiledVariant } from '../src/engine/compiled-variant';
import { generateMoves } from '../src/engine/movegen';
import { outcomeAfterMove } from '../src/engine/outcome';
import { ONGOING, REASON_NAMES, WIN_DRAW, outcomeReason, outcomeWinner } from '../src/engine/outcome-codes';
import { PASS, Position } from '../src/engine/position';
import { suggest } from '../src/search';
import { builtInVariant } from '../src/variants';

const env = (name: string, fallback: string): string => process.env[name] ?? fallback;
const MS_PER_MOVE = Number(env('BENCH_MS_PER_MOVE', '200'));
const GAMES = Number(env('BENCH_GAMES', '2'));
const MAX_PLIES = Number(env('BENCH_MAX_PLIES', '200'));
const LEVELS = env('BENCH_LEVELS', '1,3,5,7,10').split(',').map(Number);
const VARIANTS = env('BENCH_VARIANTS', 'copenhagen,brandubh,alea-evangelii').split(',');
const SPEED_MS = Number(env('BENCH_SPEED_MS', '1000'));
const SPEED_POSITIONS = Number(env('BENCH_SPEED_POSITIONS', '3'));

function variant(id: string): CompiledVariant {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

/** Plays one game; returns the attackers' points (1, ½, 0) and how it ended. */
function playGame(v: CompiledVariant, attackersLevel: number, defendersLevel: number, gameSeed: number) {
  const pos = Position.start(v);
  const buf = new Int32Array(4 * v.geo.size * v.geo.size);
  let outcome = ONGOING;
  let plies = 0;
  let depthSum = [0, 0];
  const moves = [0, 0];
  while (outcome === ONGOING && plies < MAX_PLIES) {
    const level = pos.side === 0 ? attackersLevel : defendersLevel;
    const r = suggest(v, pos, {
      level,
      budgetMs: MS_PER_MOVE,
      seed: gameSeed * 1000 + plies,
      // The clock, not the seeded node limit, ends each search: a fixed time per move.
      maxNodes: Number.MAX_SAFE_INTEGER,
    });
    let move = r.bestMove;
    if (move === null) move = generateMoves(pos, buf) > 0 ? buf[0] : PASS;
    depthSum[pos.side] += r.depth;
    moves[pos.side]++;
    pos.make(move);
    plies++;
    outcome = outcomeAfterMove(pos);
  }
  depthSum = depthSum.map((d, s) => (moves[s] ? d / moves[s] : 0));
  if (outcome === ONGOING) return { points: 0.5, how: `draw by adjudication at ${plies} plies`, plies, depth: depthSum };
  const winner = outcomeWinner(outcome);
  const reason = REASON_NAMES[outcomeReason(outcome)];
  if (winner === WIN_DRAW) return { points: 0.5, how: `draw (${reason}) at ${plies}`, plies, depth: depthSum };
  return {
    points: winner === 1 ? 1 : 0,
    how: `${winner === 1 ? 'attackers' : 'defenders'} (${reason}) at ${plies}`,
    plies,
    depth: depthSum,
  };
}

/** Bradley–Terry ratings (Elo scale) from points and games per pairing; one virtual draw per pairing keeps them finite. */
function eloFit(n: number, points: number[][], games: number[][]): number[] {
  const r = new Array<number>(n).fill(0);
  for (let iter = 0; iter < 5000; iter++) {
    for (let i = 0; i < n; i++) {
      let grad = 0;
      for (let j = 0; j < n; j++) {
        if (i === j || games[i][j] === 0) continue;
        const e = 1 / (1 + Math.pow(10, (r[j] - r[i]) / 400));
        grad += points[i][j] + 0.5 - (games[i][j] + 1) * e;
      }
      r[i] += 4 * grad;
    }
  }
  const base = r[0];
  return r.map((x) => Math.round(x - base));
}

function roundRobin(id: string, allPoints: number[][], allGames: number[][]): void {
  const v = variant(id);
  const n = LEVELS.length;
  const points = LEVELS.map(() => new Array<number>(n).fill(0));
  const games = LEVELS.map(() => new Array<number>(n).fill(0));
  const t0 = performance.now();
  let gameNo = 0;
  console.log(`\n## ${id} (${v.geo.size}×${v.geo.size})`);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let g = 0; g < GAMES; g++) {
        const iAttacks = g % 2 === 0;
        const [a, d] = iAttacks ? [i, j] : [j, i];
        const r = playGame(v, LEVELS[a], LEVELS[d], ++gameNo);
        points[a][d] += r.points;
        points[d][a] += 1 - r.points;
        games[a][d]++;
        games[d][a]++;
        allPoints[a][d] += r.points;
        allPoints[d][a] += 1 - r.points;
        allGames[a][d]++;
        allGames[d][a]++;
        console.log(
          `  L${LEVELS[a]} (attackers) vs L${LEVELS[d]} (defenders): ${r.points === 1 ? '1-0' : r.points === 0 ? '0-1' : '½-½'}  ${r.how}; mean depth ${r.depth.map((x) => x.toFixed(1)).join('/')}`,
        );
      }
    }
  }
  printTable(points, games);
  console.log(`  (${gameNo} games in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

function printTable(points: number[][], games: number[][]): void {
  const n = LEVELS.length;
  const elo = eloFit(n, points, games);
  console.log('  level  points / games   score   Elo (level 1 = 0)');
  for (let i = 0; i < n; i++) {
    const p = points[i].reduce((a, b) => a + b, 0);
    const g = games[i].reduce((a, b) => a + b, 0);
    console.log(
      `  ${String(LEVELS[i]).padStart(5)}  ${String(p).padStart(6)} / ${String(g).padEnd(5)}  ${g ? ((100 * p) / g).toFixed(0).padStart(4) : '   -'}%  ${String(elo[i]).padStart(6)}`,
    );
  }
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
  console.log(
    `Strength round robin: levels ${LEVELS.join(', ')}; ${GAMES} games per pairing and variant; ${MS_PER_MOVE} ms per move; draw after ${MAX_PLIES} plies`,
  );
  const t0 = performance.now();
  const n = LEVELS.length;
  const allPoints = LEVELS.map(() => new Array<number>(n).fill(0));
  const allGames = LEVELS.map(() => new Array<number>(n).fill(0));
  if (GAMES > 0) {
    for (const id of VARIANTS) roundRobin(id, allPoints, allGames);
    console.log(`\n## all variants`);
    printTable(allPoints, allGames);
  }
  if (SPEED_MS > 0) {
    console.log(`\n## speed at ${SPEED_MS} ms per search (level 10, one thread)`);
    for (const id of VARIANTS) speed(id);
  }
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

main();
