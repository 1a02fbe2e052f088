/**
 * A hot game's move list kept as JSON bytes (src/games/moves-json.ts) and the play answer that copies
 * it (src/games/played-move.json.ts): the same bytes JSON.stringify makes, and items taken for an
 * answer never change afterwards, whatever the game does next.
 */
import { MovesJson } from '../../src/games/moves-json';
import { playedMoveJson, withMovesItems } from '../../src/games/played-move.json';
import type { GameView, PlayedMoveView } from '../../src/games/game.views';
import { playoutGame } from '../helpers/playout-game';

const itemsOf = (list: readonly string[]): string => JSON.stringify(list).slice(1, -1);

describe('MovesJson', () => {
  it('writes the JSON items of a growing list, captures and passes included, past its first buffer', () => {
    const { moves } = playoutGame('copenhagen', 3, 400);
    const list: string[] = [];
    const json = new MovesJson();
    json.catchUp(list);
    expect(json.items().toString()).toBe('');
    for (const m of [...moves, 'pass']) {
      list.push(m);
      json.catchUp(list);
      expect(json.items().toString()).toBe(itemsOf(list));
    }
    expect(moves.some((m) => m.includes('x'))).toBe(true);
    expect(json.items().length).toBeGreaterThan(256);
  });

  it('escapes what a notation should never hold, rather than writing broken JSON', () => {
    const list = ['a1-a2', 'q"uote', 'back\\slash', 'ünï', 'a3-a4'];
    const json = new MovesJson();
    json.catchUp(list);
    expect(JSON.parse(`[${json.items().toString()}]`)).toEqual(list);
  });

  it('items taken earlier stay as they were while the list grows, and when it is replaced (a takeback)', () => {
    const { moves } = playoutGame('brandubh', 5, 200);
    const list: string[] = [];
    const json = new MovesJson();
    const taken: [Buffer, string][] = [];
    for (const m of moves) {
      list.push(m);
      json.catchUp(list);
      taken.push([json.items(), itemsOf(list)]);
    }
    // A takeback: the list is one shorter, then goes on with another move.
    const kept = list.slice(0, list.length - 1);
    json.catchUp(kept);
    expect(json.items().toString()).toBe(itemsOf(kept));
    kept.push('a1-a2');
    json.catchUp(kept);
    expect(json.items().toString()).toBe(itemsOf(kept));
    // The same length, a different last move: started over too.
    const other = [...kept.slice(0, -1), 'b1-b2'];
    json.catchUp(other);
    expect(json.items().toString()).toBe(itemsOf(other));
    for (const [bytes, text] of taken) expect(bytes.toString()).toBe(text);
  });
});

describe('the play answer', () => {
  const game = (moves: string[]): GameView =>
    ({
      id: '0b8f0b8e-3c1a-4b1e-9a55-6f0c1c9d2a11',
      variant: 'copenhagen',
      startPosition: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a',
      moves,
      ply: moves.length,
      position: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3 a',
      sideToMove: 'attackers',
      outcome: { status: 'ongoing', winner: null, reason: null, detail: null },
      // Text a client chose, after the moves: quotes, the very text the writer looks for, non-ASCII.
      players: { attackers: 'Ásgeir "moves":[]', defenders: null },
      metadata: { note: '"moves":[] ✓', event: 'Þing' },
      drawOfferedBy: null,
      createdAt: '2026-12-02T06:00:00.000Z',
      updatedAt: '2026-12-02T06:01:00.000Z',
    }) as unknown as GameView;
  const move = { from: 'd1', to: 'd3', notation: 'd1-d3', captures: [] };

  it('is the bytes of JSON.stringify of the view, with the moves copied from the kept items', () => {
    for (const plies of [0, 1, 2, 150]) {
      const moves = playoutGame('copenhagen', 11, plies).moves;
      const json = new MovesJson();
      json.catchUp(moves);
      const played: PlayedMoveView = { game: withMovesItems(game(moves.slice()), json.items()), move };
      expect(Buffer.concat(playedMoveJson(played)).toString()).toBe(JSON.stringify(played));
    }
  });

  it('uses the items, not the view`s list, where it has them (so the items are what is checked above)', () => {
    const json = new MovesJson();
    json.catchUp(['e1-e2']);
    const played: PlayedMoveView = { game: withMovesItems(game(['a1-a2']), json.items()), move };
    expect(JSON.parse(Buffer.concat(playedMoveJson(played)).toString()).game.moves).toEqual(['e1-e2']);
  });

  it('is JSON.stringify of the view for a play decided on the locked path (no items)', () => {
    const played: PlayedMoveView = { game: game(['a1-a2', 'b3-b4']), move };
    expect(Buffer.concat(playedMoveJson(played)).toString()).toBe(JSON.stringify(played));
  });
});
