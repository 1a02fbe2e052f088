/**
 * Faults under a load of plays on two service processes sharing one private PostgreSQL server: the
 * server frozen (SIGSTOP) for 15 s, stopped fast and started again, killed with -9 (postmaster and
 * backends) and restarted, and one service process killed with -9 and started again. Every writer
 * owns its game and, as a client whose answer was lost would, sends the same move again until it is
 * answered (201, or 200 Tafl-Replayed when it had been stored). Then, from the database itself: every
 * acknowledged move is stored, nothing else is, no ply is stored twice, every move row has its game's
 * update and its event, events are gapless; and every stream, resumed after each drop, saw every event
 * once. The faults on PGlite (kill -9, a second process on one directory) are in main-process.e2e.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadState } from '../../src/engine';
import { builtInVariant } from '../../src/variants';
import { SpawnedService, spawnService } from '../api/harness';
import { Created, bearer, createGame, sideOfPly, sleep, whenReady } from './client';
import { openStream } from './live-client';
import { longGame } from './long-game';
import { PrivateCluster, canRunPrivateCluster, privateCluster } from './private-cluster';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 90_000 });

const GAMES = 6;
/** More than the load plays while the faults take their time: the games never run out of moves. */
const PLIES = 2_500;
/** A pause between a game's moves, so that the load lasts through every fault. */
const PACE_MS = 20;
const FREEZE_MS = 15_000;

// Without PostgreSQL's server binaries, or not as root (the cluster runs as the postgres user), the suite
// is skipped, saying so; CI must be able to run it.
if (!canRunPrivateCluster) {
  const message = 'the fault suite needs PostgreSQL server binaries (initdb, pg_ctl) and root to run them as postgres';
  if (process.env.CI) throw new Error(`${message}; CI must have them`);
  console.warn(`${message}: skipped`);
}

describe.skipIf(!canRunPrivateCluster)('faults on two instances sharing one PostgreSQL', () => {
  let pg: PrivateCluster;
  const instances: SpawnedService[] = [];
  let sql: Client;

  const env = () => ({ DATABASE_URL: pg.url, LOG_LEVEL: 'error', RATE_LIMIT_MAX: '0', TIMEOUT_SWEEP_MS: '0', WEBHOOK_POLL_MS: '0' });

  beforeAll(async () => {
    pg = await privateCluster();
    instances.push(await whenReady(await spawnService(env())), await whenReady(await spawnService(env())));
  });

  afterAll(async () => {
    await sql?.end().catch(() => undefined);
    await Promise.all(instances.map((s) => s.stop()));
    pg?.remove();
  });

  /** The server's processes: the postmaster (first line of postmaster.pid) and its children. */
  function serverPids(): number[] {
    const postmaster = Number(readFileSync(join(pg.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }

  /**
   * Waits until every pid has exited. Here the orphaned postmaster's parent may never reap it, so a
   * zombie counts as exited, and the lock files it leaves (postmaster.pid, the socket's) are removed:
   * the server would treat them as stale after a crash if the dead pid were not still taken.
   */
  async function afterKill(pids: number[]): Promise<void> {
    const alive = (pid: number) => {
      try {
        return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    while (pids.some(alive)) await sleep(50);
    for (const f of readdirSync(pg.dir))
      if (f === 'postmaster.pid' || /^\.s\.PGSQL\.\d+\.lock$/.test(f)) rmSync(join(pg.dir, f), { force: true });
  }

  function signal(pids: number[], sig: NodeJS.Signals): void {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone already */
      }
    }
  }

  it('acknowledged = stored, nothing twice, no game half-written, streams gapless: SIGSTOP, fast stop, kill -9 of the server and of an instance', async () => {
    const games: Created[] = [];
    for (let i = 0; i < GAMES; i++) games.push(await createGame(instances[i % 2], { variant: 'copenhagen' }));
    const plans = games.map((_, i) => longGame('copenhagen', PLIES, 100 + i));
    const acknowledged = games.map(() => 0);
    const statuses = new Map<string, number>();
    const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
    let stop = false;

    // One reader per game on each instance's stream, resumed from the last seq it saw whenever it drops.
    const seen = games.map(() => [] as number[]);
    const reader = async (gi: number): Promise<void> => {
      let last = 0;
      for (let attempt = 0; !stop; attempt++) {
        const s = instances[attempt % 2];
        try {
          const stream = await openStream(s.base, games[gi].id, { sinceSeq: last });
          const push = () => {
            for (const e of stream.events.splice(0)) {
              if (e.type !== 'gameState') continue;
              seen[gi].push(e.seq);
              last = e.seq;
            }
          };
          while (!stop) {
            push();
            const end = await Promise.race([stream.ended, sleep(200).then(() => null)]);
            if (end !== null) break;
          }
          push();
          stream.close();
        } catch {
          /* the instance is down or restarting: try the other */
        }
        await sleep(200);
      }
    };

    /** Plays game `gi` until `stop` (or `until` acknowledged moves), each move sent again until answered. */
    const writer = async (gi: number, until = PLIES): Promise<void> => {
      const g = games[gi];
      for (let n = 0; !stop && acknowledged[gi] < until; n++) {
        const ply = acknowledged[gi];
        const s = instances[(gi + n) % 2];
        let status: number;
        let replayed = false;
        try {
          const r = await fetch(`${s.base}/v1/games/${g.id}/moves`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(g.tokens[sideOfPly(ply)]) },
            body: JSON.stringify({ move: plans[gi][ply], expectedPly: ply }),
            signal: AbortSignal.timeout(30_000),
          });
          status = r.status;
          replayed = r.headers.get('tafl-replayed') === 'true';
          await r.arrayBuffer();
        } catch {
          status = 0; // the connection broke or timed out: the answer is lost
        }
        count(replayed ? '200 replayed' : String(status));
        if (status === 201 || (status === 200 && replayed)) {
          acknowledged[gi]++;
          await sleep(PACE_MS);
        } else if (status === 0 || status === 503) await sleep(100);
        else throw new Error(`game ${gi} ply ${ply}: unexpected ${status}`);
      }
    };

    /** Waits until every game has `n` more acknowledged moves than now (the load goes on). */
    const progress = async (n: number) => {
      const from = acknowledged.slice();
      while (acknowledged.some((a, i) => a < Math.min(PLIES, from[i] + n))) await sleep(50);
    };

    let restartMs = 0;
    const readers = games.map((_, i) => reader(i));
    const writers = games.map((_, i) => writer(i));
    const faults = (async () => {
      await progress(10);
      const frozen = serverPids();
      signal(frozen, 'SIGSTOP');
      await sleep(FREEZE_MS);
      signal(frozen, 'SIGCONT');
      await progress(10);
      pg.stop();
      pg.start();
      await progress(10);
      const killed = serverPids();
      signal(killed, 'SIGKILL');
      await afterKill(killed);
      pg.start();
      await progress(10);
      instances[1].child.kill('SIGKILL');
      await instances[1].stop();
      const restarted = performance.now();
      instances[1] = await whenReady(await spawnService(env()));
      restartMs = Math.round(performance.now() - restarted);
      await progress(10);
    })();
    await faults;
    stop = true;
    await Promise.all(writers);
    await Promise.all(readers);

    // Nothing in flight now: one more move per game settles any whose answer was lost at the very end
    // (sent again, it is answered as stored, or stored now).
    stop = false;
    await Promise.all(games.map((_, i) => writer(i, acknowledged[i] + 1)));

    sql = new Client({ connectionString: pg.url });
    await sql.connect();
    const v = builtInVariant('copenhagen')!;
    const report = { games: GAMES, acknowledged: 0, stored: 0, duplicated: 0, inconsistent: 0, eventGaps: 0, streamGaps: 0 };
    for (const [gi, g] of games.entries()) {
      const moves = (await sql.query('SELECT ply, move FROM moves WHERE game_id = $1 ORDER BY ply', [g.id])).rows as {
        ply: number;
        move: string;
      }[];
      const row = (await sql.query('SELECT ply, position, last_seq FROM games WHERE id = $1', [g.id])).rows[0];
      const events = (await sql.query('SELECT seq, event FROM game_events WHERE game_id = $1 ORDER BY seq', [g.id])).rows as {
        seq: number;
        event: string;
      }[];
      report.acknowledged += acknowledged[gi];
      report.stored += moves.length;
      report.duplicated += moves.length - new Set(moves.map((m) => m.ply)).size;
      const replayed = loadState(v, { moves: moves.map((m) => m.move) });
      const consistent =
        moves.every((m, i) => m.ply === i && m.move === plans[gi][i]) &&
        row.ply === moves.length &&
        replayed.ok &&
        replayed.value.tfen() === row.position &&
        events.filter((e) => e.event === 'move').length === moves.length &&
        events.length === row.last_seq;
      if (!consistent) report.inconsistent++;
      if (acknowledged[gi] !== moves.length) report.inconsistent++;
      report.eventGaps += events.filter((e, i) => Number(e.seq) !== i + 1).length;
      const streamed = seen[gi];
      const expected = Array.from({ length: streamed.length }, (_, i) => i + 1);
      if (JSON.stringify(streamed) !== JSON.stringify(expected)) report.streamGaps++;
    }
    console.log(
      `faults: ${JSON.stringify(report)}; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `the killed instance started again and was ready in ${restartMs} ms`,
    );
    expect(report).toMatchObject({ duplicated: 0, inconsistent: 0, eventGaps: 0, streamGaps: 0 });
    expect(report.stored).toBe(report.acknowledged);
    expect(report.acknowledged).toBeGreaterThan(GAMES * 50);
    // Never a 500: only 201, replays (200), 503 while the server is away, and lost answers.
    expect([...statuses.keys()].every((k) => ['201', '200 replayed', '503', '0'].includes(k))).toBe(true);
  });
});
