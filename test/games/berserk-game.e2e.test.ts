/**
 * A stored game under OpenTafl's Berserk rules (`opentafl-berserk`, OTN-13) over HTTP, on both
 * databases: a capture lets the same piece move again, so the side to move does not alternate ply by
 * ply. The moves were found by a search of the engine's legal moves: the defenders' knight captures on
 * e2 (ply 2) and must move again (ply 3), then the attackers capture it. `npm run build` first.
 */
import { Client } from 'pg';
import { parseOtg } from '../../src/records/otg';
import { TestApp, getJson, postJson } from '../api/harness';
import { bearer, createGame, expectProblem, getGame, play, startReady } from './client';
import { databases } from './db';

vi.setConfig({ testTimeout: 30_000 });

const MOVES = ['e5-e3', 'e1-e2', 'e3-e1', 'e1-e2', 'd1-d2'];
const SIDES = ['defenders', 'attackers', 'defenders', 'defenders', 'attackers'];
const RICH = ['e5-e3', 'e1-e2', 'e3-e1xe2', 'e1-e2', 'd1-d2xe2'];
/** OpenTafl's own record of these moves (its GameSerializer): `=` marks the knight's further move. */
const OPENTAFL_TURNS = ['1. Ne5-e3 e1-e2 Ne3^e1xe2', '2. Ne1=e2 d1-d2xNe2'];

describe.each(databases())('a Berserk game on $name', (db) => {
  let s: TestApp;

  beforeAll(async () => {
    s = await startReady(await db.setup());
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it('a capture lets the same side move again: its token plays on, the other gets NOT_YOUR_TURN', async () => {
    const g = await createGame(s, { variant: 'opentafl-berserk', options: { takebacks: true } });
    expect(g.game.sideToMove).toBe('defenders');
    for (let ply = 0; ply < 3; ply++) expect((await play(s, g.id, MOVES[ply], ply, g.tokens[SIDES[ply] as 'attackers'])).status).toBe(201);
    let game = await getGame(s, g.id);
    expect({ ply: game.ply, sideToMove: game.sideToMove, last: game.moves[2] }).toEqual({
      ply: 3,
      sideToMove: 'defenders',
      last: 'e3-e1xe2',
    });

    // Not the attackers' turn though they did not make the last move; and only the berserker moves.
    expectProblem(await play(s, g.id, 'd1-d2', 3, g.tokens.attackers), 403, 'NOT_YOUR_TURN');
    const other = await play(s, g.id, 'f6-f5', 3, g.tokens.defenders);
    expectProblem(other, 422, 'ILLEGAL_MOVE');
    expect(other.body.reason).toBe('NOT_YOUR_PIECE');

    const cont = await play(s, g.id, MOVES[3], 3, g.tokens.defenders);
    expect(cont.status).toBe(201);
    expect(cont.body.game.sideToMove).toBe('attackers');
    // A retry of the continuation is the defenders' (who made it), not the parity's attackers'.
    const again = await play(s, g.id, MOVES[3], 3, g.tokens.defenders);
    expect(again.status).toBe(200);
    expect(again.headers.get('tafl-replayed')).toBe('true');
    expectProblem(await play(s, g.id, MOVES[3], 3, g.tokens.attackers), 409, 'STALE_PLY');

    // The takeback of the continuation is offered by its mover and accepted by the other side; the
    // knight must then move again.
    expectProblem(await postJson(s, `/v1/games/${g.id}/takeback-offer`, {}, bearer(g.tokens.attackers)), 403, 'NOT_YOUR_TURN');
    expect((await postJson(s, `/v1/games/${g.id}/takeback-offer`, {}, bearer(g.tokens.defenders))).status).toBe(200);
    expect((await postJson(s, `/v1/games/${g.id}/takeback-accept`, {}, bearer(g.tokens.attackers))).status).toBe(200);
    game = await getGame(s, g.id);
    expect({ ply: game.ply, sideToMove: game.sideToMove }).toEqual({ ply: 3, sideToMove: 'defenders' });

    expect((await play(s, g.id, MOVES[3], 3, g.tokens.defenders)).status).toBe(201);
    expect((await play(s, g.id, MOVES[4], 4, g.tokens.attackers)).status).toBe(201);
    game = await getGame(s, g.id);
    expect(game.moves).toEqual(RICH);
    expect(game.sideToMove).toBe('defenders');

    // The record lists OpenTafl's move texts, and its marks give each move's side back.
    const otg = await getJson(s, `/v1/games/${g.id}/export?format=otg`);
    expect(otg.status).toBe(200);
    expect(otg.text.split('\n').filter((l: string) => /^\d+\. /.test(l))).toEqual(OPENTAFL_TURNS);
    const parsed = parseOtg(otg.text);
    expect(parsed.ok && parsed.value.plies.map((p) => p.side)).toEqual(SIDES);

    // The stored moves' side column holds the real movers (PostgreSQL only: PGlite runs in the app).
    const url = db.env().DATABASE_URL;
    if (url) {
      const c = new Client({ connectionString: url });
      await c.connect();
      try {
        const rows = await c.query('SELECT side FROM moves WHERE game_id = $1 ORDER BY ply', [g.id]);
        expect(rows.rows.map((r) => r.side)).toEqual(SIDES);
      } finally {
        await c.end();
      }
    }
  });

  it('imports OpenTafl’s record of the game and replays it, the continuation by the same side', async () => {
    const record = `[rules:dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/]\n\n${OPENTAFL_TURNS.join('\n')}\n`;
    const r = await postJson(s, '/v1/games/import', { variant: 'opentafl-berserk', record });
    expect(r.status).toBe(201);
    const game = await getGame(s, r.body.id);
    expect(game.moves).toEqual(RICH);
    expect(game.sideToMove).toBe('defenders');
  });
});
