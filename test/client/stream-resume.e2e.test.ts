/**
 * `streamGame` across the death of the service: the built service runs as a child process on a
 * throwaway PostgreSQL database; a game is followed through @tafl/client while moves are played, the
 * process is killed (SIGKILL: no clean end of the stream) right after a move was answered, nothing is
 * played while it is down, and it is started again on the same port and database. The iteration must
 * yield every event exactly once, in seq order, with no gap, and end by itself with the game. An abort
 * through the signal ends an iteration too. `npm run build` first (npm test does it).
 */
import { type SpawnedService, freePort, spawnService } from '../api/harness';
import { BRANDUBH_GAME, sideOfPly, sleep, whenReady } from '../games/client';
import { createPostgresDatabase } from '../games/db';
import { type GameEvent, type TaflClient, createTaflClient } from '../../packages/client/src/index';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/** The built service on `port` and the database at `databaseUrl`, answering /ready (its database connected). */
async function startService(port: number, databaseUrl: string): Promise<SpawnedService> {
  return whenReady(await spawnService({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, { port }), 60_000);
}

async function eventually(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(20);
  }
}

describe('@tafl/client streamGame against a service that is killed and restarted', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let port: number;
  let service: SpawnedService;
  let tafl: TaflClient;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    port = await freePort();
    service = await startService(port, pg.url);
    tafl = createTaflClient({ baseUrl: `http://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await service?.kill();
    await pg?.drop();
  });

  it('yields every event exactly once, in seq order, across a SIGKILL and a restart on the same port and database', async () => {
    const g = await tafl.createGame({ variant: 'brandubh' });
    const events: GameEvent[] = [];
    const breaks: unknown[] = [];
    const following = (async () => {
      const stream = tafl.streamGame(g.id, { backoff: { initialMs: 50, maxMs: 400 }, onReconnect: (r) => breaks.push(r.error) });
      for await (const e of stream) events.push(e);
    })();
    const play = async (ply: number) => {
      const answer = await tafl.playMove(g.id, { move: BRANDUBH_GAME[ply], expectedPly: ply }, { token: g.tokens[sideOfPly(ply)] });
      expect(answer.game.ply).toBe(ply + 1);
    };

    await eventually(() => events.length === 1, 'the gameFull');
    for (let ply = 0; ply < 3; ply++) await play(ply);
    await eventually(() => events.length === 4, 'events 1 to 3');
    // Three more moves, and the process killed as soon as the last is answered: their events may or may
    // not have reached the stream, which is what resuming must get right either way.
    for (let ply = 3; ply < 6; ply++) await play(ply);
    await service.kill();
    // Down for a while: the client keeps trying (refused connections), and nothing is played.
    await eventually(() => breaks.length >= 3, 'reconnects tried while the service is down');

    service = await startService(port, pg.url);
    for (let ply = 6; ply < BRANDUBH_GAME.length; ply++) await play(ply);
    // The game is over (the king captured): the iteration ends by itself.
    await following;

    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: BRANDUBH_GAME.length + 1 }, (_, i) => i));
    expect(events[0].type).toBe('gameFull');
    const states = events.slice(1).map((e) => (e.type === 'gameState' ? [e.event, e.ply, e.move?.notation.split('x')[0]] : e.type));
    expect(states).toEqual(BRANDUBH_GAME.map((move, i) => ['move', i + 1, move]));
    const last = events[events.length - 1];
    expect(last.type === 'gameState' && last.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    expect(breaks.length).toBeGreaterThanOrEqual(3);
  });

  it('ends the iteration, without an error, when the signal aborts', async () => {
    const g = await tafl.createGame({ variant: 'brandubh' });
    const controller = new AbortController();
    const events: GameEvent[] = [];
    const breaks: unknown[] = [];
    const following = (async () => {
      for await (const e of tafl.streamGame(g.id, { signal: controller.signal, onReconnect: (r) => breaks.push(r.error) })) events.push(e);
    })();
    await eventually(() => events.length === 1, 'the gameFull');
    await tafl.playMove(g.id, { move: BRANDUBH_GAME[0], expectedPly: 0 }, { token: g.tokens.attackers });
    await eventually(() => events.length === 2, 'event 1');
    controller.abort();
    await expect(following).resolves.toBeUndefined();
    // Nothing after the abort: no reconnect, no event, though the game goes on.
    await tafl.playMove(g.id, { move: BRANDUBH_GAME[1], expectedPly: 1 }, { token: g.tokens.defenders });
    await sleep(200);
    expect(events.map((e) => e.seq)).toEqual([0, 1]);
    expect(breaks).toEqual([]);
  });
});
