/**
 * Engine benchmark: start-position move counts, legal-move generations per second, random-playout
 * plies per second with full rules, and Copenhagen perft(4). Prints figures; asserts nothing.
 *   node dist/bench/engine.bench.js [--json] [--seconds S]
 */
import { generateMoves, countMoves } from '../src/engine/movegen';
import { perft } from '../src/engine/perft';
import { Position } from '../src/engine/position';
import { randomPlayout, seededRandom } from '../src/engine/random-playout';
import { REASON_NAMES, outcomeReason } from '../src/engine/outcome-codes';
import { builtInVariant, builtInVariantIds } from '../src/variants';

const args = process.argv.slice(2);
const json = args.includes('--json');
const secondsArg = args.indexOf('--seconds');
const budget = secondsArg >= 0 ? Number(args[secondsArg + 1]) : 1.5;

function timeLoop(seconds: number, body: () => number): { perSec: number; units: number; ms: number } {
  const start = process.hrtime.bigint();
  const limit = start + BigInt(Math.round(seconds * 1e9));
  let units = 0;
  let now = start;
  while (now < limit) {
    units += body();
    now = process.hrtime.bigint();
  }
  const ms = Number(now - start) / 1e6;
  return { perSec: (units * 1000) / ms, units, ms };
}

function benchVariant(id: string) {
  const v = builtInVariant(id)!;
  const cap = 4 * v.geo.size * v.geo.size;
  const buf = new Int32Array(cap);
  const start = Position.start(v);
  const startMoves = countMoves(start);

  // Warm up the JIT on playouts before measuring anything.
  const warm = seededRandom(7);
  for (let i = 0; i < 50; i++) randomPlayout(Position.start(v), warm, 1000, buf);

  const genStart = timeLoop(budget / 4, () => {
    for (let i = 0; i < 1000; i++) generateMoves(start, buf);
    return 1000;
  });

  // Positions met in random playouts, for generation speed away from the start.
  const sample: Position[] = [];
  const collect = seededRandom(11);
  while (sample.length < 5000) {
    randomPlayout(Position.start(v), collect, 1000, buf, (p) => {
      if (sample.length < 5000 && collect() % 8 === 0) sample.push(new Position(v, p.board, p.side));
    });
  }
  const genPlayout = timeLoop(budget / 4, () => {
    for (const p of sample) generateMoves(p, buf);
    return sample.length;
  });

  const rnd = seededRandom(12345);
  let games = 0;
  const reasons: Record<string, number> = {};
  const playouts = timeLoop(budget / 2, () => {
    const r = randomPlayout(Position.start(v), rnd, 1000, buf);
    games++;
    const name = r.outcome === 0 ? 'cap' : REASON_NAMES[outcomeReason(r.outcome)];
    reasons[name] = (reasons[name] ?? 0) + 1;
    return r.plies;
  });

  let perft4Ms: number | undefined;
  if (id === 'copenhagen') {
    const t = process.hrtime.bigint();
    const n = perft(Position.start(v), 4);
    perft4Ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (n !== 50456804) throw new Error(`perft(4) gave ${n}, expected 50456804`);
  }
  return {
    variant: id,
    startMoves,
    genPerSec: Math.round(genPlayout.perSec),
    genPerSecStart: Math.round(genStart.perSec),
    pliesPerSec: Math.round(playouts.perSec),
    games,
    avgPlies: Math.round(playouts.units / games),
    endings: reasons,
    ...(perft4Ms !== undefined ? { perft4Ms: Math.round(perft4Ms) } : {}),
  };
}

const ids = builtInVariantIds();
if (!json) {
  console.log(`engine benchmark: node ${process.version}, ${budget}s per variant, random playouts capped at 1000 plies`);
  console.log('variant                  start  gen/s(start) gen/s(playout)   plies/s  avg plies  perft(4)');
}
for (const id of ids) {
  const r = benchVariant(id);
  if (json) console.log(JSON.stringify(r));
  else {
    const f = (n: number) => n.toLocaleString('en-US');
    console.log(
      `${id.padEnd(24)} ${String(r.startMoves).padStart(5)} ${f(r.genPerSecStart).padStart(13)} ${f(r.genPerSec).padStart(14)} ${f(r.pliesPerSec).padStart(9)} ${String(r.avgPlies).padStart(10)}  ${r.perft4Ms !== undefined ? `${f(r.perft4Ms)} ms` : ''}`,
    );
    console.log(
      `${''.padEnd(25)}endings: ${Object.entries(r.endings)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  }
}
