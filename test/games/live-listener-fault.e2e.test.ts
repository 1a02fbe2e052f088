/**
 * The listening connection across a restart of the database (a private PostgreSQL server, see
 * private-cluster.ts): instance B streams a game whose moves instance A takes. The server is stopped
 * and started again; A plays on as soon as it can, while B's listener is still reconnecting. Every
 * event, those committed before B listened again included, must reach B's stream and subscription,
 * once and in order, with no second listening connection left behind.
 */
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { DatabaseService } from '../../src/games/database/database.service';
import { LISTENER_APPLICATION_NAME } from '../../src/games/database/pg-notification-listener';
import { startApp } from '../api/harness';
import { BRANDUBH_GAME, createGame, getGame, play, sideOfPly, sleep, whenReady } from './client';
import { eventually, openStream, seqsOf, subscribeGame } from './live-client';
import { PrivateCluster, canRunPrivateCluster, privateCluster } from './private-cluster';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

describe.skipIf(!canRunPrivateCluster)('the events listener across a database restart', () => {
  let pg: PrivateCluster;
  let a: Awaited<ReturnType<typeof startApp>>;
  let b: Awaited<ReturnType<typeof startApp>>;
  let base: string;

  beforeAll(async () => {
    pg = await privateCluster();
    a = await whenReady(await startApp({ DATABASE_URL: pg.url, LOG_LEVEL: 'silent' }));
    b = await whenReady(await startApp({ DATABASE_URL: pg.url, LOG_LEVEL: 'silent' }));
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(b.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    pg?.remove();
  });

  it('events committed while the listener reconnects still arrive, once and in order; one listening connection per instance after', async () => {
    const listener = b.app.get(DatabaseService);
    const g = await createGame(a);
    const stream = await openStream(base, g.id);
    const sub = subscribeGame(base, g.id);
    await Promise.all([stream.waitFor(1), sub.waitFor(1)]);
    for (let ply = 0; ply < 2; ply++) expect((await play(a, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)])).status).toBe(201);
    await Promise.all([stream.waitFor(3), sub.waitFor(3)]);

    pg.stop();
    await eventually(() => !listener.listening, 10_000, 'B noticed the lost connection');
    await sleep(500);
    pg.start();

    // A plays the rest of the game as soon as the server takes writes again.
    let whileDeaf = 0;
    for (let ply = 2; ply < BRANDUBH_GAME.length;) {
      const r = await play(a, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)]);
      if (r.status === 201) {
        if (!listener.listening) whileDeaf++;
        ply++;
      } else if (r.status === 409) {
        // Committed although the answer was lost: go on from where the game is.
        ply = (await getGame(a, g.id)).ply;
      } else {
        expect(r.status).toBe(503);
        await sleep(50);
      }
    }
    console.log(`live: ${whileDeaf} of ${BRANDUBH_GAME.length - 2} events committed while B's listener was reconnecting`);

    expect(await stream.ended).toBe('end');
    expect(seqsOf(stream.events)).toEqual(Array.from({ length: BRANDUBH_GAME.length }, (_, i) => i + 1));
    expect(await sub.done).toEqual({ how: 'complete' });
    expect(sub.updates.slice(1).map((u) => u.seq)).toEqual(Array.from({ length: BRANDUBH_GAME.length }, (_, i) => i + 1));
    await sub.dispose();

    await eventually(() => listener.listening && a.app.get(DatabaseService).listening, 15_000, 'both listening again');
    const c = new Client({ connectionString: pg.url });
    await c.connect();
    try {
      const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [LISTENER_APPLICATION_NAME]);
      expect(r.rows[0].n).toBe(2);
    } finally {
      await c.end();
    }
  });
});
