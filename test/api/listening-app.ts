/**
 * A service listening on a real port for tests that compare whole HTTP answers (bytes and headers)
 * across paths or services: the early answers' tests.
 */
import { AddressInfo } from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, TestApp } from './harness';

export interface Served {
  app: TestApp & { app: NestFastifyApplication };
  base: string;
}

export async function serve(env: Record<string, string>): Promise<Served> {
  const app = await startApp(env, { database: false });
  await app.app.listen(0, '127.0.0.1');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

export interface Sent {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export async function sent(r: Response): Promise<Sent> {
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

/** Every header but those made per request: what two answers to one question must share. */
export function lasting(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => {
    if (!['x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'date'].includes(k)) out[k] = v;
  });
  return out;
}

/** A counter of /metrics with a `kind` label (0 before it is first counted). */
export async function counter(s: Served, name: string, kind: string): Promise<number> {
  const text = await (await fetch(`${s.base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{kind="${kind}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}
