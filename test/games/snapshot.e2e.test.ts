/**
 * Reads of a stored game are one snapshot: while moves are being played, every GET /v1/games/{id},
 * every page of GET /v1/games and every JSON export must show a game whose move list, ply and position
 * belong together. On PostgreSQL a read that takes the game row and its moves in separate statements
 * can run them on different pool connections, with a move committed in between: a position from before
 * the move next to a move list from after it. PGlite serializes everything, so there it is a baseline.
 */
import { validateGame } from '../../src/engine/operations';
import { builtInVariant } from '../../src/variants';
import { TestApp, getJson } from '../api/harness';
import { BRANDUBH_GAME, BRANDUBH_GAME_RICH, BRANDUBH_START, Created, createGame, playAll, startReady } from './client';
import { databases } from './db';

vi.setConfig({ testTimeout: 120_000 });

const GAMES = 3;
const READERS_PER_GAME = 6;
const ROUNDS = 3;

const brandubh = builtInVariant('brandubh')!;

/** The position after each prefix of the real game, as the engine computes it (index = ply). */
const POSITION_AT_PLY: string[] = Array.from({ length: BRANDUBH_GAME.length + 1 }, (_, ply) => {
  const r = validateGame(brandubh, { moves: BRANDUBH_GAME.slice(0, ply) });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.position;
});

interface Seen {
  via: string;
  ply: number;
  /** Absent from a list's items, which are summaries: their ply and position must still agree. */
  moves?: string[];
  position: string;
  plies?: number;
}

/** What is wrong with one read of a game, or null when it is self-consistent. */
function inconsistency(g: Seen): string | null {
  const n = g.moves?.length ?? g.ply;
  if (n !== g.ply) return `${g.via}: ${n} moves but ply ${g.ply}`;
  if (g.moves && JSON.stringify(g.moves) !== JSON.stringify(BRANDUBH_GAME_RICH.slice(0, n)))
    return `${g.via}: moves ${g.moves.join(' ')} are not the game's first ${n}`;
  if (g.position !== POSITION_AT_PLY[n])
    return `${g.via}: position ${g.position} is not the one ${n} moves lead to (${POSITION_AT_PLY[n]})`;
  if (g.plies !== undefined && g.plies !== n) return `${g.via}: ${g.plies} exported plies but ${n} moves`;
  return null;
}

describe.each(databases())('read snapshots while moves are played on $name', (db) => {
  let s: TestApp;

  beforeAll(async () => {
    s = await startReady(await db.setup());
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it(`every read (get, list, export) while ${GAMES} games are played shows moves, ply and position of one moment (${ROUNDS} rounds)`, async () => {
    const seen: Seen[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round lists only its own games, so a page holds the games being played right now.
      const tag = `snapshot-${round}-${Date.now()}`;
      const games: Created[] = [];
      for (let i = 0; i < GAMES; i++) games.push(await createGame(s, { variant: 'brandubh', metadata: { tag } }));
      for (const g of games) expect(g.game.position).toBe(BRANDUBH_START);
      let playing = true;

      const reader = async (g: Created, which: number) => {
        while (playing) {
          // In-process requests (inject, embedded PGlite) can resolve without leaving the microtask queue:
          // yield to the event loop between reads, as a client across a network always does.
          await new Promise((r) => setImmediate(r));
          if (which % 3 === 0) {
            const r = await getJson(s, `/v1/games/${g.id}`);
            expect(r.status).toBe(200);
            seen.push({ via: 'get', ...r.body });
          } else if (which % 3 === 1) {
            const r = await getJson(s, `/v1/games/${g.id}/export?format=json`);
            expect(r.status).toBe(200);
            seen.push({ via: 'export', ...r.body, plies: r.body.plies.length });
          } else {
            const r = await getJson(s, `/v1/games?variant=brandubh&status=ongoing&limit=100`);
            expect(r.status).toBe(200);
            for (const item of r.body.items) if (item.metadata?.tag === tag) seen.push({ via: 'list', ...item });
          }
        }
      };

      const readers = games.flatMap((g) => Array.from({ length: READERS_PER_GAME }, (_, i) => reader(g, i)));
      try {
        await Promise.all(games.map((g) => playAll(s, g, BRANDUBH_GAME)));
      } finally {
        playing = false;
        await Promise.all(readers);
      }
    }

    const wrong = seen.map(inconsistency).filter((x): x is string => x !== null);
    // The race needs reads that landed while the games were under way, not only before or after them.
    const midGame = seen.filter((g) => g.ply > 0 && g.ply < BRANDUBH_GAME.length).length;
    expect(
      { midGameReads: midGame > 50, wrong: wrong.slice(0, 5), wrongCount: wrong.length },
      `${seen.length} reads, ${midGame} mid-game`,
    ).toEqual({ midGameReads: true, wrong: [], wrongCount: 0 });
  });
});
