/**
 * SearchPool runs the compiled worker (dist/src/search/search-worker.js): `npm test` builds first, and
 * so must a direct `npx vitest run test/search` (`npm run build --silent && npx vitest run test/search`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GameState } from '../../src/engine/game-state';
import { SearchPool, SuggestResult, defaultSearchWorkerFile, defaultSearchWorkers, runSearchJob, searchJob } from '../../src/search';
import { compileCustomVariant } from '../../src/variants';
import { tfen, variant } from './helpers';

const pools: SearchPool[] = [];
function pool(options: ConstructorParameters<typeof SearchPool>[0] = {}): SearchPool {
  const p = new SearchPool(options);
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

function answer(r: SuggestResult) {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function withoutTime(r: SuggestResult) {
  const { timeMs: _timeMs, ...rest } = answer(r);
  return rest;
}

/** The king on d5 is captured by e2-e5 (against c5). */
const CAPTURE_IN_ONE = tfen(
  `
  7 + . . . . . +
  6 . . . . . . .
  5 . . t K . . .
  4 . . . + . . .
  3 . . . . . . .
  2 . T . . t . .
  1 + . . . . . +
    a b c d e f g
  `,
  'a',
);

const LONG = { level: 10, budgetMs: 5000 } as const;

describe('SearchPool', () => {
  it('runs the compiled worker, found from the sources under dist/', () => {
    const file = defaultSearchWorkerFile();
    expect(file).toBe(join(__dirname, '..', '..', 'dist', 'src', 'search', 'search-worker.js'));
    expect(existsSync(file)).toBe(true);
    expect(defaultSearchWorkers()).toBeGreaterThanOrEqual(1);
  });

  it('answers in notation, captures included, as the engine writes the move', async () => {
    const p = pool({ workers: 1 });
    const v = variant('brandubh');
    const a = answer(await p.suggest(v, { position: CAPTURE_IN_ONE }, { level: 3, budgetMs: 500, multiPv: 2, seed: 1 }));
    expect(a.bestMove).toEqual({ from: 'e2', to: 'e5', notation: 'e2-e5xd5', captures: ['d5'] });
    const state = GameState.fromTfen(v, CAPTURE_IN_ONE);
    if (!state.ok) throw new Error('bad position');
    expect(state.value.legalMoves().find((m) => m.notation.startsWith('e2-e5'))).toEqual(a.bestMove);
    expect(a.lines[0]).toEqual({ moves: ['e2-e5xd5'], score: 999_999 });
    expect(a.lines).toHaveLength(2);
    expect(a).toMatchObject({ depth: 1, level: 3, stoppedBy: 'mate' });
  });

  it('gives the same seeded answer twice, and the same as in-thread', async () => {
    const p = pool({ workers: 2 });
    const v = variant('copenhagen');
    const state = { moves: ['d1-d3', 'f4-d4'] };
    // Two searches at once on a shared machine: a node limit far inside the clock budget keeps the clock
    // out of it (the default seeded limit is tested in-thread, search.test.ts).
    const options = { level: 8, budgetMs: 3000, multiPv: 3, seed: 7, maxNodes: 30_000 };
    const [one, two] = await Promise.all([p.suggest(v, state, options), p.suggest(v, state, options)]);
    const inThread = runSearchJob(searchJob(v, state, options));
    expect(withoutTime(one)).toEqual(withoutTime(two));
    expect(withoutTime(one)).toEqual(withoutTime(inThread));
    expect(answer(one).lines).toHaveLength(3);
    expect(answer(one).stoppedBy).not.toBe('time');
  });

  it('keeps to the budget: a 200 ms search answers within budget + 250 ms', async () => {
    const p = pool({ workers: 1 });
    const v = variant('alea-evangelii');
    answer(await p.suggest(v, {}, { level: 1, budgetMs: 50 })); // the worker is started and warm
    const t = performance.now();
    const a = answer(await p.suggest(v, {}, { level: 10, budgetMs: 200 }));
    const elapsed = performance.now() - t;
    expect(elapsed).toBeLessThan(450);
    expect(a.timeMs).toBeLessThanOrEqual(250);
    expect(a.stoppedBy).toBe('time');
  });

  it('keeps the event loop free while searching', async () => {
    const p = pool({ workers: 1 });
    const v = variant('copenhagen');
    let ticks = 0;
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const a = answer(await p.suggest(v, {}, { level: 10, budgetMs: 800 }));
    clearInterval(timer);
    expect(a.timeMs).toBeGreaterThanOrEqual(700);
    expect(ticks).toBeGreaterThan(30);
    expect(maxGap).toBeLessThan(250);
  });

  it('cancel(id) answers SEARCH_CANCELLED at once and frees the worker for the next job', async () => {
    const p = pool({ workers: 1 });
    const v = variant('copenhagen');
    const ticket = p.submit(searchJob(v, {}, LONG));
    const next = p.submit(searchJob(v, {}, { level: 2, budgetMs: 100, seed: 1 }));
    await new Promise((r) => setTimeout(r, 150));
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    const t = performance.now();
    expect(p.cancel(ticket.id)).toBe(true);
    const cancelled = await ticket.result;
    expect(cancelled.ok).toBe(false);
    if (!cancelled.ok) expect(cancelled.error.code).toBe('SEARCH_CANCELLED');
    expect(performance.now() - t).toBeLessThan(50);
    // Without the cancellation the next job would wait for the whole 5 s budget.
    answer(await next.result);
    expect(performance.now() - t).toBeLessThan(1500);
    expect(p.cancel(ticket.id)).toBe(false);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('an aborted signal cancels a running or a queued search', async () => {
    const p = pool({ workers: 1 });
    const v = variant('brandubh');
    const running = new AbortController();
    const queued = new AbortController();
    const a = p.run(searchJob(v, {}, LONG), { signal: running.signal });
    const b = p.run(searchJob(v, {}, LONG), { signal: queued.signal });
    await new Promise((r) => setTimeout(r, 100));
    queued.abort();
    running.abort();
    const t = performance.now();
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra, rb].map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['SEARCH_CANCELLED', 'SEARCH_CANCELLED']);
    answer(await p.suggest(v, {}, { level: 2, budgetMs: 50 }));
    expect(performance.now() - t).toBeLessThan(1500);
    const pre = new AbortController();
    pre.abort();
    const r = await p.run(searchJob(v, {}, LONG), { signal: pre.signal });
    expect(r.ok ? 'ok' : r.error.code).toBe('SEARCH_CANCELLED');
  });

  it('refuses when the queue is full, and caps each client key', async () => {
    const p = pool({ workers: 1, maxQueue: 1, maxPerClient: 2 });
    const v = variant('brandubh');
    const first = p.submit(searchJob(v, {}, LONG), { clientKey: 'alice' });
    const second = p.submit(searchJob(v, {}, LONG), { clientKey: 'alice' });
    expect(p.activeFor('alice')).toBe(2);
    const third = await p.run(searchJob(v, {}, LONG), { clientKey: 'alice' });
    expect(third.ok ? 'ok' : third.error.code).toBe('SEARCH_CLIENT_LIMIT');
    const full = await p.run(searchJob(v, {}, LONG), { clientKey: 'bob' });
    expect(full.ok ? 'ok' : full.error.code).toBe('SEARCH_QUEUE_FULL');
    expect(p.stats()).toMatchObject({ workers: 1, busy: 1, queued: 1, clients: 1 });
    p.cancel(second.id);
    p.cancel(first.id);
    await Promise.all([first.result, second.result]);
    expect(p.activeFor('alice')).toBe(0);
  });

  it('refuses bad options, illegal histories and finished games with codes', async () => {
    const p = pool({ workers: 1 });
    const v = variant('brandubh');
    const bad = await p.suggest(v, {}, { level: 0, budgetMs: 99999 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('SEARCH_BAD_REQUEST');
      expect(bad.error.problems?.map((e) => e.field)).toEqual(['level', 'budgetMs']);
    }
    const illegal = await p.suggest(v, { moves: ['d6-e6', 'a4-a1'] }, { level: 1, budgetMs: 100 });
    expect(illegal.ok).toBe(false);
    if (!illegal.ok) expect([illegal.error.code, illegal.error.illegal?.index]).toEqual(['SEARCH_ILLEGAL_MOVE', 1]);
    const badTfen = await p.suggest(v, { position: 'not a position' }, { level: 1, budgetMs: 100 });
    expect(badTfen.ok ? 'ok' : badTfen.error.code).toBe('SEARCH_BAD_STATE');
    const over = await p.suggest(v, { position: CAPTURE_IN_ONE, moves: ['e2-e5'] }, { level: 1, budgetMs: 100 });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error).toMatchObject({ code: 'SEARCH_GAME_OVER', outcome: { winner: 'attackers', reason: 'king_captured' } });
  });

  it('runs custom variants: the job carries the compiled definition', async () => {
    const p = pool({ workers: 1 });
    const custom = compileCustomVariant({ base: 'brandubh', king: { armed: false } });
    if (!custom.ok) throw new Error('custom variant refused');
    const a = answer(await p.suggest(custom.value, {}, { level: 3, budgetMs: 200, seed: 3 }));
    expect(a.bestMove.notation).toMatch(/^[a-g][1-7]-[a-g][1-7]/);
  });

  it('refuses after close, and when the worker file is missing', async () => {
    const p = pool({ workers: 1 });
    const v = variant('brandubh');
    const running = p.suggest(v, {}, LONG);
    await new Promise((r) => setTimeout(r, 50));
    await p.close();
    const r = await running;
    expect(r.ok ? 'ok' : r.error.code).toBe('SEARCH_POOL_CLOSED');
    const after = await p.suggest(v, {}, { level: 1, budgetMs: 10 });
    expect(after.ok ? 'ok' : after.error.code).toBe('SEARCH_POOL_CLOSED');
    const missing = await pool({ workerFile: '/nonexistent/search-worker.js' }).suggest(v, {}, { level: 1, budgetMs: 10 });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('SEARCH_WORKER_MISSING');
  });
});
