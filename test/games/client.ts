/**
 * A small HTTP client for the stored-games API (api.md section 5), shared by the games tests. Not a test
 * file itself.
 */
import { Answer, TestApp, getJson, postJson, startApp } from '../api/harness';

export type Side = 'attackers' | 'defenders';

export interface Tokens {
  attackers: string;
  defenders: string;
}

export interface Created {
  id: string;
  tokens: Tokens;
  webhookSecret?: string | null;
  game: any;
}

export const BRANDUBH_START = '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a';

/**
 * Line 5 of shared/records/aagenielsen-brandubh-7x7.csv, a real game the attackers win by capturing the
 * king (the record leaves the king capture on e4 unwritten), with its rich notation as the engine
 * writes it.
 */
export const BRANDUBH_GAME = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');
export const BRANDUBH_GAME_RICH = [...BRANDUBH_GAME.slice(0, 13), 'e7-d7xd6', 'f5-e5xd5/e4'];
export const BRANDUBH_GAME_END = '3T3/7/2t1t2/t1T3t/2T1t2/1t5/3t3 d';

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export const sideOfPly = (ply: number, first: Side = 'attackers'): Side =>
  ply % 2 === 0 ? first : first === 'attackers' ? 'defenders' : 'attackers';

export async function createGame(app: TestApp, body: Record<string, unknown> = { variant: 'brandubh' }): Promise<Created> {
  const r = await postJson(app, '/v1/games', body);
  if (r.status !== 201) throw new Error(`POST /v1/games answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as Created;
}

export function play(app: TestApp, id: string, move: string, expectedPly: unknown, token?: string) {
  return postJson(app, `/v1/games/${id}/moves`, { move, expectedPly }, token === undefined ? {} : bearer(token));
}

/** POST with an empty JSON object (resign, draw-offer, draw-accept). */
export function action(app: TestApp, id: string, what: 'resign' | 'draw-offer' | 'draw-accept', token?: string) {
  return postJson(app, `/v1/games/${id}/${what}`, {}, token === undefined ? {} : bearer(token));
}

/**
 * The game as the answers of acts show it (api.md section 5): every field of the game as read but its
 * move list, which only a read, an export and a stream's gameFull carry.
 */
export function summaryOf(game: any): any {
  const { moves: _moves, ...summary } = game;
  return summary;
}

export async function getGame(app: TestApp, id: string): Promise<any> {
  const r = await getJson(app, `/v1/games/${id}`);
  if (r.status !== 200) throw new Error(`GET /v1/games/${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Plays `moves` in order from the game's current ply with the right token each time; returns the last answer. */
export async function playAll(app: TestApp, g: Created, moves: string[], first: Side = 'attackers', fromPly = 0) {
  let last: any = null;
  for (let i = 0; i < moves.length; i++) {
    const ply = fromPly + i;
    const r = await play(app, g.id, moves[i], ply, g.tokens[sideOfPly(ply, first)]);
    if (r.status !== 201) throw new Error(`ply ${ply} ${moves[i]}: ${r.status} ${JSON.stringify(r.body)}`);
    last = r.body;
  }
  return last;
}

/** Every page of GET /v1/games with the given filters. */
export async function listAll(
  app: TestApp,
  query: Record<string, string | number> = {},
  limit = 100,
): Promise<{ pages: any[]; items: any[] }> {
  const pages: any[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), limit: String(limit) });
    if (cursor) q.set('cursor', cursor);
    const r = await getJson(app, `/v1/games?${q}`);
    if (r.status !== 200) throw new Error(`GET /v1/games?${q} answered ${r.status}: ${JSON.stringify(r.body)}`);
    pages.push(r.body);
    cursor = r.body.nextCursor;
    if (!cursor) break;
  }
  return { pages, items: pages.flatMap((p) => p.items) };
}

/** Checks an answer is an RFC 9457 problem with the given status and code. */
export function expectProblem(r: Answer, status: number, code: string): void {
  expect({ status: r.status, code: r.body?.code }).toEqual({ status, code });
  expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(r.body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  expect(Array.isArray(r.body.errors)).toBe(true);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until /ready answers 200 (the database connected and migrated); closes the app if it never does. */
export async function whenReady<T extends TestApp>(s: T, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    // A process still opening its embedded database can hold its event loop for seconds, and then
    // close a kept-alive connection as a poll arrives on it: a reset is "not ready yet" too.
    const r = await getJson(s, '/ready').catch((e: unknown) => ({ status: 0, body: String(e) }));
    if (r.status === 200) return s;
    if (Date.now() > deadline) {
      await s.close();
      throw new Error(`not ready after ${ms} ms: ${JSON.stringify(r.body)}`);
    }
    await sleep(100);
  }
}

/** startApp (in-process), then whenReady. */
export async function startReady(env: Record<string, string>, ms = 30_000): Promise<TestApp> {
  return whenReady(await startApp(env), ms);
}
