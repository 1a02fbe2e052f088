/**
 * A full game as a fresh project writes it against the two packed packages, compiled with `strict` and
 * no casts: the client creates a Brandubh game, the rules package lists each position's legal moves and
 * predicts every move's captures, the client plays each move with `expectedPly` and the side's token,
 * and the game's stream is read to its last event. No Node types: it would run in a browser as it is.
 */
import { createTaflClient, isProblemError, type GameEvent } from '@tafl/client';
import { applyMove, legalMoves, type GameStateInput } from '@tafl/rules';

export interface GameReport {
  id: string;
  plies: number;
  status: string;
  winner: string | null;
  reason: string | null;
  streamedEvents: number;
  lastStreamedPly: number;
  staleRefused: boolean;
}

const MAX_PLIES = 400;

export async function playFullGame(baseUrl: string): Promise<GameReport> {
  const client = createTaflClient({ baseUrl });
  const created = await client.createGame({ variant: 'brandubh', players: { attackers: 'Ada', defenders: 'Bo' } });
  const tokens = created.tokens;
  const streamed: GameEvent[] = [];
  const reading = (async () => {
    for await (const event of client.streamGame(created.id)) streamed.push(event);
  })();

  const moves: string[] = [];
  let seed = 20261204;
  let finished = false;
  while (!finished && moves.length < MAX_PLIES) {
    const state: GameStateInput = { variant: 'brandubh', moves };
    const legal = legalMoves(state);
    if (!legal.ok) throw new Error(legal.error.detail);
    // A move that ends the game when there is one, else one chosen by a small seeded generator.
    const ending = legal.value.moves.find((m) => {
      const after = applyMove(state, m.notation);
      return after.ok && after.value.outcome.status === 'finished';
    });
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const choice = ending ?? legal.value.moves[seed % legal.value.count];
    if (choice === undefined) throw new Error('no legal move in an ongoing game');
    const predicted = applyMove(state, choice.notation);
    if (!predicted.ok) throw new Error(predicted.error.detail);
    const token = tokens[legal.value.sideToMove];
    const played = await client.playMove(created.id, { move: choice.notation, expectedPly: moves.length }, { token });
    if (played.move.notation !== predicted.value.move.notation) {
      throw new Error(`the service played ${played.move.notation}, the rules package predicted ${predicted.value.move.notation}`);
    }
    moves.push(played.move.notation);
    finished = played.game.outcome.status === 'finished';
  }

  // A move sent for a ply already played is refused as stale, a problem the client types by its code.
  let staleRefused = false;
  try {
    await client.playMove(created.id, { move: 'a1-a2', expectedPly: 0 }, { token: tokens.attackers });
  } catch (error) {
    staleRefused = isProblemError(error, 'STALE_PLY');
  }
  if (!finished) await client.resign(created.id, { token: tokens[moves.length % 2 === 0 ? 'attackers' : 'defenders'] });

  await reading;
  const game = await client.getGame(created.id);
  const last = streamed[streamed.length - 1];
  return {
    id: created.id,
    plies: game.ply,
    status: game.outcome.status,
    winner: game.outcome.winner,
    reason: game.outcome.reason,
    streamedEvents: streamed.length,
    lastStreamedPly: last === undefined ? -1 : last.type === 'gameFull' ? last.game.ply : last.ply,
    staleRefused,
  };
}
