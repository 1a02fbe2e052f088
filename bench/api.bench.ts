/**
 * HTTP benchmark (`npm run bench:api`): autocannon against a bare Fastify route (the ceiling of the HTTP
 * stack here), REST legal-moves, GraphQL legalMoves and REST validate-game of a 300-ply game. Each server
 * runs in its own process; autocannon runs in this one. Prints figures; asserts nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './spawn-server';
import autocannon from 'autocannon';
import { Position } from '../src/engine/position';
import { randomPlayout, seededRandom } from '../src/engine/random-playout';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/game-state';
import { builtInVariant } from '../src/variants';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** A legal 300-ply Copenhagen game, from seeded random playouts (retried until one lasts 300 plies). */
function longGame(): string[] {
  const v = builtInVariant('copenhagen')!;
  const buf = new Int32Array(4 * 121);
  for (let seed = 1; ; seed++) {
    const pos = Position.start(v);
    const moves: number[] = [];
    randomPlayout(pos, seededRandom(seed), 300, buf, (p) => {
      void generateMoves(p, buf);
    });
    if (pos.ply < 300) continue;
    // Replay through the friendly layer to get the notation of each move.
    for (let i = pos.ply; i > 0; i--) {
      moves.unshift(pos.lastMove());
      pos.unmake();
    }
    const state = GameState.start(v);
    return moves.map((m) => state.play(m)).map((info) => `${info.from}-${info.to}`);
  }
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const bad = r.errors + r.non2xx + r.timeouts;
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: bad };
}

async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  const game = longGame();
  const lmPayload = JSON.stringify(
    (await import('../src/engine/operations')).legalMoves(builtInVariant('copenhagen')!, { moves: ['d1-d3', 'f4-c4'] }),
  );
  const bare = await spawnServer(join(__dirname, 'bare-fastify.js'), { BARE_PAYLOAD: lmPayload }, '/');
  const app = await spawnServer(
    join(root, 'dist', 'src', 'main.js'),
    { MAX_MOVES: '2000', PGLITE_DIR: mkdtempSync(join(tmpdir(), 'tafl-bench-')) },
    '/health',
  );
  const json = { 'content-type': 'application/json' };
  const lmBody = JSON.stringify({ variant: 'copenhagen', moves: ['d1-d3', 'f4-c4'] });
  const lmFromBody = JSON.stringify({ variant: 'copenhagen', moves: ['d1-d3', 'f4-c4'], from: 'f6' });
  const gqlFromBody = JSON.stringify({
    query: 'query($s: GameStateInput!) { legalMoves(state: $s, from: "f6") { count moves { notation } } }',
    variables: { s: { variant: 'copenhagen', moves: ['d1-d3', 'f4-c4'] } },
  });
  const gqlBody = JSON.stringify({
    query: 'query($s: GameStateInput!) { legalMoves(state: $s) { count moves { notation } } }',
    variables: { s: { variant: 'copenhagen', moves: ['d1-d3', 'f4-c4'] } },
  });
  const vgBody = JSON.stringify({ variant: 'copenhagen', moves: game });
  try {
    // Server time of one validate-game call, measured in-process over the same engine code.
    const v = builtInVariant('copenhagen')!;
    const { validateGame } = await import('../src/engine/operations');
    for (let i = 0; i < 50; i++) validateGame(v, { moves: game });
    const t = process.hrtime.bigint();
    const n = 200;
    for (let i = 0; i < n; i++) validateGame(v, { moves: game });
    const engineMs = Number(process.hrtime.bigint() - t) / 1e6 / n;

    const results: Figures[] = [];
    await run('warm-up', { url: `${app.base}/graphql`, method: 'POST', headers: json, body: gqlBody, duration: 2 });
    await run('warm-up', { url: `${app.base}/v1/legal-moves`, method: 'POST', headers: json, body: lmBody, duration: 2 });
    results.push(await run('bare fastify route', { url: `${bare.base}/` }));
    const samePayload = await run('bare route, legal-moves body', {
      url: `${bare.base}/payload`,
      method: 'POST',
      headers: json,
      body: lmBody,
    });
    results.push(samePayload);
    results.push(
      await run('REST legal-moves (all, 116)', { url: `${app.base}/v1/legal-moves`, method: 'POST', headers: json, body: lmBody }),
    );
    results.push(
      await run('REST legal-moves (from f6)', { url: `${app.base}/v1/legal-moves`, method: 'POST', headers: json, body: lmFromBody }),
    );
    results.push(await run('GraphQL legalMoves (all, 116)', { url: `${app.base}/graphql`, method: 'POST', headers: json, body: gqlBody }));
    results.push(
      await run('GraphQL legalMoves (from f6)', { url: `${app.base}/graphql`, method: 'POST', headers: json, body: gqlFromBody }),
    );
    const vg = await run('REST validate-game (300 plies)', {
      url: `${app.base}/v1/validate-game`,
      method: 'POST',
      headers: json,
      body: vgBody,
      connections: 1,
    });
    results.push(vg);
    const ceiling = results[0].rps;
    console.log(`API benchmark: ${DURATION}s per route, ${CONNECTIONS} connections (validate-game: 1), node ${process.version}`);
    console.log('"vs same body": against a bare Fastify route sending the same 7.5 kB legal-moves JSON (the cost of the payload alone)');
    console.log('route                              req/s     p99 ms   vs bare  vs same body   errors');
    for (const r of results) {
      const pct = (x: number) => `${((100 * r.rps) / x).toFixed(0)}%`;
      console.log(
        `${r.name.padEnd(32)} ${Math.round(r.rps).toString().padStart(8)} ${r.p99.toFixed(1).padStart(10)} ${pct(ceiling).padStart(9)} ${pct(samePayload.rps).padStart(13)} ${String(r.errors).padStart(8)}`,
      );
    }
    console.log(
      `validate-game, 300 plies: ${(1000 / vg.rps).toFixed(2)} ms per request over HTTP (1 connection), ${engineMs.toFixed(2)} ms in the engine`,
    );
  } finally {
    await bare.stop();
    await app.stop();
  }
}

void main();
