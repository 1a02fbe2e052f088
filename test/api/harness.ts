/**
 * Starts the compiled service (`npm run build` first) as a child process on a free loopback port, the
 * way `npm start` runs it; tests talk to it over HTTP. NestJS 12 ships as ES modules, which Jest's
 * CommonJS runtime cannot load, so the app never runs inside Jest itself.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const MAIN = join(ROOT, 'dist', 'src', 'main.js');

export interface Running {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout (JSON log lines). */
  output: () => string;
  close: () => Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The embedded database of the apps this test file starts, unless a test passes its own: one directory
 * per file (Jest loads this module once per file), reused by its sequential starts because a fresh
 * PGlite directory takes seconds to initialise.
 */
const PGLITE_DIR = mkdtempSync(join(tmpdir(), 'tafl-test-pglite-'));
/** Every service this file started: none may outlive the test run, even after a failed hook. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(PGLITE_DIR, { recursive: true, force: true });
});

export async function startApp(env: Record<string, string> = {}): Promise<Running> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does)`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_MAX: '0', PGLITE_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 40_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not answer within 40 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    child,
    output: () => out,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export async function getJson(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: body as any };
}

export async function gql(base: string, query: string, variables: Record<string, unknown> = {}) {
  const r = await postJson(base, '/graphql', { query, variables });
  return r;
}
