/**
 * The shared worker pool, with a plain-JavaScript test worker (fixtures/test-worker.mjs) whose jobs
 * answer, run until stopped through the stop cell, hang, exit or throw on demand. No assertion here
 * reads a clock: a job that must still be running is one that cannot end by itself, and the watchdog
 * is fired by hand through an injected timer.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeadlineTimer, JobBody, PoolOutcome, WorkerPool, WorkerPoolOptions } from '../../src/workers';

type TestJob =
  | { id: number; kind: 'echo' | 'later'; value: string; ms?: number }
  | { id: number; kind: 'spin' | 'hang' }
  | { id: number; kind: 'exit'; code: number }
  | { id: number; kind: 'throw'; message: string };

interface TestAnswer {
  id: number;
  thread: number;
  /** Jobs the answering thread has been sent, this one included. */
  seen: number;
  value?: string;
  stopped?: boolean;
}

const WORKER = join(__dirname, 'fixtures', 'test-worker.mjs');

const pools: WorkerPool<TestJob, TestAnswer>[] = [];
function pool(options: Partial<WorkerPoolOptions> = {}): WorkerPool<TestJob, TestAnswer> {
  const p = new WorkerPool<TestJob, TestAnswer>({ name: 'test', workerFile: WORKER, workers: 1, maxQueue: 8, ...options });
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

const withCell = { stopCell: (cancel: SharedArrayBuffer) => ({ cancel }) };
const echo = (value: string): JobBody<TestJob> => ({ kind: 'echo', value });
const SPIN: JobBody<TestJob> = { kind: 'spin' };
const HANG: JobBody<TestJob> = { kind: 'hang' };

function answer(o: PoolOutcome<TestAnswer>): TestAnswer {
  if (!o.ok) throw new Error(`${o.refusal.kind}: ${o.refusal.message}`);
  return o.answer;
}

const kind = (o: PoolOutcome<TestAnswer>): string => (o.ok ? 'ok' : o.refusal.kind);

/** A watchdog timer the test fires itself. */
function manualTimer() {
  const started: { fire: () => void; ms: number; stopped: boolean }[] = [];
  const timer: DeadlineTimer = {
    start: (fire, ms) => {
      const t = { fire, ms, stopped: false };
      started.push(t);
      return t;
    },
    stop: (handle) => void ((handle as (typeof started)[number]).stopped = true),
  };
  return { timer, started };
}

describe('WorkerPool', () => {
  it('starts workers only when jobs come, up to its number, and queues the rest', async () => {
    const p = pool({ workers: 2 });
    expect(p.stats()).toEqual({ workers: 0, busy: 0, queued: 0, clients: 0, closed: false });
    const tickets = ['a', 'b', 'c'].map((v) => p.submit(echo(v)));
    expect(p.stats()).toMatchObject({ workers: 2, busy: 2, queued: 1 });
    const answers = (await Promise.all(tickets.map((t) => t.result))).map(answer);
    expect(answers.map((a) => a.value)).toEqual(['a', 'b', 'c']);
    expect(answers.map((a) => a.id)).toEqual(tickets.map((t) => t.id));
    expect(new Set(answers.map((a) => a.thread)).size).toBe(2);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  });

  it('refuses a job when every worker is busy and the queue is full', async () => {
    const p = pool({ workers: 1, maxQueue: 1, ...withCell });
    const running = p.submit(SPIN);
    const waiting = p.submit(echo('waits'));
    const full = await p.submit(echo('refused')).result;
    expect(full).toEqual({
      ok: false,
      refusal: { kind: 'queue-full', message: expect.stringContaining('the test queue is full (1 jobs waiting)') },
    });
    expect(p.stats()).toMatchObject({ workers: 1, busy: 1, queued: 1 });
    p.cancel(running.id);
    expect(answer(await waiting.result).value).toBe('waits');
  });

  it('close() settles the running and waiting jobs, stops the workers and refuses new jobs', async () => {
    const p = pool({ workers: 1, ...withCell });
    const running = p.submit(SPIN);
    const waiting = p.submit(echo('waits'));
    await p.close();
    expect(p.stats()).toEqual({ workers: 0, busy: 0, queued: 0, clients: 0, closed: true });
    const [r, w, after] = await Promise.all([running.result, waiting.result, p.submit(echo('late')).result]);
    expect([r, w, after].map(kind)).toEqual(['closed', 'closed', 'closed']);
    if (!r.ok) expect(r.refusal.message).toBe('the test pool closed during the job');
    expect(p.closed).toBe(true);
  });

  it('a cancelled queued job is dropped: it never reaches a worker', async () => {
    const p = pool({ workers: 1, ...withCell });
    const running = p.submit(SPIN);
    const dropped = p.submit(echo('dropped'));
    const next = p.submit(echo('next'));
    expect(p.cancel(dropped.id)).toBe(true);
    expect(kind(await dropped.result)).toBe('cancelled');
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    p.cancel(running.id);
    // The worker was sent the spinning job and this one: the cancelled job never.
    expect(answer(await next.result)).toMatchObject({ value: 'next', seen: 2 });
    expect(p.cancel(dropped.id)).toBe(false);
    expect(p.cancel(12345)).toBe(false);
  });

  it('a cancelled running job answers at once, and the stop cell frees its worker for the next job', async () => {
    const p = pool({ workers: 1, ...withCell });
    const first = answer(await p.submit(echo('first')).result);
    // A spinning job ends only through its stop cell: the next job can run only if the cell stopped it.
    const running = p.submit(SPIN);
    const next = p.submit(echo('next'));
    expect(p.cancel(running.id)).toBe(true);
    expect(await running.result).toEqual({ ok: false, refusal: { kind: 'cancelled', message: 'the test job was cancelled' } });
    // Answered before the worker stopped: it is still busy, and the next job still waits.
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    const after = answer(await next.result);
    expect(after).toMatchObject({ value: 'next', thread: first.thread, seen: 3 });
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
    expect(p.cancel(running.id)).toBe(false);
  });

  it('an aborted signal cancels a running or a queued job, and a signal aborted already refuses at once', async () => {
    const p = pool({ workers: 1, ...withCell });
    const runningSignal = new AbortController();
    const queuedSignal = new AbortController();
    const running = p.submit(SPIN, { signal: runningSignal.signal });
    const queued = p.submit(echo('queued'), { signal: queuedSignal.signal });
    queuedSignal.abort();
    runningSignal.abort();
    expect((await Promise.all([running.result, queued.result])).map(kind)).toEqual(['cancelled', 'cancelled']);
    expect(answer(await p.submit(echo('after')).result)).toMatchObject({ value: 'after', seen: 2 });
    const pre = new AbortController();
    pre.abort();
    const refused = await p.submit(echo('never'), { signal: pre.signal }).result;
    expect(refused).toEqual({ ok: false, refusal: { kind: 'cancelled', message: 'the test job was cancelled before it started' } });
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  });

  it('without a stop cell a cancelled running job keeps its worker until the worker answers, and that answer is dropped', async () => {
    const p = pool({ workers: 1 });
    const running = p.submit({ kind: 'later', value: 'late', ms: 10 });
    const next = p.submit(echo('next'));
    p.cancel(running.id);
    expect(kind(await running.result)).toBe('cancelled');
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    expect(answer(await next.result)).toMatchObject({ value: 'next', seen: 2 });
  });

  it('caps the jobs of each client key, queued and running together', async () => {
    const p = pool({ workers: 1, maxPerClient: 2, ...withCell });
    const a1 = p.submit(SPIN, { clientKey: 'alice' });
    const a2 = p.submit(echo('a2'), { clientKey: 'alice' });
    expect(p.activeFor('alice')).toBe(2);
    const a3 = await p.submit(echo('a3'), { clientKey: 'alice' }).result;
    expect(a3).toEqual({ ok: false, refusal: { kind: 'client-limit', message: 'this client already has 2 test jobs running or waiting' } });
    const b1 = p.submit(echo('b1'), { clientKey: 'bob' });
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2, clients: 2 });
    p.cancel(a1.id);
    await Promise.all([a2.result, b1.result]);
    expect([p.activeFor('alice'), p.activeFor('bob'), p.stats().clients]).toEqual([0, 0, 0]);
  });

  it("runs the room's check after 'closed' and 'cancelled' and before anything is queued", async () => {
    const p = pool({ workers: 1 });
    const bad = await p.submit(echo('x'), { check: () => 'x is not allowed', clientKey: 'alice' }).result;
    expect(bad).toEqual({ ok: false, refusal: { kind: 'bad-request', message: 'x is not allowed' } });
    expect(p.stats()).toMatchObject({ workers: 0, clients: 0 });
    const pre = new AbortController();
    pre.abort();
    expect(kind(await p.submit(echo('x'), { check: () => 'bad', signal: pre.signal }).result)).toBe('cancelled');
    expect(answer(await p.submit(echo('fine'), { check: () => null }).result).value).toBe('fine');
  });

  it('says to build when the worker file is missing, for new and for waiting jobs', async () => {
    const missing = await pool({ workerFile: join(__dirname, 'no-such-worker.js') }).submit(echo('x')).result;
    expect(missing.ok ? 'ok' : [missing.refusal.kind, missing.refusal.message]).toEqual([
      'worker-missing',
      expect.stringContaining('npm run build'),
    ]);
    // A waiting job finds the file gone when its worker is lost and a new one is needed.
    const dir = mkdtempSync(join(tmpdir(), 'worker-pool-'));
    try {
      const file = join(dir, 'test-worker.mjs');
      copyFileSync(WORKER, file);
      const p = pool({ workerFile: file });
      const lost = p.submit({ kind: 'exit', code: 1 });
      const waiting = p.submit(echo('waits'));
      unlinkSync(file);
      expect([kind(await lost.result), kind(await waiting.result)]).toEqual(['failed', 'worker-missing']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a worker lost mid-job fails that job, and a new worker takes the next', async () => {
    const p = pool({ workers: 1 });
    const first = answer(await p.submit(echo('first')).result);
    const exited = await p.submit({ kind: 'exit', code: 3 }).result;
    expect(exited).toEqual({ ok: false, refusal: { kind: 'failed', message: 'the test worker exited with code 3' } });
    expect(p.stats()).toMatchObject({ workers: 0, busy: 0 });
    const second = answer(await p.submit(echo('second')).result);
    expect(second.thread).not.toBe(first.thread);
    const threw = await p.submit({ kind: 'throw', message: 'boom' }).result;
    expect(threw).toEqual({ ok: false, refusal: { kind: 'failed', message: 'the test worker failed: boom' } });
    const third = answer(await p.submit(echo('third')).result);
    expect([third.value, third.seen]).toEqual(['third', 1]);
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0 });
  });

  it('the watchdog terminates and replaces a worker silent past its deadline', async () => {
    const { timer, started } = manualTimer();
    const p = pool({ workers: 1, timer });
    const first = answer(await p.submit(echo('first'), { deadlineMs: 500 }).result);
    expect(started).toMatchObject([{ ms: 500, stopped: true }]);
    const silent = p.submit(HANG, { deadlineMs: 1234 });
    const waiting = p.submit(echo('waits'));
    expect(started[1]).toMatchObject({ ms: 1234, stopped: false });
    started[1].fire();
    expect(await silent.result).toEqual({
      ok: false,
      refusal: { kind: 'failed', message: 'the test worker did not answer within 1234 ms and was replaced' },
    });
    const next = answer(await waiting.result);
    expect(next.thread).not.toBe(first.thread);
    expect(next.seen).toBe(1);
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
    // A watchdog that fires after its job was answered changes nothing.
    started[0].fire();
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0 });
  });

  it('the real watchdog timer replaces a silent worker too', async () => {
    const p = pool({ workers: 1 });
    const silent = await p.submit(HANG, { deadlineMs: 20 }).result;
    expect(silent.ok ? 'ok' : silent.refusal.message).toBe('the test worker did not answer within 20 ms and was replaced');
    expect(answer(await p.submit(echo('next')).result).value).toBe('next');
  });

  it('a busy worker keeps the process alive and an idle one does not (the compiled pool, in a child process)', async () => {
    const compiled = join(__dirname, '..', '..', 'dist', 'src', 'workers', 'worker-pool.js');
    expect(existsSync(compiled)).toBe(true);
    // Nothing but the job keeps the child's event loop alive: it prints only if the busy worker holds the
    // process open, and it exits only if the idle worker then lets go (the pool is never closed).
    const script = `
      const { WorkerPool } = require(${JSON.stringify(compiled)});
      const pool = new WorkerPool({ name: 'child', workerFile: ${JSON.stringify(WORKER)}, workers: 1, maxQueue: 1 });
      pool.submit({ kind: 'later', value: 'answered', ms: 50 }).result.then((o) => console.log(o.answer.value));
    `;
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      // The kill switch only ends a hung child; the assertion is on how it ended.
      const child = execFile(process.execPath, ['-e', script], { timeout: 30_000 }, (e, out) =>
        resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout: out }),
      );
      child.stdin?.end();
    });
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'answered' });
  });
});
