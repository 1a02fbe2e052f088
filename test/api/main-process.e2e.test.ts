/**
 * The one suite that runs the compiled `main.ts` as a process: what only a process shows (a bad
 * configuration refused at start with exit 1, JSON log lines on stdout, a graceful SIGTERM).
 */
import { spawnSync } from 'node:child_process';
import { MAIN, getJson, spawnService } from './harness';

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
