/** The two sides of a stored game: whose turn a position or a ply is, and whose a token is. */
import type { CompiledVariant, GameState } from '../engine';
import { ProblemError } from '../http/problem-error';
import type { GameEntity } from './entities/game.entity';
import { tokenOf } from './tokens';

export type Side = 'attackers' | 'defenders';

export const otherSide = (s: Side): Side => (s === 'attackers' ? 'defenders' : 'attackers');

/** The side to move is the TFEN's last letter. */
export function sideToMove(position: string): Side {
  return position.endsWith(' d') ? 'defenders' : 'attackers';
}

/**
 * Who made the move at `ply` (from 0). Sides alternate from the start position except under berserk,
 * where a piece that captured moves again (OTN-13): only then is the engine state asked (`state` may
 * have to replay the moves), so the other variants stay replay-free.
 */
export function moverAt(v: CompiledVariant, game: Pick<GameEntity, 'startPosition'>, state: () => GameState, ply: number): Side {
  if (v.berserk !== 0) return state().moverAt(ply);
  const first = sideToMove(game.startPosition);
  return ply % 2 === 0 ? first : otherSide(first);
}

/** Which side a token belongs to in this game, or 401. */
export function sideOfToken(game: GameEntity, token: string | null): Side {
  const side = token ? tokenOf<Side>(token, { attackers: game.attackersTokenHash, defenders: game.defendersTokenHash }) : null;
  if (side) return side;
  throw ProblemError.unauthorized(
    token ? 'the token does not belong to this game' : 'send "Authorization: Bearer <token>" with a side\'s token',
  );
}
