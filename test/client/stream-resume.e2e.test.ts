/**
 * `streamGame` across the death of the service: the built service runs as a child process on a
 * throwaway PostgreSQL database; a game is followed through @tafl/client while moves are played, the
 * process is killed (SIGKILL: no clean end of the stream) right after a move was answered, nothing is
 * played while it is down, and it is started again on the same port and database. The iteration must
 * yield every event exactly once, in seq order, with no gap, and end by itself with the game. An abort
 * through the signal ends an iteration too. `npm run build` first (npm test does it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { MAIN, freePort } from '../api/harness';
import { BRANDUBH_GAME, sideOfPly, sleep } from '../games/client';
import { createPostgresDatabase } from '../games/db';
import { type GameEvent, type TaflClient, createTaflClient } from '../../packages/client/src/index';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/** Every process this file started: none may outlive it, even after a failed test. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

interface Service {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit once the process is gone. */
  exited: Promise<unknown>;
}

/** The built service on `port`, answering /ready (its database connected). */
async function startService(port: number, databaseUrl: string): Promise<Service> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => children.delete(child));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${out}`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { child, output: () => out, exited };
    if (Date.now() > deadline) throw new Error(`the service was not ready within 60 s:\n${out}`);
    await sleep(100);
  }
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
  let service: Service;
  let tafl: TaflClient;

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    port = await freePort();
    service = await startService(port, pg.url);
    tafl = createTaflClient({ baseUrl: `http://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all([...children].map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))));
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
    service.child.kill('SIGKILL');
    await service.exited;
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
