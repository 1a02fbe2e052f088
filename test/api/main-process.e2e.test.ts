/**
 * The one suite that runs the compiled `main.ts` as a process: what only a process shows (a bad
 * configuration refused at start with exit 1, JSON log lines on stdout, a graceful SIGTERM).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whenReady } from '../games/client';
import { MAIN, getJson, postJson, spawnService } from './harness';

describe('the service process (dist/src/main.js)', () => {
  it('logs JSON lines with request ids and shuts down gracefully on SIGTERM', async () => {
    const s = await spawnService({ LOG_LEVEL: 'info' });
    await getJson(s, '/v1/variants/brandubh', { 'x-request-id': 'trace-me' });
    const code = await s.stop();
    expect(code).toBe(0);
    const lines = s
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
    expect(lines.some((l) => l.reqId === 'trace-me')).toBe(true);
    expect(lines.some((l) => /shut/i.test(l.msg ?? ''))).toBe(true);
  });

  it('refuses to start on a bad configuration, saying why', () => {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PORT must be an integer/);
  });
});

describe('the service process and its embedded database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tafl-proc-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a fresh PGlite directory before it listens: its first answers find the database ready', async () => {
    const s = await spawnService({ PGLITE_DIR: dir });
    try {
      const [moves, ready, game] = await Promise.all([
        postJson(s, '/v1/legal-moves', { variant: 'brandubh' }),
        getJson(s, '/ready'),
        postJson(s, '/v1/games', { variant: 'brandubh' }),
      ]);
      expect(moves.status).toBe(200);
      expect(ready.status).toBe(200);
      expect(ready.body.checks.database).toBe('ok');
      expect(game.status).toBe(201);
      expect(s.output()).toMatch(/opening the embedded database before listening/);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('a second process on the same PGLITE_DIR refuses to start, saying why (exit 1)', async () => {
    const first = await spawnService({ PGLITE_DIR: dir });
    try {
      const second = spawnSync(process.execPath, [MAIN], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PGLITE_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/PGLITE_DIR .* is in use by process \d+/);
    } finally {
      await first.stop();
    }
  });

  it('killed with -9 and restarted on the same directory: the stored game is intact', async () => {
    const first = await spawnService({ PGLITE_DIR: dir });
    let id: string;
    try {
      await whenReady(first);
      const created = await postJson(first, '/v1/games', { variant: 'brandubh' });
      expect(created.status).toBe(201);
      id = created.body.id;
      const moved = await postJson(
        first,
        `/v1/games/${id}/moves`,
        { move: 'd2-e2', expectedPly: 0 },
        { authorization: `Bearer ${created.body.tokens.attackers}` },
      );
      expect(moved.status).toBe(201);
    } finally {
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
    }
    const second = await whenReady(await spawnService({ PGLITE_DIR: dir }));
    try {
      const read = await getJson(second, `/v1/games/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ ply: 1, moves: ['d2-e2'] });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('shuts down on SIGTERM even when its stdout is a pipe nobody reads any more', async () => {
    const s = await spawnService({ PGLITE_DIR: dir, LOG_LEVEL: 'info' });
    s.child.stdout!.destroy();
    s.child.stderr!.destroy();
    // Requests make it log into the broken pipe.
    for (let i = 0; i < 5; i++) await getJson(s, '/v1/variants/brandubh');
    // stop() kills a process still alive 15 s after SIGTERM, and then answers null.
    expect(await s.stop()).toBe(0);
  });
});
