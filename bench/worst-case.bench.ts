/**
 * The slowest single request found per route (hardening, issue 8): for each route, the heaviest inputs
 * the limits still let through (the longest accepted move list, the widest GraphQL operation, the
 * biggest bad TFEN, deep JSON, fragment bombs) are sent one at a time to the compiled service, and the
 * slowest answer is printed with its status. Also: whether /health stays answered while the slowest
 * request runs. Prints figures; asserts nothing.
 */
import { join } from 'node:path';
import { GameState } from '../src/engine';
import { seededRandom } from '../src/engine/random';
import { builtInVariant } from '../src/variants';
import { spawnServer } from './spawn-server';

const MAX_MOVES = 5000;

/** The longest legal game a seeded random walk finds (up to `n` plies) on a 19×19 variant. */
function longGame(variant: string, n: number): string[] {
  const v = builtInVariant(variant)!;
  const state = GameState.start(v);
  const rnd = seededRandom(7);
  const moves: string[] = [];
  while (moves.length < n && !state.finished) {
    const legal = state.legalMoves();
    // Quiet moves first: captures end games sooner, and a long game is the point here.
    const quiet = legal.filter((m) => m.captures.length === 0);
    const pick = (quiet.length ? quiet : legal)[rnd() % (quiet.length || legal.length)];
    const checked = state.check(pick.notation);
    if (!checked.ok) break;
    state.play(checked.value);
    moves.push(pick.notation);
  }
  return moves;
}

interface Probe {
  route: string;
  what: string;
  send: (base: string) => Promise<Response>;
}

const post = (path: string, body: unknown) => (base: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function probes(): Probe[] {
  const game = longGame('alea-evangelii', MAX_MOVES);
  console.log(`a legal alea-evangelii game of ${game.length} plies`);
  const aliases = (n: number, field: string) =>
    `query($s: GameStateInput!) { ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
  let frags = 'fragment F0 on Variant { id }\n';
  for (let i = 1; i <= 40; i++) frags += `fragment F${i} on Variant { ...F${i - 1} ...F${i - 1} }\n`;
  return [
    {
      route: 'POST /v1/validate-game',
      what: `the long game, 19×19`,
      send: post('/v1/validate-game', { variant: 'alea-evangelii', moves: game }),
    },
    {
      route: 'POST /v1/legal-moves',
      what: `the long game, 19×19`,
      send: post('/v1/legal-moves', { variant: 'alea-evangelii', moves: game }),
    },
    {
      route: 'POST /v1/evaluate',
      what: 'TFEN of 130,000 bad letters',
      send: post('/v1/evaluate', { variant: 'brandubh', position: `${'x'.repeat(130_000)} a` }),
    },
    {
      route: 'POST /v1/evaluate',
      what: 'JSON nested 100,000 deep',
      send: post('/v1/evaluate', `{"variant":"brandubh","moves":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    },
    {
      route: 'POST /graphql',
      what: '4 aliases × the long game (the replay budget)',
      send: post('/graphql', {
        query: aliases(4, 'evaluateOutcome(state: $s) { sideToMove }'),
        variables: { s: { variant: 'alea-evangelii', moves: game } },
      }),
    },
    {
      route: 'POST /graphql',
      what: '1,000 aliases × the long game (refused)',
      send: post('/graphql', {
        query: aliases(1000, 'evaluateOutcome(state: $s) { sideToMove }'),
        variables: { s: { variant: 'alea-evangelii', moves: game } },
      }),
    },
    { route: 'POST /graphql', what: '40 doubling fragments', send: post('/graphql', { query: `{ variants { ...F40 } }\n${frags}` }) },
    {
      route: 'POST /graphql',
      what: '3,000 aliases of __schema',
      send: post('/graphql', { query: `{ ${Array.from({ length: 3000 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }` }),
    },
    { route: 'GET /v1/variants', what: 'the registry', send: (base) => fetch(`${base}/v1/variants`) },
  ];
}

async function main(): Promise<void> {
  const server = await spawnServer(
    join(__dirname, '..', 'src', 'main.js'),
    { MAX_MOVES: String(MAX_MOVES), DATABASE_URL: 'postgres://127.0.0.1:1/none' },
    '/health',
  );
  try {
    const worst = new Map<string, { ms: number; what: string; status: number; healthMs: number }>();
    for (const p of probes()) {
      for (let round = 0; round < 3; round++) {
        // /health is asked while the probe runs: its answer time is how long the event loop was held.
        const started = performance.now();
        const answer = p.send(server.base);
        await new Promise((r) => setTimeout(r, 1));
        const healthStarted = performance.now();
        const health = fetch(`${server.base}/health`).then(() => performance.now() - healthStarted);
        const r = await answer;
        await r.arrayBuffer();
        const ms = performance.now() - started;
        const healthMs = await health;
        const key = `${p.route} ${p.what}`;
        const prev = worst.get(key);
        if (!prev || ms > prev.ms) worst.set(key, { ms, what: p.route, status: r.status, healthMs });
      }
    }
    console.log('slowest of 3 tries per input (ms, status, how long /health waited meanwhile):');
    for (const [route, w] of worst) {
      console.log(
        `  ${route.padEnd(72)} ${w.ms.toFixed(1).padStart(8)} ms  ${String(w.status).padEnd(3)}  /health ${w.healthMs.toFixed(1)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

void main();
