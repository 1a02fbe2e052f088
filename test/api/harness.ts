/**
 * The service inside the test runner: `startApp` builds the Nest app in-process from a configuration
 * (the same `createApp` main.ts uses) and the request helpers go through Fastify's `inject()`, so no
 * port, no child process and no build are needed. `spawnService` starts the compiled `main.ts` as a real
 * process, for the few tests that are about the process itself (start, bad configuration, signals) or
 * need a second process on the same database.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/config';

export const ROOT = join(__dirname, '..', '..');
export const MAIN = join(ROOT, 'dist', 'src', 'main.js');

/** An app under test: in-process (inject) or a spawned process (real HTTP on a loopback port). */
export interface TestApp {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON, or null when empty. */
  body: any;
  text: string;
  /** The body as sent (pictures). */
  bytes: Buffer;
}

/**
 * The embedded database of the apps this test file starts, unless a test passes its own: one directory
 * per file (each test file loads this module afresh), reused by its sequential starts because a fresh
 * PGlite directory takes seconds to initialise.
 */
const PGLITE_DIR = mkdtempSync(join(tmpdir(), 'tafl-test-pglite-'));
/** Every service process this file started: none may outlive the test run, even after a failed hook. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(PGLITE_DIR, { recursive: true, force: true });
});

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface StartOptions {
  /** False for stateless suites: no database is opened and /ready does not wait for one. */
  database?: boolean;
}

/** Builds the app in-process from environment-style settings, as main.ts would from process.env. */
export async function startApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp & { app: NestFastifyApplication }> {
  const config = loadConfig({ RATE_LIMIT_MAX: '0', LOG_LEVEL: 'silent', PGLITE_DIR, ...env });
  const app = await createApp({ ...config, connectDatabase: options.database ?? true });
  const fastify = app.getHttpAdapter().getInstance();
  return {
    app,
    async request(method, path, body, headers = {}) {
      const hasBody = body !== undefined;
      const res = await fastify.inject({
        method: method as 'GET',
        url: path,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(hasBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const h = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : String(v));
      return { status: res.statusCode, headers: h, body: parse(res.body), text: res.body, bytes: res.rawPayload };
    },
    close: () => app.close(),
  };
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

export interface SpawnedService extends TestApp {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines on stdout, and stderr). */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash: no clean end of any stream or connection. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /** The port to listen on (default: a free one); a restarted service takes its predecessor's. */
  port?: number;
}

/** Starts the compiled service (`npm run build` first; `npm test` does it) the way `npm start` runs it. */
export async function spawnService(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<SpawnedService> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does)`);
  const port = options.port ?? (await freePort());
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
  /** SIGTERM; a process that has not exited 15 s later is killed, and answers null. */
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(late);
    return code;
  };
  return {
    base,
    child,
    output: () => out,
    stop,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    close: async () => void (await stop()),
    async request(method, path, body, headers = {}) {
      const hasBody = body !== undefined;
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
        body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = bytes.toString('utf8');
      return { status: res.status, headers: res.headers, body: parse(text), text, bytes };
    },
  };
}

export function postJson(app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return app.request('POST', path, body, headers);
}

export function getJson(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return app.request('GET', path, undefined, headers);
}

export function gql(
  app: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  return postJson(app, '/graphql', { query, variables }, headers);
}
