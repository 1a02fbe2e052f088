/**
 * Two service processes (dist/src/main.js) on one PostgreSQL database, as behind a load balancer: a
 * change taken by either reaches the streams and subscriptions of both, through LISTEN/NOTIFY and the
 * event log; an instance stopped with SIGTERM ends its streams and exits, and its clients resume on
 * the other one without losing or repeating an event. `npm run build` first (npm test does it).
 */
import { SpawnedService, spawnService } from '../api/harness';
import { BRANDUBH_GAME, createGame, play, sideOfPly, sleep, whenReady } from './client';
import { createPostgresDatabase } from './db';
import { openStream, seqsOf, subscribeGame } from './live-client';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const ALL = Array.from({ length: BRANDUBH_GAME.length }, (_, i) => i + 1);

describe('live games across two service processes on one PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: SpawnedService;
  let b: SpawnedService;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    const env = { DATABASE_URL: pg.url, LOG_LEVEL: 'warn', STREAM_KEEPALIVE_MS: '500' };
    [a, b] = await Promise.all([spawnService(env), spawnService(env)]);
    await Promise.all([whenReady(a), whenReady(b)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.drop();
  });

  it('a change taken on either instance reaches every stream and subscription of both, in order and once (NDJSON, SSE, GraphQL)', async () => {
    const g = await createGame(a);
    const readers = [
      await openStream(a.base, g.id),
      await openStream(b.base, g.id),
      await openStream(a.base, g.id, { sse: true }),
      await openStream(b.base, g.id, { sse: true }),
    ];
    const subs = [subscribeGame(a.base, g.id), subscribeGame(b.base, g.id)];
    await Promise.all([...readers.map((r) => r.waitFor(1)), ...subs.map((x) => x.waitFor(1))]);

    // Even plies through A, odd through B: every reader sees half its events come from the other process.
    for (let ply = 0; ply < BRANDUBH_GAME.length; ply++) {
      const via = ply % 2 === 0 ? a : b;
      const r = await play(via, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)]);
      expect(r.status).toBe(201);
    }
    for (const r of readers) {
      expect(await r.ended).toBe('end');
      expect(seqsOf(r.events)).toEqual(ALL);
    }
    expect(readers[3].ids).toEqual(['0', ...ALL.map(String)]);
    for (const x of subs) {
      expect(await x.done).toEqual({ how: 'complete' });
      expect(x.updates.slice(1).map((u) => u.seq)).toEqual(ALL);
      await x.dispose();
    }
    expect(readers[1].events.at(-1)).toMatchObject({ outcome: { status: 'finished', reason: 'king_captured' } });
  });

  it('SIGTERM with open streams: the instance ends them and exits 0; its clients resume on the other with nothing lost or repeated', async () => {
    const g = await createGame(a);
    const onB = await openStream(b.base, g.id);
    const subB = subscribeGame(b.base, g.id);
    await Promise.all([onB.waitFor(1), subB.waitFor(1)]);
    const writer = (async () => {
      for (let ply = 0; ply < BRANDUBH_GAME.length; ply++) {
        const r = await play(a, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)]);
        expect(r.status).toBe(201);
        await sleep(40);
      }
    })();
    await onB.waitFor(4);

    const started = Date.now();
    const code = await b.stop();
    const ms = Date.now() - started;
    console.log(`live: SIGTERM with 2 open streams on the instance, exit ${code} after ${ms} ms`);
    // stop() kills after 15 s and then answers null: the process must have left on its own.
    expect(code).toBe(0);
    expect(await onB.ended).toBe('end');
    expect(await subB.done).toEqual({ how: 'closed', code: 1001 });
    await subB.dispose();

    const lastSeen = seqsOf(onB.events).at(-1)!;
    const lastUpdate = subB.updates.at(-1).seq as number;
    const onA = await openStream(a.base, g.id, { sinceSeq: lastSeen });
    const subA = subscribeGame(a.base, g.id, { sinceSeq: lastUpdate });
    await writer;
    expect(await onA.ended).toBe('end');
    expect([...seqsOf(onB.events), ...seqsOf(onA.events)]).toEqual(ALL);
    expect(await subA.done).toEqual({ how: 'complete' });
    expect([...subB.updates.slice(1), ...subA.updates].map((u) => u.seq)).toEqual(ALL);
    await subA.dispose();
  });
});
