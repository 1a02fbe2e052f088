/** Benchmarks run each server in its own process on a free loopback port; this starts and stops one. */
import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface Server {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts `node script` with `env` and waits until `probe` answers 200 (up to 30 s). */
export async function spawnServer(script: string, env: Record<string, string>, probe: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}${probe}`);
      if (r.status === 200) break;
      if (Date.now() > deadline) throw new Error(`${probe} answered ${r.status}: ${await r.text()}`);
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
