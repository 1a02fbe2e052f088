/**
 * External engines seated for a side of a stored game (api.md section 15), with the fake engine of
 * fixtures/fake-engine.mjs: its legal moves are played as the side's moves; a crash, an illegal move or
 * an overrun ends the game on engine_failure (the other side wins) and leaves no process behind; an
 * engine ENGINES does not name, or rules no OTN string can say, is a 400 at creation. No timing is
 * asserted: the waits are generous bounds, and the overrun uses a small budgetMs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestApp, postJson } from '../api/harness';
import { getGame, play, sleep, startReady } from '../games/client';
import { databases } from '../games/db';

const FAKE = join(__dirname, 'fixtures', 'fake-engine.mjs');
const node = `"${process.execPath}" "${FAKE}"`;
const ENGINES = [`fake=${node} legal e3-d3,e7-f7,d3-d2,f7-f8`, `crash=${node} crash`, `illegal=${node} illegal`, `slow=${node} sleep`].join(
  ';',
);

/** Polls the game until `done` holds or 30 s pass. */
async function until(app: TestApp, id: string, done: (g: any) => boolean): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const g = await getGame(app, id);
    if (done(g) || Date.now() > deadline) return g;
    await sleep(50);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.each(databases())('external engines on $name', (db) => {
  let s: TestApp;
  let pids: string;
  beforeAll(async () => {
    // The engines inherit the service's environment: each writes its pid here.
    pids = mkdtempSync(join(tmpdir(), 'fake-engines-'));
    process.env.FAKE_ENGINE_PIDS = pids;
    s = await startReady({ ...(await db.setup()), ENGINES });
  });
  afterAll(async () => {
    await s?.close();
    await db.teardown();
    delete process.env.FAKE_ENGINE_PIDS;
    rmSync(pids, { recursive: true, force: true });
  });

  /** A Tablut game with `engine` playing the defenders, after the attackers' first move. */
  async function afterFirstMove(engine: string, budgetMs = 1000) {
    const created = await postJson(s, '/v1/games', { variant: 'tablut', computer: { side: 'defenders', engine, budgetMs } });
    expect(created.status).toBe(201);
    expect(created.body.game.computer).toEqual({ side: 'defenders', level: 5, budgetMs, engine });
    const id = created.body.id as string;
    expect((await play(s, id, 'a4-b4', 0, created.body.tokens.attackers)).status).toBe(201);
    return { id, token: created.body.tokens.attackers as string };
  }

  it('plays the engine’s legal moves for its side', async () => {
    const { id, token } = await afterFirstMove('fake');
    let g = await until(s, id, (x) => x.ply >= 2);
    expect(g.moves[1]).toMatch(/^e3-d3/);
    expect((await play(s, id, 'i4-h4', 2, token)).status).toBe(201);
    g = await until(s, id, (x) => x.ply >= 4);
    expect(g.ply).toBe(4);
    expect(g.moves[3]).toMatch(/^e7-f7/);
    expect(g.outcome.status).toBe('ongoing');
    const check = await postJson(s, '/v1/validate-game', { variant: 'tablut', moves: g.moves });
    expect(check.body.valid).toBe(true);
  });

  it.each([
    ['crashes', 'crash', 1000],
    ['answers an illegal move', 'illegal', 1000],
    ['sleeps past its time', 'slow', 200],
  ])('an engine that %s loses on engine_failure and leaves no process', async (_what, engine, budgetMs) => {
    const before = new Set(readdirSync(pids));
    const { id } = await afterFirstMove(engine, budgetMs);
    const g = await until(s, id, (x) => x.outcome.status === 'finished');
    expect(g.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'engine_failure' });
    expect(g.outcome.detail).toMatch(/external engine/);
    expect(g.ply).toBe(1);
    const started = readdirSync(pids).filter((p) => !before.has(p));
    expect(started.length).toBeGreaterThanOrEqual(1);
    // Killed before the failure was stored: gone, give or take the kernel reaping it.
    const deadline = Date.now() + 10_000;
    while (started.some((p) => alive(Number(p))) && Date.now() < deadline) await sleep(50);
    expect(started.filter((p) => alive(Number(p)))).toEqual([]);
  });

  it('refuses an engine ENGINES does not name, and rules no OpenTafl string can say', async () => {
    const unknown = await postJson(s, '/v1/games', { variant: 'tablut', computer: { side: 'defenders', engine: 'stockfish' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('BAD_USER_INPUT');
    expect(unknown.body.errors[0]).toMatchObject({ code: 'UNKNOWN_ENGINE', field: 'computer.engine' });
    const brandubh = await postJson(s, '/v1/games', { variant: 'brandubh', computer: { side: 'defenders', engine: 'fake' } });
    expect(brandubh.status).toBe(400);
    expect(brandubh.body.errors[0]).toMatchObject({ code: 'ENGINE_RULES_UNSUPPORTED', field: 'computer.engine' });
    // OTEP's `position` and `side` cannot say which piece must move again under berserk.
    const berserk = await postJson(s, '/v1/games', { variant: 'opentafl-berserk', computer: { side: 'defenders', engine: 'fake' } });
    expect(berserk.status).toBe(400);
    expect(berserk.body.errors[0]).toMatchObject({ code: 'ENGINE_RULES_UNSUPPORTED', field: 'computer.engine' });
    expect(berserk.body.errors[0].message).toMatch(/berserk/);
  });
});
