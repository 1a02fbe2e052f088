/**
 * Stored games (api.md section 5) end to end over HTTP, against the started app on both databases:
 * PGlite in a temporary directory and a throwaway PostgreSQL database. `npm run build` first (npm test
 * does it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { validateGame } from '../../src/engine/operations';
import { parseOtg } from '../../src/records/otg';
import { builtInVariant } from '../../src/variants';
import { TestApp, getJson, postJson } from '../api/harness';
import {
  BRANDUBH_GAME,
  BRANDUBH_GAME_END,
  BRANDUBH_GAME_RICH,
  BRANDUBH_START,
  Created,
  action,
  bearer,
  createGame,
  expectProblem,
  getGame,
  listAll,
  play,
  playAll,
  sleep,
  startReady,
  summaryOf,
} from './client';
import { databases } from './db';

vi.setConfig({ testTimeout: 30_000 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const brandubh = builtInVariant('brandubh')!;

/** The engine's answer for a move list (the expected position after each stored ply). */
function engineState(moves: string[], position?: string) {
  const r = validateGame(brandubh, { moves, position });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** Every key (at any depth) of a JSON value. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe.each(databases())('stored games on $name', (db) => {
  let s: TestApp;

  beforeAll(async () => {
    s = await startReady(await db.setup());
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  describe('create and read', () => {
    it('creates a game with players and metadata (201, tokens once) and reads it back', async () => {
      const before = Date.now();
      const r = await postJson(s, '/v1/games', {
        variant: 'brandubh',
        players: { attackers: 'Alice', defenders: 'Bob' },
        metadata: { event: 'club night', round: 3, tags: ['e2e'], nested: { ok: true } },
      });
      expect(r.status).toBe(201);
      const { id, tokens, game } = r.body;
      expect(id).toMatch(UUID);
      expect(tokens).toEqual({ attackers: expect.any(String), defenders: expect.any(String) });
      expect(tokens.attackers.length).toBeGreaterThanOrEqual(16);
      expect(tokens.defenders.length).toBeGreaterThanOrEqual(16);
      expect(tokens.attackers).not.toBe(tokens.defenders);
      // An act answers the game's summary: no move list (api.md section 5).
      expect(game).not.toHaveProperty('moves');
      expect(game).toMatchObject({
        id,
        variant: 'brandubh',
        startPosition: BRANDUBH_START,
        ply: 0,
        position: BRANDUBH_START,
        sideToMove: 'attackers',
        outcome: { status: 'ongoing', winner: null, reason: null },
        players: { attackers: 'Alice', defenders: 'Bob' },
        metadata: { event: 'club night', round: 3, tags: ['e2e'], nested: { ok: true } },
        drawOfferedBy: null,
      });
      for (const t of [game.createdAt, game.updatedAt]) {
        expect(t).toMatch(ISO);
        expect(Date.parse(t)).toBeGreaterThanOrEqual(before - 5_000);
        expect(Date.parse(t)).toBeLessThanOrEqual(Date.now() + 5_000);
      }

      const read = await getJson(s, `/v1/games/${id}`);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toMatch(/application\/json/);
      expect(read.body).toEqual({ ...game, moves: [] });
    });

    it('creates a game from a TFEN position (underscore form accepted, output canonical), side to move from the TFEN', async () => {
      const after3 = engineState(BRANDUBH_GAME.slice(0, 3)).position; // defenders to move
      expect(after3.endsWith(' d')).toBe(true);
      const r = await postJson(s, '/v1/games', { variant: 'brandubh', position: after3.replace(' ', '_') });
      expect(r.status).toBe(201);
      expect(r.body.game).toMatchObject({
        startPosition: after3,
        position: after3,
        ply: 0,
        sideToMove: 'defenders',
        players: { attackers: null, defenders: null },
      });
      const g: Created = r.body;
      // The attackers' token is not the side to move here.
      const wrong = await play(s, g.id, 'd2-d3', 0, g.tokens.attackers);
      expectProblem(wrong, 403, 'NOT_YOUR_TURN');
      const ok = await play(s, g.id, 'd2-d3', 0, g.tokens.defenders);
      expect(ok.status).toBe(201);
      expect((await getGame(s, g.id)).moves).toEqual(['d2-d3']);
      expect(ok.body.game).toMatchObject({
        startPosition: after3,
        ply: 1,
        position: engineState(BRANDUBH_GAME.slice(0, 4)).position,
        sideToMove: 'attackers',
      });
    });

    it('refuses an unknown variant (400 VARIANT_NOT_FOUND) and a bad position or body (400 BAD_USER_INPUT)', async () => {
      expectProblem(await postJson(s, '/v1/games', { variant: 'chess' }), 400, 'VARIANT_NOT_FOUND');
      expectProblem(await postJson(s, '/v1/games', { variant: 'brandubh', position: '3t3/3t3 a' }), 400, 'BAD_USER_INPUT');
      expectProblem(
        await postJson(s, '/v1/games', { variant: 'brandubh', position: '3x3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a' }),
        400,
        'BAD_USER_INPUT',
      );
      expectProblem(await postJson(s, '/v1/games', {}), 400, 'BAD_USER_INPUT');
      expectProblem(await postJson(s, '/v1/games', { variant: 'brandubh', metadata: 'not an object' }), 400, 'BAD_USER_INPUT');
      expectProblem(await postJson(s, '/v1/games', { variant: 'brandubh', players: { attackers: 7 } }), 400, 'BAD_USER_INPUT');
    });

    it('answers 404 GAME_NOT_FOUND for an unknown game id and for an id that is not a uuid, on every route', async () => {
      const g = await createGame(s);
      for (const id of [randomUUID(), 'not-a-uuid']) {
        expectProblem(await getJson(s, `/v1/games/${id}`), 404, 'GAME_NOT_FOUND');
        expectProblem(await play(s, id, 'd2-e2', 0, g.tokens.attackers), 404, 'GAME_NOT_FOUND');
        expectProblem(await action(s, id, 'resign', g.tokens.attackers), 404, 'GAME_NOT_FOUND');
        expectProblem(await action(s, id, 'draw-offer', g.tokens.attackers), 404, 'GAME_NOT_FOUND');
        expectProblem(await action(s, id, 'draw-accept', g.tokens.defenders), 404, 'GAME_NOT_FOUND');
        expectProblem(await getJson(s, `/v1/games/${id}/export?format=otg`), 404, 'GAME_NOT_FOUND');
        expectProblem(await getJson(s, `/v1/games/${id}/export?format=json`), 404, 'GAME_NOT_FOUND');
      }
    });
  });

  describe('play', () => {
    it('plays a real Brandubh game (aagenielsen line 5) to the king capture, checking every ply', async () => {
      const g = await createGame(s, { variant: 'brandubh', players: { attackers: 'black', defenders: 'white' } });
      let game = g.game;
      for (let i = 0; i < BRANDUBH_GAME.length; i++) {
        const side = i % 2 === 0 ? 'attackers' : 'defenders';
        expect(game.sideToMove).toBe(side);
        // Input forms of api.md section 2: `d3d2` and upper case are accepted; the output is canonical.
        const input = i === 1 ? 'D3D2' : i === 2 ? 'b4b2' : BRANDUBH_GAME[i];
        const r = await play(s, g.id, input, i, g.tokens[side]);
        expect(r.status).toBe(201);
        const expected = engineState(BRANDUBH_GAME.slice(0, i + 1));
        expect(r.body.move).toEqual(expected.plies[i].move);
        expect(r.body.move.notation).toBe(BRANDUBH_GAME_RICH[i]);
        game = r.body.game;
        expect(game).not.toHaveProperty('moves');
        expect(game).toMatchObject({
          id: g.id,
          ply: i + 1,
          position: expected.position,
          sideToMove: expected.sideToMove,
          // `detail` is optional in api.md: compared only where both give one.
          outcome: { status: expected.outcome.status, winner: expected.outcome.winner, reason: expected.outcome.reason },
        });
        if (game.outcome.detail != null) expect(game.outcome.detail).toEqual(expect.any(String));
      }
      expect(game.position).toBe(BRANDUBH_GAME_END);
      expect(game.sideToMove).toBe('defenders');
      expect(game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
      expect(game.players).toEqual({ attackers: 'black', defenders: 'white' });
      expect(Date.parse(game.updatedAt)).toBeGreaterThanOrEqual(Date.parse(game.createdAt));
      expect(await getGame(s, g.id)).toEqual({ ...game, moves: BRANDUBH_GAME_RICH });

      // The game is over: any further move (legal-looking or not) is GAME_OVER at index 15, nothing stored.
      const over = await play(s, g.id, 'c4-c5', 15, g.tokens.defenders);
      expectProblem(over, 422, 'ILLEGAL_MOVE');
      expect(over.body).toMatchObject({ reason: 'GAME_OVER', index: 15, move: 'c4-c5' });
      const resign = await action(s, g.id, 'resign', g.tokens.defenders);
      expectProblem(resign, 422, 'ILLEGAL_MOVE');
      expect(resign.body.reason).toBe('GAME_OVER');
      expect(await getGame(s, g.id)).toEqual({ ...game, moves: BRANDUBH_GAME_RICH });
    });

    it("401 without a token, with an unknown token or another game's token; 403 with the other side's token", async () => {
      const g = await createGame(s);
      const other = await createGame(s);
      const noAuth = await play(s, g.id, 'd2-e2', 0);
      expectProblem(noAuth, 401, 'UNAUTHORIZED');
      expectProblem(await play(s, g.id, 'd2-e2', 0, 'not-a-token'), 401, 'UNAUTHORIZED');
      expectProblem(await play(s, g.id, 'd2-e2', 0, other.tokens.attackers), 401, 'UNAUTHORIZED');
      expectProblem(
        await postJson(s, `/v1/games/${g.id}/moves`, { move: 'd2-e2', expectedPly: 0 }, { authorization: g.tokens.attackers }),
        401,
        'UNAUTHORIZED',
      );
      expectProblem(
        await postJson(s, `/v1/games/${g.id}/moves`, { move: 'd2-e2', expectedPly: 0 }, { authorization: 'Bearer ' }),
        401,
        'UNAUTHORIZED',
      );
      expectProblem(await play(s, g.id, 'd2-e2', 0, g.tokens.defenders), 403, 'NOT_YOUR_TURN');
      expect(summaryOf(await getGame(s, g.id))).toEqual(g.game);
      // Then the right token works, and the turn passes.
      expect((await play(s, g.id, 'd2-e2', 0, g.tokens.attackers)).status).toBe(201);
      expectProblem(await play(s, g.id, 'c4-c5', 1, g.tokens.attackers), 403, 'NOT_YOUR_TURN');
      expect((await play(s, g.id, 'c4-c5', 1, g.tokens.defenders)).status).toBe(201);
    });

    it('409 STALE_PLY when expectedPly is not the ply (checked before the side), and nothing is stored', async () => {
      const g = await createGame(s);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 2));
      const before = await getGame(s, g.id);
      expect(before.ply).toBe(2);
      for (const [ply, side] of [
        [0, 'attackers'],
        [1, 'attackers'],
        [3, 'attackers'],
        [99, 'attackers'],
        [1, 'defenders'], // the other side's token with a stale ply: 409, not 403
        [3, 'defenders'],
      ] as const) {
        const r = await play(s, g.id, BRANDUBH_GAME[2], ply, g.tokens[side]);
        expectProblem(r, 409, 'STALE_PLY');
      }
      expect(await getGame(s, g.id)).toEqual(before);
      // A wrong type for expectedPly is a bad request, not a stale ply.
      expectProblem(await play(s, g.id, BRANDUBH_GAME[2], '2', g.tokens.attackers), 400, 'BAD_USER_INPUT');
      expectProblem(
        await postJson(s, `/v1/games/${g.id}/moves`, { move: BRANDUBH_GAME[2] }, bearer(g.tokens.attackers)),
        400,
        'BAD_USER_INPUT',
      );
      expectProblem(await postJson(s, `/v1/games/${g.id}/moves`, { expectedPly: 2 }, bearer(g.tokens.attackers)), 400, 'BAD_USER_INPUT');
      expect(await getGame(s, g.id)).toEqual(before);
      expect((await play(s, g.id, BRANDUBH_GAME[2], 2, g.tokens.attackers)).status).toBe(201);
    });

    it('a retried move is answered again, not refused: 200, Tafl-Replayed, the game as of now; nothing stored', async () => {
      const g = await createGame(s);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 13));
      // Ply 13 captures d6 (e7-d7xd6): the defenders send it, and their connection breaks.
      const original = await play(s, g.id, BRANDUBH_GAME[13], 13, g.tokens.defenders);
      expect(original.status).toBe(201);
      expect(original.headers.get('tafl-replayed')).toBeNull();
      const stored = await getGame(s, g.id);
      // The same move again, in every accepted notation: the same body, with the header.
      for (const form of ['e7-d7', 'e7d7', 'E7-D7', 'e7-d7xd6']) {
        const again = await play(s, g.id, form, 13, g.tokens.defenders);
        expect({ form, status: again.status }).toEqual({ form, status: 200 });
        expect(again.headers.get('tafl-replayed')).toBe('true');
        expect(again.body).toEqual(original.body);
      }
      // Not the same move, a claim of other captures, the other side's token: stale, as before.
      expectProblem(await play(s, g.id, 'e7-e6', 13, g.tokens.defenders), 409, 'STALE_PLY');
      expectProblem(await play(s, g.id, 'e7-d7xd5', 13, g.tokens.defenders), 409, 'STALE_PLY');
      expectProblem(await play(s, g.id, 'e7-d7', 13, g.tokens.attackers), 409, 'STALE_PLY');
      // Nothing was written: the game, its updatedAt included, is as the original move left it.
      expect(await getGame(s, g.id)).toEqual(stored);
      // After the attackers' reply (which captures the king and ends the game) the retry is still
      // answered, with the game as it is now; so is theirs, the king's capture left out of its claim.
      const end = await play(s, g.id, BRANDUBH_GAME[14], 14, g.tokens.attackers);
      expect(end.status).toBe(201);
      const late = await play(s, g.id, 'e7-d7', 13, g.tokens.defenders);
      expect(late.status).toBe(200);
      expect(late.headers.get('tafl-replayed')).toBe('true');
      expect(late.body).toEqual({ game: end.body.game, move: original.body.move });
      const theirs = await play(s, g.id, 'f5-e5xd5', 14, g.tokens.attackers);
      expect(theirs.status).toBe(200);
      expect(theirs.body).toEqual(end.body);
      expect((await getGame(s, g.id)).moves).toEqual(BRANDUBH_GAME_RICH);
    });

    it('422 ILLEGAL_MOVE with the api.md reason, index = ply and the move echoed; nothing stored', async () => {
      const g = await createGame(s);
      const cases: [string, string][] = [
        ['d4-d5', 'NOT_YOUR_PIECE'],
        ['a1-a2', 'NO_PIECE'],
        ['d7-d5', 'PATH_BLOCKED'],
        ['a4-b5', 'NOT_STRAIGHT'],
        ['d1-a1', 'RESTRICTED_SQUARE'],
        ['hello', 'BAD_NOTATION'],
        ['z9-z8', 'BAD_SQUARE'],
      ];
      for (const [move, reason] of cases) {
        const r = await play(s, g.id, move, 0, g.tokens.attackers);
        expectProblem(r, 422, 'ILLEGAL_MOVE');
        expect(r.body).toMatchObject({ reason, index: 0, move });
      }
      expect(summaryOf(await getGame(s, g.id))).toEqual(g.game);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 3));
      const r = await play(s, g.id, 'c4-d4', 3, g.tokens.defenders); // the king stands on d4
      expectProblem(r, 422, 'ILLEGAL_MOVE');
      expect(r.body).toMatchObject({ reason: 'DESTINATION_OCCUPIED', index: 3, move: 'c4-d4' });
      expect((await getGame(s, g.id)).ply).toBe(3);
    });
  });

  describe('resign and draws', () => {
    it('resign: either side, in or out of turn; the other side wins; then GAME_OVER', async () => {
      const g = await createGame(s);
      expectProblem(await action(s, g.id, 'resign'), 401, 'UNAUTHORIZED');
      expectProblem(await action(s, g.id, 'resign', 'nope'), 401, 'UNAUTHORIZED');
      const r = await action(s, g.id, 'resign', g.tokens.defenders); // attackers to move
      expect(r.status).toBe(200);
      expect(r.body.game).toMatchObject({ id: g.id, ply: 0, outcome: { status: 'finished', winner: 'attackers', reason: 'resigned' } });
      expect(summaryOf(await getGame(s, g.id))).toEqual(r.body.game);
      const again = await action(s, g.id, 'resign', g.tokens.attackers);
      expectProblem(again, 422, 'ILLEGAL_MOVE');
      expect(again.body.reason).toBe('GAME_OVER');
      // A resignation has no move to name (it said "move 1 (null) is illegal").
      expect(again.body.detail).toBe('the game is over (resigned): nothing more can be played, offered or accepted');
      expect(again.body).not.toHaveProperty('move');
      const move = await play(s, g.id, 'd2-e2', 0, g.tokens.attackers);
      expectProblem(move, 422, 'ILLEGAL_MOVE');
      expect(move.body).toMatchObject({ reason: 'GAME_OVER', index: 0, move: 'd2-e2' });

      const h = await createGame(s);
      await playAll(s, h, BRANDUBH_GAME.slice(0, 1));
      const r2 = await action(s, h.id, 'resign', h.tokens.attackers);
      expect(r2.status).toBe(200);
      expect(r2.body.game).toMatchObject({ ply: 1, outcome: { status: 'finished', winner: 'defenders', reason: 'resigned' } });
    });

    it('draw: offer, accept by the other side only, a move clears the offer, 409 NO_DRAW_OFFER otherwise', async () => {
      const g = await createGame(s);
      expectProblem(await action(s, g.id, 'draw-accept', g.tokens.defenders), 409, 'NO_DRAW_OFFER');
      expectProblem(await action(s, g.id, 'draw-offer'), 401, 'UNAUTHORIZED');
      expectProblem(await action(s, g.id, 'draw-accept'), 401, 'UNAUTHORIZED');

      const offer = await action(s, g.id, 'draw-offer', g.tokens.attackers);
      expect(offer.status).toBe(200);
      expect(offer.body.game).toMatchObject({ drawOfferedBy: 'attackers', outcome: { status: 'ongoing' } });
      expect((await getGame(s, g.id)).drawOfferedBy).toBe('attackers');
      // One's own offer cannot be accepted.
      expectProblem(await action(s, g.id, 'draw-accept', g.tokens.attackers), 409, 'NO_DRAW_OFFER');

      // A move clears the offer.
      const moved = await play(s, g.id, 'd2-e2', 0, g.tokens.attackers);
      expect(moved.status).toBe(201);
      expect(moved.body.game.drawOfferedBy).toBeNull();
      expectProblem(await action(s, g.id, 'draw-accept', g.tokens.defenders), 409, 'NO_DRAW_OFFER');
      expect((await getGame(s, g.id)).outcome.status).toBe('ongoing');

      const offer2 = await action(s, g.id, 'draw-offer', g.tokens.defenders);
      expect(offer2.status).toBe(200);
      expect(offer2.body.game.drawOfferedBy).toBe('defenders');
      const accept = await action(s, g.id, 'draw-accept', g.tokens.attackers);
      expect(accept.status).toBe(200);
      expect(accept.body.game).toMatchObject({
        ply: 1,
        outcome: { status: 'finished', winner: 'draw', reason: 'draw_agreed' },
      });
      expect(await getGame(s, g.id)).toEqual({ ...accept.body.game, moves: ['d2-e2'] });
      const after = await play(s, g.id, 'c4-c5', 1, g.tokens.defenders);
      expectProblem(after, 422, 'ILLEGAL_MOVE');
      expect(after.body.reason).toBe('GAME_OVER');
    });
  });

  describe('export and import', () => {
    let finished: Created;
    beforeAll(async () => {
      finished = await createGame(s, { variant: 'brandubh', players: { attackers: 'black', defenders: 'white' } });
      await playAll(s, finished, BRANDUBH_GAME);
    });

    it('exports an OpenTafl record (text/plain: tags, [rules:...] last, numbered turns) that parses back to the same moves', async () => {
      const r = await getJson(s, `/v1/games/${finished.id}/export?format=otg`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = r.text;
      const lines = text.split('\n');
      const tagLines = lines.filter((l) => /^\[[A-Za-z][A-Za-z0-9_-]*:/.test(l));
      expect(tagLines.length).toBeGreaterThanOrEqual(1);
      expect(tagLines[tagLines.length - 1]).toMatch(/^\[rules:.*\]$/);
      const firstTurn = lines.findIndex((l) => /^1\. /.test(l));
      expect(firstTurn).toBeGreaterThan(lines.indexOf(tagLines[tagLines.length - 1]));
      expect(text).toMatch(/^1\. d2-e2 d3-d2\s*$/m);
      expect(text).toMatch(/^7\. e2-e3 e7-d7xd6\s*$/m);
      expect(text).toMatch(/^8\. f5-e5x/m);
      const parsed = parseOtg(text);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
      expect(parsed.value.plies.map((p) => p.notation)).toEqual(BRANDUBH_GAME);
      expect(parsed.value.plies[13].captures).toEqual(['d6']);
      expect(parsed.value.rules?.dim).toBe(7);
    });

    it('importing the exported record recreates the game: same moves, position and outcome, new id and tokens', async () => {
      const text = (await getJson(s, `/v1/games/${finished.id}/export?format=otg`)).text;
      const r = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: text });
      expect(r.status).toBe(201);
      expect(r.body.id).toMatch(UUID);
      expect(r.body.id).not.toBe(finished.id);
      expect(r.body.tokens).toEqual({ attackers: expect.any(String), defenders: expect.any(String) });
      const original = await getGame(s, finished.id);
      expect(r.body.game).toMatchObject({
        id: r.body.id,
        variant: 'brandubh',
        startPosition: original.startPosition,
        ply: 15,
        position: original.position,
        sideToMove: original.sideToMove,
        outcome: original.outcome,
      });
      expect(await getGame(s, r.body.id)).toEqual({ ...r.body.game, moves: original.moves });
    });

    it('round-trips an ongoing game from a custom position with the defenders to move', async () => {
      const start = engineState(BRANDUBH_GAME.slice(0, 3)).position;
      const g = await createGame(s, { variant: 'brandubh', position: start });
      await playAll(s, g, BRANDUBH_GAME.slice(3, 6), 'defenders');
      const text = (await getJson(s, `/v1/games/${g.id}/export?format=otg`)).text;
      const r = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: text });
      expect(r.status).toBe(201);
      const original = await getGame(s, g.id);
      expect(original.ply).toBe(3);
      expect(r.body.game).toMatchObject({
        startPosition: start,
        ply: 3,
        position: original.position,
        sideToMove: 'attackers',
        outcome: { status: 'ongoing' },
      });
      expect((await getGame(s, r.body.id)).moves).toEqual(original.moves);
      // The imported game is playable with its own tokens.
      const next = await play(s, r.body.id, BRANDUBH_GAME[6], 3, r.body.tokens.attackers);
      expect(next.status).toBe(201);
    });

    it('round-trips a resignation by the side to move (`---`): same moves, same outcome', async () => {
      const g = await createGame(s);
      await playAll(s, g, BRANDUBH_GAME.slice(0, 3));
      const resigned = await action(s, g.id, 'resign', g.tokens.defenders); // defenders to move
      expect(resigned.body.game.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'resigned' });
      const text = (await getJson(s, `/v1/games/${g.id}/export?format=otg`)).text;
      expect(text).toMatch(/^2\. b4-b2 ---\s*$/m);
      const r = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: text });
      expect(r.status).toBe(201);
      expect(r.body.game).toMatchObject({ ply: 3, outcome: resigned.body.game.outcome });
      expect((await getGame(s, r.body.id)).moves).toEqual(BRANDUBH_GAME.slice(0, 3));
    });

    it('exports JSON (the default format): the game plus its plies with captures', async () => {
      const game = await getGame(s, finished.id);
      for (const path of [`/v1/games/${finished.id}/export?format=json`, `/v1/games/${finished.id}/export`]) {
        const r = await getJson(s, path);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/application\/json/);
        expect(r.body).toMatchObject({
          id: game.id,
          variant: 'brandubh',
          moves: game.moves,
          ply: 15,
          position: game.position,
          outcome: game.outcome,
        });
        expect(r.body.plies).toHaveLength(15);
        const captures = (p: any) => p.captures ?? p.move?.captures;
        const notation = (p: any) => p.notation ?? p.move?.notation;
        expect(r.body.plies.map(notation)).toEqual(BRANDUBH_GAME_RICH);
        expect(captures(r.body.plies[0])).toEqual([]);
        expect(captures(r.body.plies[13])).toEqual(['d6']);
        expect(captures(r.body.plies[14])).toEqual(['d5', 'e4']);
      }
    });

    it('import: the first illegal move is a 422 with its index, and nothing is stored; unparseable or unknown variant is a 400', async () => {
      const count = async () => (await listAll(s)).items.length;
      const before = await count();
      const illegal = await postJson(s, '/v1/games/import', {
        variant: 'brandubh',
        record: '1. d2-e2 d3-d2\n2. b4-b2 a1-a2\n3. d6-c6 d3-c3\n',
      });
      expectProblem(illegal, 422, 'ILLEGAL_MOVE');
      expect(illegal.body).toMatchObject({ index: 3, reason: 'NO_PIECE', move: 'a1-a2' });
      const late = await postJson(s, '/v1/games/import', {
        variant: 'brandubh',
        record: `1. d2-e2 d3-d2\n2. b4-b2 d2-d3\n3. d6-c6 d3-c3\n4. d7-d4\n`,
      });
      expectProblem(late, 422, 'ILLEGAL_MOVE');
      expect(late.body).toMatchObject({ index: 6, reason: 'PATH_BLOCKED', move: 'd7-d4' });
      const garbage = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: 'this is [not a record' });
      expect(garbage.status).toBe(400);
      expect(garbage.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const noMoveRecord = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: 'd2-e2 d3-d2' });
      expect(noMoveRecord.status).toBe(400);
      expectProblem(await postJson(s, '/v1/games/import', { variant: 'chess', record: '1. d2-e2 d3-d2\n' }), 400, 'VARIANT_NOT_FOUND');
      expectProblem(await postJson(s, '/v1/games/import', { variant: 'brandubh' }), 400, 'BAD_USER_INPUT');
      expect(await count()).toBe(before);

      // A minimal record without tags is fine.
      const ok = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: '1. d2-e2 d3-d2\n2. b4-b2\n' });
      expect(ok.status).toBe(201);
      expect(ok.body.game).toMatchObject({ ply: 3, sideToMove: 'defenders' });
      expect((await getGame(s, ok.body.id)).moves).toEqual(['d2-e2', 'd3-d2', 'b4-b2']);
      expect(await count()).toBe(before + 1);
    });
  });

  describe('list', () => {
    const created: Created[] = [];
    const resigned = new Set<number>([1, 9, 19]);
    beforeAll(async () => {
      // 23 tablut games (a variant no other test of this file uses), a few ms apart: "newest first" is then unambiguous.
      for (let i = 0; i < 23; i++) {
        created.push(await createGame(s, { variant: 'tablut', metadata: { n: i } }));
        await sleep(3);
      }
      for (const i of resigned) expect((await action(s, created[i].id, 'resign', created[i].tokens.defenders)).status).toBe(200);
    });

    it('pages newest first with a cursor until nextCursor is null, each game once', async () => {
      const { pages, items } = await listAll(s, { variant: 'tablut' }, 10);
      expect(pages.map((p) => p.items.length)).toEqual([10, 10, 3]);
      expect(pages.slice(0, -1).every((p) => typeof p.nextCursor === 'string' && p.nextCursor.length > 0)).toBe(true);
      expect(pages[pages.length - 1].nextCursor).toBeNull();
      expect(items.map((g) => g.id)).toEqual([...created].reverse().map((g) => g.id));
      // Items are summaries: the game as GET /v1/games/{id} shows it, without its moves.
      expect(items[0]).toEqual(summaryOf(await getGame(s, items[0].id)));
    });

    it('limit defaults to 20, at most 100; a limit over 100 or under 1 is a 400', async () => {
      const r = await getJson(s, '/v1/games?variant=tablut');
      expect(r.status).toBe(200);
      expect(r.body.items).toHaveLength(20);
      expect(typeof r.body.nextCursor).toBe('string');
      const all = await getJson(s, '/v1/games?variant=tablut&limit=100');
      expect(all.body.items).toHaveLength(23);
      expect(all.body.nextCursor).toBeNull();
      for (const limit of ['101', '0', '-1', 'ten']) expectProblem(await getJson(s, `/v1/games?limit=${limit}`), 400, 'BAD_USER_INPUT');
    });

    it('filters by variant and by status', async () => {
      const finished = await listAll(s, { variant: 'tablut', status: 'finished' }, 2);
      expect(finished.items.map((g) => g.id)).toEqual([19, 9, 1].map((i) => created[i].id));
      expect(finished.items.every((g) => g.outcome.status === 'finished' && g.outcome.reason === 'resigned')).toBe(true);
      const ongoing = await listAll(s, { variant: 'tablut', status: 'ongoing' }, 7);
      expect(ongoing.items).toHaveLength(20);
      expect(ongoing.items.every((g) => g.outcome.status === 'ongoing' && g.variant === 'tablut')).toBe(true);
      const brandubhGames = await listAll(s, { variant: 'brandubh' });
      expect(brandubhGames.items.length).toBeGreaterThan(0);
      expect(brandubhGames.items.every((g) => g.variant === 'brandubh')).toBe(true);
      const none = await getJson(s, '/v1/games?variant=copenhagen');
      expect(none.body).toEqual({ items: [], nextCursor: null });
      // All games, across variants, newest first.
      const everything = (await listAll(s, {}, 50)).items;
      const times = everything.map((g) => Date.parse(g.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(everything.map((g) => g.id)).size).toBe(everything.length);
    });

    it('a cursor is stable: games created after the first page do not shift the next page', async () => {
      const first = await getJson(s, '/v1/games?variant=tablut&limit=5');
      const newer = await createGame(s, { variant: 'tablut' });
      const second = await getJson(s, `/v1/games?variant=tablut&limit=5&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(second.status).toBe(200);
      expect(second.body.items.map((g: any) => g.id)).toEqual(
        [...created]
          .reverse()
          .slice(5, 10)
          .map((g) => g.id),
      );
      expect(second.body.items.map((g: any) => g.id)).not.toContain(newer.id);
      created.push(newer);
    });
  });

  it('tokens (and their hashes) never appear in GET, list or export answers', async () => {
    const g = await createGame(s, { variant: 'brandubh', players: { attackers: 'A', defenders: 'D' } });
    await playAll(s, g, BRANDUBH_GAME.slice(0, 2));
    await action(s, g.id, 'draw-offer', g.tokens.attackers);
    const secrets = [g.tokens.attackers, g.tokens.defenders].flatMap((t) => [
      t,
      createHash('sha256').update(t).digest('hex'),
      createHash('sha256').update(t).digest('base64'),
      createHash('sha256').update(t).digest('base64url'),
    ]);
    const answers: string[] = [];
    const read = await getJson(s, `/v1/games/${g.id}`);
    answers.push(JSON.stringify(read.body));
    answers.push(JSON.stringify((await getJson(s, '/v1/games?variant=brandubh&limit=100')).body));
    answers.push(JSON.stringify((await getJson(s, `/v1/games/${g.id}/export?format=json`)).body));
    answers.push((await getJson(s, `/v1/games/${g.id}/export?format=otg`)).text);
    const moved = await play(s, g.id, BRANDUBH_GAME[2], 2, g.tokens.attackers);
    answers.push(JSON.stringify(moved.body));
    answers.push(JSON.stringify((await action(s, g.id, 'resign', g.tokens.defenders)).body));
    for (const a of answers) for (const secret of secrets) expect(a).not.toContain(secret);
    expect(keysOf(read.body).filter((k) => /token|hash|secret/i.test(k))).toEqual([]);
  });

  describe('GraphQL mirror', () => {
    const GAME_FIELDS =
      'id variant startPosition moves ply position sideToMove outcome { status winner reason detail } players { attackers defenders } seats { attackers defenders } metadata drawOfferedBy computer { side level budgetMs } takebackOfferedBy timeControl { type } clocks { attackersMs } options { takebacks drawOffers } createdAt updatedAt';
    const gqlAuth = (query: string, variables: Record<string, unknown>, token?: string) =>
      postJson(s, '/graphql', { query, variables }, token ? bearer(token) : {});

    it('createGame, playMove with the Authorization header, game and games queries agree with REST', async () => {
      const created = await gqlAuth(
        `mutation($input: CreateGameInput!) { createGame(input: $input) { id tokens { attackers defenders } game { ${GAME_FIELDS} } } }`,
        { input: { variant: 'brandubh', players: { attackers: 'Gql A', defenders: 'Gql D' }, metadata: { via: 'graphql' } } },
      );
      expect(created.body.errors).toBeUndefined();
      const c = created.body.data.createGame;
      expect(c.id).toMatch(UUID);
      expect(c.game).toMatchObject({
        id: c.id,
        variant: 'brandubh',
        ply: 0,
        moves: [],
        position: BRANDUBH_START,
        sideToMove: 'attackers',
        players: { attackers: 'Gql A', defenders: 'Gql D' },
        drawOfferedBy: null,
      });
      expect(c.game.metadata).toEqual({ via: 'graphql' });

      const PLAY = `mutation($id: ID!, $move: String!, $ply: Int!) { playMove(id: $id, move: $move, expectedPly: $ply) { game { ply moves position sideToMove outcome { status } } move { from to notation captures } } }`;
      const noToken = await gqlAuth(PLAY, { id: c.id, move: 'd2-e2', ply: 0 });
      expect(noToken.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
      const wrongSide = await gqlAuth(PLAY, { id: c.id, move: 'd2-e2', ply: 0 }, c.tokens.defenders);
      expect(wrongSide.body.errors[0].extensions.code).toBe('NOT_YOUR_TURN');
      const stale = await gqlAuth(PLAY, { id: c.id, move: 'd2-e2', ply: 4 }, c.tokens.attackers);
      expect(stale.body.errors[0].extensions.code).toBe('STALE_PLY');
      const illegal = await gqlAuth(PLAY, { id: c.id, move: 'd7-d5', ply: 0 }, c.tokens.attackers);
      expect(illegal.body.errors[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', reason: 'PATH_BLOCKED', index: 0 });

      for (let i = 0; i < 14; i++) {
        const r = await gqlAuth(PLAY, { id: c.id, move: BRANDUBH_GAME[i], ply: i }, i % 2 === 0 ? c.tokens.attackers : c.tokens.defenders);
        expect(r.body.errors).toBeUndefined();
        expect(r.body.data.playMove.move.notation).toBe(BRANDUBH_GAME_RICH[i]);
        expect(r.body.data.playMove.game.ply).toBe(i + 1);
      }
      // A retried move is answered, not refused, as in REST (the game as of now).
      const retried = await gqlAuth(PLAY, { id: c.id, move: BRANDUBH_GAME[13], ply: 13 }, c.tokens.defenders);
      expect(retried.body.errors).toBeUndefined();
      expect(retried.body.data.playMove).toMatchObject({ move: { notation: BRANDUBH_GAME_RICH[13] }, game: { ply: 14 } });
      expect(retried.body.data.playMove.game.moves).toEqual(BRANDUBH_GAME_RICH.slice(0, 14));
      const last = await gqlAuth(PLAY, { id: c.id, move: BRANDUBH_GAME[14], ply: 14 }, c.tokens.attackers);
      expect(last.body.data.playMove).toMatchObject({
        move: { from: 'f5', to: 'e5', notation: 'f5-e5xd5/e4', captures: ['d5', 'e4'] },
        game: { ply: 15, position: BRANDUBH_GAME_END, outcome: { status: 'finished' } },
      });

      const q = await gqlAuth(`query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`, { id: c.id });
      expect(q.body.errors).toBeUndefined();
      expect(q.body.data.game).toEqual(await getGame(s, c.id));
      const missing = await gqlAuth(`query($id: ID!) { game(id: $id) { id } }`, { id: randomUUID() });
      expect(missing.body.errors[0].extensions.code).toBe('GAME_NOT_FOUND');

      const page = await gqlAuth(
        `{ games(variant: "brandubh", status: finished, limit: 2) { items { id outcome { status } moves } nextCursor } }`,
        {},
      );
      expect(page.body.errors).toBeUndefined();
      expect(page.body.data.games.items).toHaveLength(2);
      expect(page.body.data.games.items[0].id).toBe(c.id);
      // A list's items are read without their moves; `moves`, when selected, is read for each.
      expect(page.body.data.games.items[0].moves).toEqual(BRANDUBH_GAME_RICH);
      expect(typeof page.body.data.games.nextCursor).toBe('string');
      const rest = await getJson(s, '/v1/games?variant=brandubh&status=finished&limit=2');
      expect(page.body.data.games.items.map((g: any) => g.id)).toEqual(rest.body.items.map((g: any) => g.id));
    });

    it('resign, offerDraw, acceptDraw and importGame', async () => {
      const a = await createGame(s);
      const RESIGN = `mutation($id: ID!) { resign(id: $id) { game { outcome { status winner reason } } } }`;
      expect((await gqlAuth(RESIGN, { id: a.id })).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
      const resigned = await gqlAuth(RESIGN, { id: a.id }, a.tokens.attackers);
      expect(resigned.body.data.resign.game.outcome).toEqual({ status: 'finished', winner: 'defenders', reason: 'resigned' });
      const again = await gqlAuth(RESIGN, { id: a.id }, a.tokens.attackers);
      expect(again.body.errors[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', reason: 'GAME_OVER' });

      const b = await createGame(s);
      const ACCEPT = `mutation($id: ID!) { acceptDraw(id: $id) { game { drawOfferedBy outcome { status winner reason } } } }`;
      expect((await gqlAuth(ACCEPT, { id: b.id }, b.tokens.attackers)).body.errors[0].extensions.code).toBe('NO_DRAW_OFFER');
      const offered = await gqlAuth(
        `mutation($id: ID!) { offerDraw(id: $id) { game { drawOfferedBy } } }`,
        { id: b.id },
        b.tokens.defenders,
      );
      expect(offered.body.data.offerDraw.game.drawOfferedBy).toBe('defenders');
      const accepted = await gqlAuth(ACCEPT, { id: b.id }, b.tokens.attackers);
      expect(accepted.body.data.acceptDraw.game.outcome).toEqual({ status: 'finished', winner: 'draw', reason: 'draw_agreed' });

      const IMPORT = `mutation($v: String!, $r: String!) { importGame(variant: $v, record: $r) { id tokens { attackers defenders } game { moves ply } } }`;
      const imported = await gqlAuth(IMPORT, { v: 'brandubh', r: '1. d2-e2 d3-d2\n2. b4-b2\n' });
      expect(imported.body.errors).toBeUndefined();
      expect(imported.body.data.importGame.game).toEqual({ moves: ['d2-e2', 'd3-d2', 'b4-b2'], ply: 3 });
      const bad = await gqlAuth(IMPORT, { v: 'brandubh', r: '1. d2-e2 d3-d2\n2. b4-b2 a1-a2\n' });
      expect(bad.body.errors[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', index: 3, reason: 'NO_PIECE' });
    });
  });

  describe('input the database cannot take is a 400, never a 500 (hardening)', () => {
    const cursorOf = (at: string) => Buffer.from(JSON.stringify({ at, id: randomUUID() })).toString('base64url');

    it.each(['1', '0000-01-01', '0000-01-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '99999-01-01T00:00:00.000Z'])(
      'a cursor whose date is %s',
      async (at) => {
        expectProblem(await getJson(s, `/v1/games?cursor=${cursorOf(at)}`), 400, 'BAD_USER_INPUT');
      },
    );

    it('NUL characters and lone surrogates in players, metadata and import tags', async () => {
      expectProblem(await postJson(s, '/v1/games', { variant: 'brandubh', players: { attackers: 'a\u0000b' } }), 400, 'BAD_USER_INPUT');
      expectProblem(await postJson(s, '/v1/games', `{"variant":"brandubh","metadata":{"k":"\\udc00"}}`), 400, 'BAD_USER_INPUT');
      expectProblem(
        await postJson(s, '/v1/games/import', { variant: 'brandubh', record: '[attackers:a\u0000]\n1. d2-e2\n' }),
        400,
        'BAD_USER_INPUT',
      );
    });

    it('an import longer than MAX_MOVES is refused before it is replayed', async () => {
      const turns = Array.from({ length: 2600 }, (_, i) => `${i + 1}. d2-e2 d3-d2`).join('\n');
      const r = await postJson(s, '/v1/games/import', { variant: 'brandubh', record: turns });
      expectProblem(r, 400, 'TOO_MANY_MOVES');
    });
  });

  if (db.name === 'pglite') {
    it('games and tokens survive a restart of the app on the same PGLITE_DIR', async () => {
      const g = await createGame(s, {
        variant: 'brandubh',
        players: { attackers: 'before', defenders: 'restart' },
        metadata: { keep: [1, 2] },
      });
      await playAll(s, g, BRANDUBH_GAME.slice(0, 4));
      await action(s, g.id, 'draw-offer', g.tokens.attackers);
      const before = await getGame(s, g.id);
      const listed = (await listAll(s)).items.map((x) => x.id);
      await s.close();

      s = await startReady(db.env());
      expect(await getGame(s, g.id)).toEqual(before);
      expect((await listAll(s)).items.map((x) => x.id)).toEqual(listed);
      expectProblem(await play(s, g.id, BRANDUBH_GAME[4], 4, g.tokens.defenders), 403, 'NOT_YOUR_TURN');
      const next = await play(s, g.id, BRANDUBH_GAME[4], 4, g.tokens.attackers);
      expect(next.status).toBe(201);
      expect(next.body.game).toMatchObject({ ply: 5, drawOfferedBy: null });
      expect((await getGame(s, g.id)).moves).toEqual(BRANDUBH_GAME_RICH.slice(0, 5));
      const ready = await getJson(s, '/ready');
      expect(ready.body).toEqual({ status: 'ready', checks: { engine: 'ok', database: 'ok' } });
    });
  } else {
    it('is ready with the database checked', async () => {
      const ready = await getJson(s, '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: { engine: 'ok', database: 'ok' } });
    });
  }
});
