/**
 * A stream resumed at the game's last event has nothing to send yet; its answer must still begin at
 * once (the status and headers leave with the first bytes, a keep-alive), not after the first
 * keep-alive interval. STREAM_KEEPALIVE_MS is ten minutes here, so only the opening keep-alive can
 * arrive within the test: without it the stream would not open before the test's timeout.
 */
import type { AddressInfo } from 'node:net';
import { startApp } from '../api/harness';
import { BRANDUBH_GAME, createGame, play, whenReady } from './client';
import { eventually, openStream, seqsOf } from './live-client';

describe('a stream resumed with nothing new', () => {
  it('opens at once with one keep-alive, then carries the next event', async () => {
    const s = await whenReady(
      await startApp({ PGLITE_DIR: `/tmp/tafl-resume-${process.pid}-${Date.now()}`, STREAM_KEEPALIVE_MS: '600000' }),
    );
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
      const g = await createGame(s);
      await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
      for (const sse of [false, true]) {
        const st = await openStream(base, g.id, { sinceSeq: 1, sse });
        expect(st.status).toBe(200);
        await eventually(() => st.keepAlives === 1, 10_000, 'the opening keep-alive');
        expect(st.events).toEqual([]);
        st.close();
      }
      const st = await openStream(base, g.id, { sinceSeq: 1 });
      await play(s, g.id, BRANDUBH_GAME[1], 1, g.tokens.defenders);
      expect(seqsOf(await st.waitFor(1))).toEqual([2]);
      st.close();
    } finally {
      await s.close();
    }
  });
});
