/** Lines of engine moves as the API writes them: rich notation with captures (api.md section 2). */
import type { MoveInfo } from '../engine/game-state';
import { compareCells } from '../engine/move-notation';
import { PASS, Position } from '../engine/position';
import { Tactics } from './tactics';

/**
 * Each move of `moves`, played in turn from `pos`, in notation; stops at a move that is not legal
 * there (none should be). `pos` is restored.
 */
export function lineInfo(pos: Position, moves: readonly number[]): MoveInfo[] {
  const v = pos.v;
  const tac = new Tactics(v);
  const out: MoveInfo[] = [];
  let made = 0;
  for (const m of moves) {
    if (m === PASS) {
      pos.make(PASS);
      made++;
      out.push({ from: null, to: null, notation: 'pass', captures: [] });
      continue;
    }
    if (!tac.isLegalMove(pos, m)) break;
    pos.make(m);
    made++;
    const caps = pos.capturedCells().sort((a, b) => compareCells(v.geo, a, b));
    const from = v.names[m >> 10];
    const to = v.names[m & 1023];
    const captures = caps.map((c) => v.names[c]);
    out.push({ from, to, notation: `${from}-${to}${captures.length ? `x${captures.join('/')}` : ''}`, captures });
  }
  for (let i = 0; i < made; i++) pos.unmake();
  return out;
}
