/**
 * A stored game as <tafl-game> follows it: the moves and the position after each ply, kept up to date
 * from the stream's events (a `gameFull` replaces everything, each `gameState` changes what it carries).
 * Applying an event is idempotent, so the answer to our own move and the stream's event of it may both
 * be applied, in either order. Positions of earlier plies, for the slider, are replayed locally.
 */
import { applyMove } from '@tafl/rules';
import type { GameEvent, Schemas } from '@tafl/client';

export type Outcome = Schemas['OutcomeView'];
export type Clocks = Schemas['ClocksView'];
export type Side = Schemas['Side'];

export interface GameRecord {
  id: string;
  variant: string;
  /** Notations of the moves played, ply 1 first. */
  moves: string[];
  /** TFEN after each ply, index 0 the start; a hole where a custom variant cannot be replayed here. */
  positions: (string | undefined)[];
  sideToMove: Side;
  outcome: Outcome;
  clocks: Clocks | null;
  players: Schemas['PlayersView'] | null;
  seats: Schemas['SeatsView'] | null;
  computer: Side | null;
  seq: number;
}

/** The positions of `moves` from `start`, replayed with the rules package (built-in variants only). */
function replay(variant: string, start: string, moves: string[]): (string | undefined)[] {
  const out: (string | undefined)[] = [start];
  let at: string | undefined = start;
  for (const m of moves) {
    if (at !== undefined) {
      const played = applyMove({ variant, position: at }, m);
      at = played.ok ? played.value.position : undefined;
    }
    out.push(at);
  }
  return out;
}

export function applyEvent(prev: GameRecord | null, e: GameEvent): GameRecord | null {
  if (e.type === 'gameFull') {
    const g = e.game;
    const positions = replay(g.variant, g.startPosition, g.moves);
    positions[g.moves.length] = g.position;
    return {
      id: g.id,
      variant: g.variant,
      moves: [...g.moves],
      positions,
      sideToMove: g.sideToMove,
      outcome: g.outcome,
      clocks: g.clocks,
      players: g.players,
      seats: g.seats,
      computer: g.computer?.side ?? null,
      seq: e.seq,
    };
  }
  if (!prev) return null;
  const next = setPly(prev, e.ply, e.move?.notation ?? null, e.position);
  return {
    ...next,
    sideToMove: e.sideToMove,
    outcome: e.outcome,
    clocks: e.clocks,
    seats: e.seats,
    players: e.players ?? prev.players,
    seq: Math.max(prev.seq, e.seq),
  };
}

/** The game at `ply` with `position`: later plies dropped (a takeback), the move of that ply recorded. */
export function setPly(prev: GameRecord, ply: number, move: string | null, position: string): GameRecord {
  const moves = prev.moves.slice(0, ply);
  if (move && ply > 0) moves[ply - 1] = move;
  const positions = prev.positions.slice(0, ply + 1);
  while (positions.length < ply + 1) positions.push(undefined);
  positions[ply] = position;
  return { ...prev, moves, positions };
}

/** "Defenders win: the king escaped" and the like, from the outcome's own words. */
export function resultText(o: Outcome): string | null {
  if (o.status !== 'finished') return null;
  const who = o.winner === 'attackers' ? 'Attackers win' : o.winner === 'defenders' ? 'Defenders win' : 'Draw';
  return o.detail ? `${who}: ${o.detail}` : o.reason ? `${who} (${o.reason})` : who;
}
