/**
 * Distinct Copenhagen game states with history, the questions the HTTP benchmarks send when every request
 * must be a miss of the answer cache: seeded random games cut after 10 to 120 plies, still going, none
 * twice. The same seed gives the same list in every benchmark.
 */
import { GameState } from '../src/engine/game-state';
import { generateMoves } from '../src/engine/movegen';
import { Position } from '../src/engine/position';
import { randomPlayout, seededRandom } from '../src/engine/random-playout';
import { builtInVariant } from '../src/variants';

/** `n` states, each the moves from the start in notation (`d1-d3`). */
export function distinctStates(n: number): string[][] {
  const v = builtInVariant('copenhagen')!;
  const buf = new Int32Array(4 * 121);
  const rnd = seededRandom(7);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (let seed = 1; out.length < n; seed++) {
    const plies = 10 + (rnd() % 111);
    const pos = Position.start(v);
    randomPlayout(pos, seededRandom(seed), plies, buf, (p) => void generateMoves(p, buf));
    const moves: number[] = [];
    for (let i = pos.ply; i > 0; i--) {
      moves.unshift(pos.lastMove());
      pos.unmake();
    }
    const state = GameState.start(v);
    const text = moves.map((m) => state.play(m)).map((info) => `${info.from}-${info.to}`);
    if (state.outcomeInfo().status !== 'ongoing') continue;
    const key = text.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/** The REST legal-moves body of a Copenhagen state. */
export const restBody = (moves: string[]): string => JSON.stringify({ variant: 'copenhagen', moves });

const LEGAL_MOVES_QUERY =
  'query($s: GameStateInput!) { legalMoves(state: $s) { position sideToMove moves { from to notation captures } count } }';

/** The GraphQL legalMoves body asking for what the REST answer holds. */
export const graphqlBody = (moves: string[]): string =>
  JSON.stringify({ query: LEGAL_MOVES_QUERY, variables: { s: { variant: 'copenhagen', moves } } });
