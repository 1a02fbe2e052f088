/**
 * SearchPool runs the compiled worker (dist/src/search/search-worker.js): `npm test` builds first, and
 * so must a direct `npx vitest run test/search` (`npm run build --silent && npx vitest run test/search`).
 * No assertion here reads a clock: a search that must still be running is one whose budget is far
 * from spent, and what the worker pool does with time (the watchdog, the stop cell) is tested with
 * hand-fired timers in test/workers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GameState } from '../../src/engine/game-state';
import {
  MAX_BUDGET_MS,
  SearchPool,
  SuggestResult,
  defaultSearchWorkerFile,
  defaultSearchWorkers,
  runSearchJob,
  searchJob,
} from '../../src/search';
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

/** A search that cannot end by itself within a test: no seed, level 10, the largest budget. */
const LONG = { level: 10, budgetMs: MAX_BUDGET_MS } as const;

const SILENT_WORKER = join(__dirname, '..', 'workers', 'fixtures', 'silent-worker.mjs');

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
    // Two searches at once on a shared machine: a node limit far inside the largest clock budget keeps the
    // clock out of it (the default seeded limit is tested in-thread, search.test.ts).
    const options = { level: 8, budgetMs: MAX_BUDGET_MS, multiPv: 3, seed: 7, maxNodes: 30_000 };
    const [one, two] = await Promise.all([p.suggest(v, state, options), p.suggest(v, state, options)]);
    const inThread = runSearchJob(searchJob(v, state, options));
    expect(withoutTime(one)).toEqual(withoutTime(two));
    expect(withoutTime(one)).toEqual(withoutTime(inThread));
    expect(answer(one).lines).toHaveLength(3);
    expect(answer(one).stoppedBy).not.toBe('time');
  });

  it('keeps to the budget: the worker stops a 200 ms search at level 10 by its clock', async () => {
    const p = pool({ workers: 1 });
    const v = variant('alea-evangelii');
    const a = answer(await p.suggest(v, {}, { level: 10, budgetMs: 200 }));
    // Unseeded level 10 has no node or depth limit a 19×19 board reaches in 200 ms: only the budget,
    // carried to the worker, can have stopped it.
    expect(a.stoppedBy).toBe('time');
    expect(a.level).toBe(10);
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0 });
  });

  it('keeps the event loop free while searching', async () => {
    const p = pool({ workers: 1 });
    const v = variant('copenhagen');
    answer(await p.suggest(v, {}, { level: 1, budgetMs: 50 })); // the worker is started: what follows waits on the search
    const options = { level: 10, budgetMs: MAX_BUDGET_MS, seed: 1, maxNodes: 50_000 };
    let answered = false;
    const result = p.suggest(v, {}, options).then((r) => ((answered = true), r));
    // Turns of this thread's event loop taken while the worker searches; a search in this thread would
    // answer before the first (its promise settles at the end of the call).
    let turns = 0;
    while (!answered) {
      await new Promise((r) => setImmediate(r));
      if (!answered) turns++;
    }
    expect(answer(await result).nodes).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(0);
  });

  it('cancel(id) answers SEARCH_CANCELLED at once and frees the worker for the next job', async () => {
    const p = pool({ workers: 1 });
    const v = variant('copenhagen');
    const ticket = p.submit(searchJob(v, {}, LONG));
    const next = p.submit(searchJob(v, {}, { level: 2, budgetMs: 100, seed: 1 }));
    expect(p.stats()).toMatchObject({ workers: 1, busy: 1, queued: 1 });
    expect(p.cancel(ticket.id)).toBe(true);
    const cancelled = await ticket.result;
    expect(cancelled.ok).toBe(false);
    if (!cancelled.ok) expect(cancelled.error.code).toBe('SEARCH_CANCELLED');
    // At once: answered before the worker stopped (it is still busy with the search, the next job waits).
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    // The next job runs on the pool's one worker once the stopped search lets it go (that the stop cell,
    // not the 5 s budget, ends the search is tested in test/workers with a job that never ends by itself).
    expect(answer(await next.result).level).toBe(2);
    expect(p.cancel(ticket.id)).toBe(false);
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  });

  it('an aborted signal cancels a running or a queued search', async () => {
    const p = pool({ workers: 1 });
    const v = variant('brandubh');
    const running = new AbortController();
    const queued = new AbortController();
    const a = p.run(searchJob(v, {}, LONG), { signal: running.signal });
    const b = p.run(searchJob(v, {}, LONG), { signal: queued.signal });
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    queued.abort();
    running.abort();
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra, rb].map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['SEARCH_CANCELLED', 'SEARCH_CANCELLED']);
    answer(await p.suggest(v, {}, { level: 2, budgetMs: 50 }));
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
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
    await p.close();
    const r = await running;
    expect(r.ok ? 'ok' : r.error.code).toBe('SEARCH_POOL_CLOSED');
    const after = await p.suggest(v, {}, { level: 1, budgetMs: 10 });
    expect(after.ok ? 'ok' : after.error.code).toBe('SEARCH_POOL_CLOSED');
    const missing = await pool({ workerFile: '/nonexistent/search-worker.js' }).suggest(v, {}, { level: 1, budgetMs: 10 });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('SEARCH_WORKER_MISSING');
  });

  it('the watchdog replaces a worker silent past budget + watchdogMs with SEARCH_FAILED', async () => {
    // A stand-in worker that never answers; the watchdog's own timing is tested with a hand-fired timer
    // in test/workers.
    const p = pool({ workers: 1, watchdogMs: 1, workerFile: SILENT_WORKER });
    expect(p.watchdogMs).toBe(100);
    const v = variant('brandubh');
    const r = await p.suggest(v, {}, { level: 1, budgetMs: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toEqual({ code: 'SEARCH_FAILED', message: 'the search worker did not answer within 101 ms and was replaced' });
    expect(p.stats()).toMatchObject({ workers: 0, busy: 0 });
    const next = p.suggest(v, {}, LONG);
    expect(p.stats()).toMatchObject({ workers: 1, busy: 1 });
    await p.close();
    const closed = await next;
    expect(closed.ok ? 'ok' : closed.error.code).toBe('SEARCH_POOL_CLOSED');
  });
});
