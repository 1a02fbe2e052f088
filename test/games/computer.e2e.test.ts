/**
 * A computer side in stored games (api.md section 10): the service plays that side as soon as it is
 * its turn, through the same path as a person (the move is stored once, with its event), and refuses a
 * person's move for it.
 */
import { TestApp, postJson } from '../api/harness';
import { BRANDUBH_GAME, bearer, getGame, play, sleep, startReady } from './client';
import { databases } from './db';

/** Polls the game until its ply reaches `ply` (the computer answered) or 20 s pass. */
async function untilPly(app: TestApp, id: string, ply: number): Promise<any> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const g = await getGame(app, id);
    if (g.ply >= ply || Date.now() > deadline) return g;
    await sleep(50);
  }
}

describe.each(databases())('computer side on $name', (db) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startReady(await db.setup());
  });
  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it('the computer answers a person’s move; its move is stored once, legal, and it does not play twice', async () => {
    const created = await postJson(s, '/v1/games', { variant: 'brandubh', computer: { side: 'defenders', level: 1, budgetMs: 50 } });
    expect(created.status).toBe(201);
    expect(created.body.game.computer).toEqual({ side: 'defenders', level: 1, budgetMs: 50 });
    const id = created.body.id;
    expect((await play(s, id, BRANDUBH_GAME[0], 0, created.body.tokens.attackers)).status).toBe(201);
    const g = await untilPly(s, id, 2);
    expect(g.ply).toBe(2);
    expect(g.sideToMove).toBe('attackers');
    // The computer's move is legal from the position it was played in.
    const check = await postJson(s, '/v1/validate-game', { variant: 'brandubh', moves: g.moves });
    expect(check.body.valid).toBe(true);
    // It stays the attackers' turn: the computer does not play twice.
    await sleep(300);
    expect((await getGame(s, id)).ply).toBe(2);
  });

  it('a computer that moves first plays at once after the game is created', async () => {
    const created = await postJson(s, '/v1/games', { variant: 'brandubh', computer: { side: 'attackers', level: 2, budgetMs: 50 } });
    const g = await untilPly(s, created.body.id, 1);
    expect(g.ply).toBe(1);
    expect(g.sideToMove).toBe('defenders');
  });

  it('a person may not play the computer’s side, even with its token', async () => {
    const created = await postJson(s, '/v1/games', { variant: 'brandubh', computer: { side: 'attackers', level: 1, budgetMs: 2000 } });
    const r = await postJson(
      s,
      `/v1/games/${created.body.id}/moves`,
      { move: 'd2-e2', expectedPly: 0 },
      bearer(created.body.tokens.attackers),
    );
    // Either the computer was first (409) or the person is refused (403); never a person's move.
    expect([403, 409]).toContain(r.status);
    if (r.status === 403) expect(r.body.code).toBe('NOT_YOUR_TURN');
  });

  it.each([
    ['an unknown side', { side: 'both' }],
    ['a level of 11', { side: 'defenders', level: 11 }],
    ['a budget over 5000 ms', { side: 'defenders', budgetMs: 9000 }],
  ])('%s is a 400', async (_what, computer) => {
    const r = await postJson(s, '/v1/games', { variant: 'brandubh', computer });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_USER_INPUT');
  });
});
