/**
 * The app started with a database it cannot reach: it still starts, stored-game routes answer 503
 * (problem+json, code DATABASE_UNAVAILABLE), the stateless routes keep working, and /ready reports the
 * database check.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { TestApp, getJson, gql, postJson, startApp } from '../api/harness';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PG_ADMIN_URL, createPgliteDir } from './db';
import { createGame, expectProblem, play } from './client';

async function adminQuery(sql: string): Promise<void> {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

vi.setConfig({ testTimeout: 30_000 });

async function expectStoredGamesUnavailable(s: TestApp): Promise<void> {
  const id = randomUUID();
  const auth = { authorization: 'Bearer some-token' };
  const answers = [
    await postJson(s, '/v1/games', { variant: 'brandubh' }),
    await getJson(s, '/v1/games'),
    await getJson(s, '/v1/games?variant=brandubh&status=ongoing&limit=5'),
    await getJson(s, `/v1/games/${id}`),
    await postJson(s, `/v1/games/${id}/moves`, { move: 'd2-e2', expectedPly: 0 }, auth),
    await postJson(s, `/v1/games/${id}/resign`, {}, auth),
    await postJson(s, `/v1/games/${id}/draw-offer`, {}, auth),
    await postJson(s, `/v1/games/${id}/draw-accept`, {}, auth),
    await getJson(s, `/v1/games/${id}/export?format=otg`),
    await getJson(s, `/v1/games/${id}/export?format=json`),
    await postJson(s, '/v1/games/import', { variant: 'brandubh', record: '1. d2-e2 d3-d2\n' }),
  ];
  for (const a of answers) {
    expectProblem(a, 503, 'DATABASE_UNAVAILABLE');
    expect(a.headers.get('retry-after')).toMatch(/^\d+$/);
    // Where the database lives is for the logs, not for clients.
    expect(a.text).not.toMatch(/127\.0\.0\.1|ECONN|localhost/);
  }

  const g = await gql(s, `{ game(id: "${id}") { id } }`);
  expect(g.body.errors[0].extensions.code).toBe('DATABASE_UNAVAILABLE');
  const create = await gql(s, `mutation { createGame(input: { variant: "brandubh" }) { id } }`);
  expect(create.body.errors[0].extensions.code).toBe('DATABASE_UNAVAILABLE');

  // Stateless routes are unaffected.
  const lm = await postJson(s, '/v1/legal-moves', { variant: 'brandubh' });
  expect(lm.status).toBe(200);
  expect(lm.body.count).toBeGreaterThan(0);
  const applied = await postJson(s, '/v1/apply-move', { variant: 'brandubh', move: 'd2-e2' });
  expect(applied.status).toBe(200);
  const lmGql = await gql(s, '{ legalMoves(state: { variant: "brandubh" }) { count } }');
  expect(lmGql.body.data.legalMoves.count).toBe(lm.body.count);
  expect((await getJson(s, '/v1/variants/brandubh')).status).toBe(200);
  expect((await getJson(s, '/health')).body).toEqual({ status: 'ok' });

  const ready = await getJson(s, '/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'degraded', checks: { engine: 'ok', database: expect.any(String) } });
  expect(ready.body.checks.database).not.toBe('ok');
  expect(['connecting', 'unavailable']).toContain(ready.body.checks.database);
  expect(ready.text).not.toMatch(/127\.0\.0\.1|ECONN|ENOTDIR|EEXIST/);
}

describe('PostgreSQL unreachable (closed port)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startApp({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('starts; stored-game routes answer 503 DATABASE_UNAVAILABLE; stateless routes work; /ready is 503 degraded', async () => {
    await expectStoredGamesUnavailable(s);
  });

  it('keeps answering 503 (no crash, no hang) under repeated calls, and shuts down cleanly', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => getJson(s, '/v1/games')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect((await postJson(s, '/v1/legal-moves', { variant: 'copenhagen' })).status).toBe(200);
    await s.close();
  });
});

async function waitReady(s: TestApp, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await getJson(s, '/ready');
    if (r.status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${ms} ms: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('PostgreSQL database that does not exist yet', () => {
  const name = `tafl_test_late_${randomBytes(5).toString('hex')}`;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let s: TestApp;
  beforeAll(async () => {
    s = await startApp({ DATABASE_URL: url.toString() });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('starts degraded, with the same answers', async () => {
    await expectStoredGamesUnavailable(s);
  });

  it('recovers once the database exists (migrations run then), without a restart', async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    await waitReady(s, 15_000);
    expect((await getJson(s, '/ready')).body).toEqual({ status: 'ready', checks: { engine: 'ok', database: 'ok' } });
    const g = await createGame(s);
    expect((await play(s, g.id, 'd2-e2', 0, g.tokens.attackers)).status).toBe(201);
  });

  it('connections killed under the app: answers are 503 at worst (never 500), and it carries on', async () => {
    const g = await createGame(s);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await getJson(s, `/v1/games/${g.id}`)).status);
    expect(statuses.every((x) => x === 200 || x === 503)).toBe(true);
    await waitReady(s, 15_000);
    expect((await getJson(s, `/v1/games/${g.id}`)).status).toBe(200);
    expect((await play(s, g.id, 'd2-e2', 0, g.tokens.attackers)).status).toBe(201);
  });
});

describe('PGlite directory that cannot be used (PGLITE_DIR is a file)', () => {
  let made: ReturnType<typeof createPgliteDir> | null = null;
  let s: TestApp;
  beforeAll(async () => {
    made = createPgliteDir();
    const file = `${made.dir}/not-a-directory`;
    writeFileSync(file, 'x');
    s = await startApp({ DATABASE_URL: '', PGLITE_DIR: file });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    made?.remove();
  });

  it('starts degraded, with the same answers', async () => {
    await expectStoredGamesUnavailable(s);
  });
});
