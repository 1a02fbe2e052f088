/**
 * Webhooks (api.md section 8) against real HTTP receivers on loopback: every event POSTed with its
 * event id and signature, in order per game, retried with backoff through failures and redirects,
 * and nothing lost when the service and the receiver restart (the outbox is in the database).
 * `npm run build` first (npm test does it): the restart test runs the compiled service.
 */
import { createHmac } from 'node:crypto';
import { IncomingHttpHeaders, Server, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { SpawnedService, TestApp, freePort, getJson, postJson, spawnService } from '../api/harness';
import { BRANDUBH_GAME, bearer, createGame, expectProblem, play, playAll, startReady, whenReady } from './client';
import { databases } from './db';
import { eventually } from './live-client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A receiver that answers each POST with `answer()` (a status, default 200) and keeps what came. */
function receiver(
  port = 0,
  answer: (r: Received) => number = () => 200,
): Promise<{ server: Server; url: string; got: Received[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const r = { headers: req.headers, body, json: JSON.parse(body) };
      const status = answer(r);
      if (status < 300) got.push(r);
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : {}).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      resolve({ server, url, got, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const FAST_RETRY = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.0/8,localhost', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '50' };

describe.each(databases())('webhooks on $name', (db) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startReady({ ...(await db.setup()), ...FAST_RETRY });
  });
  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it('every event is POSTed once, signed with the secret shown at creation, in order, with a stable event id', async () => {
    const rx = await receiver();
    try {
      const g = await createGame(s, { variant: 'brandubh', webhook: { url: rx.url } });
      expect(g.webhookSecret).toMatch(/^[\w-]{40,}$/);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 3));
      await postJson(s, `/v1/games/${g.id}/resign`, {}, bearer(g.tokens.attackers));
      await eventually(() => rx.got.length === 4, 10_000, 'four deliveries');
      expect(rx.got.map((r) => [r.json.seq, r.json.event])).toEqual([
        [1, 'move'],
        [2, 'move'],
        [3, 'move'],
        [4, 'resign'],
      ]);
      for (const r of rx.got) {
        expect(r.headers['x-tafl-signature']).toBe(signature(g.webhookSecret!, r.body));
        expect(r.json).toMatchObject({ type: 'gameState', gameId: g.id });
      }
      expect(new Set(rx.got.map((r) => r.headers['x-tafl-event-id'])).size).toBe(4);
      // A delivery is marked once its batch is settled, after the receiver has answered: wait for that.
      const logOf = () => getJson(s, `/v1/games/${g.id}/webhook-deliveries`, bearer(g.tokens.defenders));
      await eventually(async () => (await logOf()).body.items.every((d: any) => d.status !== 'pending'), 10_000, 'all four settled');
      const log = await logOf();
      expect(log.body.items.map((d: any) => [d.seq, d.status, d.attempts, d.lastStatus])).toEqual([
        [1, 'delivered', 1, 200],
        [2, 'delivered', 1, 200],
        [3, 'delivered', 1, 200],
        [4, 'delivered', 1, 200],
      ]);
      expect(log.body.items[0].eventId).toBe(rx.got[0].headers['x-tafl-event-id']);
      expectProblem(await getJson(s, `/v1/games/${g.id}/webhook-deliveries`), 401, 'UNAUTHORIZED');
    } finally {
      await rx.close();
    }
  });

  it('failures and redirects are retried with backoff, keeping the event id and the order of the game', async () => {
    const tries: string[] = [];
    const rx = await receiver(0, (r) => {
      tries.push(`${r.json.seq}:${r.headers['x-tafl-event-id']}`);
      const n = tries.filter((t) => t.startsWith(`${r.json.seq}:`)).length;
      return r.json.seq === 1 && n === 1 ? 500 : r.json.seq === 1 && n === 2 ? 302 : 200;
    });
    try {
      const g = await createGame(s, { variant: 'brandubh', webhook: { url: rx.url } });
      await playAll(s, g, BRANDUBH_GAME.slice(0, 2));
      await eventually(() => rx.got.length === 2, 10_000, 'both deliveries');
      expect(rx.got.map((r) => r.json.seq)).toEqual([1, 2]);
      // Event 2 was not tried before event 1 was delivered: the game's queue waits for its head.
      expect(tries.map((t) => t.split(':')[0])).toEqual(['1', '1', '1', '2']);
      expect(new Set(tries.slice(0, 3).map((t) => t.split(':')[1])).size).toBe(1);
      const log = await getJson(s, `/v1/games/${g.id}/webhook-deliveries`, bearer(g.tokens.attackers));
      expect(log.body.items[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    } finally {
      await rx.close();
    }
  });

  it('a URL whose host is not allowed, or not a URL, is a 400 and nothing is stored', async () => {
    for (const url of ['http://example.com/hook', 'ftp://127.0.0.1/x', 'http://user:pw@127.0.0.1/x', 'not a url']) {
      const r = await postJson(s, '/v1/games', { variant: 'brandubh', webhook: { url } });
      expectProblem(r, 400, 'BAD_USER_INPUT');
      expect(r.body.errors[0]).toMatchObject({ code: 'WEBHOOK_NOT_ALLOWED', field: 'webhook.url' });
    }
    const bulk = await postJson(s, '/v1/games/bulk', { games: [{ variant: 'brandubh' }], webhook: { url: 'http://10.0.0.1/x' } });
    expect(bulk.body.errors[0].field).toBe('games[0].webhook.url');
  });
});

describe('webhooks without WEBHOOK_ALLOWED_HOSTS', () => {
  it('are refused with a 400', async () => {
    const embedded = databases()[0];
    const s = await startReady({ ...(await embedded.setup()) });
    try {
      const r = await postJson(s, '/v1/games', { variant: 'brandubh', webhook: { url: 'http://127.0.0.1:1/x' } });
      expectProblem(r, 400, 'BAD_USER_INPUT');
      expect(r.body.errors[0].message).toMatch(/WEBHOOK_ALLOWED_HOSTS/);
    } finally {
      await s.close();
      await embedded.teardown();
    }
  });
});

describe('webhooks across restarts of the service and of the receiver (PostgreSQL, two processes)', () => {
  const pg = databases()[1];
  let a: SpawnedService;
  let b: SpawnedService;
  beforeAll(async () => {
    await pg.setup();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg.teardown();
  });

  it('events made while the receiver is down and the service restarts are all delivered, in order, once each', async () => {
    const port = await freePort();
    const env = { ...pg.env(), ...FAST_RETRY, LOG_LEVEL: 'warn' };
    a = await spawnService(env);
    await whenReady(a);
    const url = `http://127.0.0.1:${port}/hook`;
    const games = [
      await createGame(a, { variant: 'brandubh', webhook: { url } }),
      await createGame(a, { variant: 'brandubh', webhook: { url } }),
    ];
    for (const g of games) await playAll(a, g, BRANDUBH_GAME.slice(0, 4));
    // The receiver is down: attempts fail and back off. The service stops and comes back as two instances.
    await a.stop();
    [a, b] = await Promise.all([spawnService(env), spawnService(env)]);
    await Promise.all([whenReady(a), whenReady(b)]);
    for (const g of games) {
      expect((await play(b, g.id, BRANDUBH_GAME[4], 4, g.tokens.attackers)).status).toBe(201);
    }
    const logOf = () => getJson(a, `/v1/games/${games[0].id}/webhook-deliveries`, bearer(games[0].tokens.attackers));
    // The first event has been tried and refused at least once before the receiver comes up (the
    // instances that stopped may not have tried it yet: without this wait, a fast start could make
    // every first attempt land on the live receiver).
    await eventually(async () => ((await logOf()).body.items[0]?.attempts ?? 0) >= 1, 30_000, 'a failed attempt');
    const rx = await receiver(port);
    try {
      await eventually(() => rx.got.length >= 10, 30_000, 'ten deliveries');
      for (const g of games) {
        expect(rx.got.filter((r) => r.json.gameId === g.id).map((r) => r.json.seq)).toEqual([1, 2, 3, 4, 5]);
      }
      // At least once, and here exactly once: each event id came one time.
      expect(new Set(rx.got.map((r) => r.headers['x-tafl-event-id'])).size).toBe(rx.got.length);
      // The receiver has every body; each delivery is marked delivered once its answer is settled, a moment later.
      await eventually(async () => (await logOf()).body.items.every((d: any) => d.status === 'delivered'), 10_000, 'all marked delivered');
      expect((await logOf()).body.items[0].attempts).toBeGreaterThan(1);
    } finally {
      await rx.close();
    }
  });
});
