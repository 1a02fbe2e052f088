/**
 * The latency of a rules query while the search pool is saturated: legal-moves alone, then while
 * clients keep every search worker busy with 1-second suggestions (and the queue full of more).
 * Prints figures; asserts nothing.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './spawn-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SEARCH_CONNECTIONS = 4;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

function run(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (e: unknown, r: autocannon.Result) => {
      if (e) reject(e instanceof Error ? e : new Error(String(e)));
      else resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
    });
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tafl-bench-search-'));
  // A cap above the load's connections, so every search is queued or running, none refused per client.
  const app = await spawnServer(join(__dirname, '..', 'src', 'main.js'), { PGLITE_DIR: dir, MAX_SEARCHES_PER_CLIENT: '64' }, '/health');
  const json = { 'content-type': 'application/json' };
  const rules = {
    url: `${app.base}/v1/legal-moves`,
    method: 'POST' as const,
    headers: json,
    body: JSON.stringify({ variant: 'copenhagen' }),
    connections: 4,
  };
  try {
    await run({ ...rules, duration: 2 });
    const alone = await run({ ...rules, duration: SECONDS });
    const searches = run({
      url: `${app.base}/v1/suggest-move`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ variant: 'copenhagen', level: 10, budgetMs: 1000 }),
      connections: SEARCH_CONNECTIONS,
      duration: SECONDS + 2,
      timeout: 30,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = await run({ ...rules, duration: SECONDS });
    const s = await searches;
    console.log(`rules query (POST /v1/legal-moves, copenhagen start, 4 connections) with the search pool idle and saturated`);
    console.log(`  ${SEARCH_CONNECTIONS} clients asking level 10 / 1000 ms suggestions back to back; ${SECONDS} s per measurement`);
    console.log('  stream                 req/s    p50 ms   p99 ms   non-2xx');
    const row = (name: string, f: Figures) =>
      console.log(
        `  ${name.padEnd(20)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.non2xx).padStart(9)}`,
      );
    row('rules, pool idle', alone);
    row('rules, pool busy', loaded);
    row('suggest-move', s);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
