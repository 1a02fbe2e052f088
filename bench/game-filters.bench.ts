/**
 * Finding games at scale (part of `npm run bench:tournament`): BENCH_FILTER_GAMES (1,000,000) games
 * written straight into a throwaway PostgreSQL database (generate_series: 10,000 player names, 1,000
 * events, a year of creation times), then each filter of GET /v1/games asked BENCH_FILTER_RUNS (30)
 * times through the service: p50 and p99 of the answer, and the indexes PostgreSQL's plan uses for
 * the same condition. Prints figures; asserts nothing.
 */
import { join } from 'node:path';
import { Client } from 'pg';
import { spawnServer } from './spawn-server';
import { throwawayDatabase } from './throwaway-database';

const GAMES = Number(process.env.BENCH_FILTER_GAMES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_FILTER_RUNS ?? 30);
const ROOT = join(__dirname, '..', '..');
const START = '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a';

const FILLER = `
  INSERT INTO games (id, variant, start_position, position, ply, status, players, metadata, attackers_token_hash, defenders_token_hash,
    last_seq, options, created_at, updated_at)
  SELECT gen_random_uuid(), CASE WHEN i % 4 = 0 THEN 'copenhagen' ELSE 'brandubh' END, $1, $1, 0,
    CASE WHEN i % 3 = 0 THEN 'finished' ELSE 'ongoing' END,
    jsonb_build_object('attackers', 'player' || (i % 10000), 'defenders', 'player' || ((i * 7 + 3) % 10000)),
    jsonb_build_object('event', 'event' || (i % 1000), 'round', i % 9),
    md5(i::text), md5((i + 1)::text), 0, '{"takebacks": false, "drawOffers": true}'::jsonb,
    timestamptz '2026-01-01' + (i * interval '31 seconds'), timestamptz '2026-01-01' + (i * interval '31 seconds')
  FROM generate_series($2::int, $3::int) AS i`;

/** The same conditions as the repository's, for the plan. */
const PLANS: Record<string, string> = {
  player: `(players->>'attackers' = 'player42' OR players->>'defenders' = 'player42')`,
  metadata: `metadata @> '{"event":"event7"}'::jsonb`,
  created: `created_at > '2026-06-01' AND created_at < '2026-06-02'`,
};

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const db = new Client({ connectionString: database.url });
  let server: Awaited<ReturnType<typeof spawnServer>> | null = null;
  try {
    server = await spawnServer(join(ROOT, 'dist', 'src', 'main.js'), { DATABASE_URL: database.url }, '/ready');
    await db.connect();
    const t0 = Date.now();
    for (let i = 0; i < GAMES; i += 100_000) await db.query(FILLER, [START, i, Math.min(GAMES, i + 100_000) - 1]);
    await db.query('ANALYZE games');
    console.log(`filters: ${GAMES} games written and analysed in ${Date.now() - t0} ms`);
    const queries: [string, string][] = [
      ['newest page (no filter)', ''],
      ['player=player42', 'player=player42'],
      ['metadata.event=event7', 'metadata.event=event7'],
      ['metadata.event=event7&metadata.round=7', 'metadata.event=event7&metadata.round=7'],
      ['createdAfter/createdBefore (one day)', 'createdAfter=2026-06-01T00:00:00Z&createdBefore=2026-06-02T00:00:00Z'],
      ['player + variant + status', 'player=player42&variant=brandubh&status=ongoing'],
      ['player=nobody (no match)', 'player=nobody'],
    ];
    for (const [label, q] of queries) {
      const times: number[] = [];
      let count = 0;
      for (let r = 0; r < RUNS; r++) {
        const t = performance.now();
        const res = await fetch(`${server.base}/v1/games?limit=20${q ? `&${q}` : ''}`);
        count = ((await res.json()) as { items: unknown[] }).items.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
      console.log(`  ${label}: ${count} items, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    }
    for (const [label, where] of Object.entries(PLANS)) {
      const plan = await db.query(`EXPLAIN (FORMAT JSON) SELECT id FROM games WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 21`);
      const text = JSON.stringify(plan.rows[0]['QUERY PLAN']);
      const indexes = [...new Set([...text.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]))];
      console.log(`  plan of ${label}: ${indexes.length ? indexes.join(', ') : 'no index (sequential scan)'}`);
    }
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    await database.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
