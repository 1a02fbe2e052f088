/**
 * One differential game: the reference (reference-rules.ts) and the engine step side by side from the
 * same start; at every ply the legal moves (and each one's captures) are compared, then after the chosen
 * move its captures, the TFEN and the outcome. The first disagreement ends the game.
 */
import { GameState } from '../../src/engine/game-state';
import { validateGame } from '../../src/engine/operations';
import { builtInVariant } from '../../src/variants';
import { RefGame, RefOutcome, parseSquare } from './reference-rules';
import { RefVariant } from './reference-variants';
import {
  Rng,
  blockedCornersPosition,
  crowdedPosition,
  fortPosition,
  makeRng,
  pick,
  playedPosition,
  ringPosition,
  scrambledPosition,
  shieldwallPosition,
  thronePosition,
} from './random-positions';

export const MAX_PLIES = 400;

export interface Mismatch {
  variant: string;
  seed: number;
  mode: string;
  start: string;
  moves: string[];
  before: string;
  move: string | null;
  what: string;
  reference: unknown;
  engine: unknown;
}

export interface GameStats {
  plies: number;
  reasons: Record<string, number>;
  captures: number;
  kingCaptures: number;
}

type Mode = 'start' | 'played' | 'scrambled' | 'crowded' | 'fort' | 'ring' | 'throne' | 'shieldwall' | 'blocked';

/** Start modes, weighted towards the set-ups that exercise the variant's rarer rules. */
function modeFor(v: RefVariant, rng: Rng): Mode {
  const weights: Array<[Mode, number]> = [
    ['start', 34],
    ['played', 10],
    ['scrambled', 8],
    ['crowded', v.noLegalMove === 'pass' ? 14 : 6],
    ['fort', v.exitFort ? 14 : 4],
    ['ring', v.encirclement ? 12 : 4],
    ['throne', v.linnaean ? 14 : 8],
    ['shieldwall', v.shieldwall ? 12 : 5],
    ['blocked', v.cornerBlocks.length ? 12 : 0],
  ];
  let x = rng() * weights.reduce((n, [, w]) => n + w, 0);
  for (const [mode, w] of weights) {
    if (x < w) return mode;
    x -= w;
  }
  return 'start';
}

function startPosition(v: RefVariant, mode: Mode, rng: Rng): string {
  switch (mode) {
    case 'start':
      return v.layout;
    case 'played':
      return playedPosition(v, rng, 5 + Math.floor(rng() * 60));
    case 'scrambled':
      return scrambledPosition(v, rng);
    case 'crowded':
      return crowdedPosition(v, rng);
    case 'fort':
      return fortPosition(v, rng);
    case 'ring':
      return ringPosition(v, rng);
    case 'throne':
      return thronePosition(v, rng);
    case 'shieldwall':
      return shieldwallPosition(v, rng);
    case 'blocked':
      return blockedCornersPosition(v, rng);
  }
}

function outcomeOf(o: { status: 'ongoing' | 'finished'; winner: string | null; reason: string | null }): RefOutcome {
  return { status: o.status, winner: o.winner as RefOutcome['winner'], reason: o.reason };
}

function same(a: readonly string[] | undefined, b: readonly string[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameOutcome(a: RefOutcome, b: RefOutcome): boolean {
  return a.status === b.status && a.winner === b.winner && a.reason === b.reason;
}

function engineMoveText(m: { from: string | null; to: string | null }): string {
  return m.from === null ? 'pass' : `${m.from}-${m.to}`;
}

/** api.md 2: canonical `from-to` (or `pass`), then `x` and the captured squares separated by `/`. */
function notationFits(move: string, captures: string[], info: { from: string | null; to: string | null; notation: string }): boolean {
  if (engineMoveText(info) !== move) return false;
  if (captures.length === 0) return info.notation === move;
  const [head, tail] = info.notation.split('x');
  return head === move && tail !== undefined && same(captures, tail.split('/').sort());
}

/**
 * One random game; returns the first mismatch, if any. With `script`, the game starts at
 * `script.start` and plays `script.moves` instead of random moves.
 */
export function runGame(v: RefVariant, seed: number, stats: GameStats, script?: { start: string; moves: string[] }): Mismatch | null {
  const rng = makeRng(seed);
  const ev = builtInVariant(v.id);
  if (!ev) throw new Error(`engine has no variant ${v.id}`);
  const mode: Mode | 'script' = script ? 'script' : modeFor(v, rng);
  // a policy per game: how much to favour captures, king moves, stepping back (repetitions), wins
  const captureBias = rng() * 0.8;
  const kingBias = mode === 'blocked' ? 0.7 : rng() * 0.4;
  const backBias = rng() < 0.3 ? rng() * 0.6 : 0;
  const winSeekRoll = rng();
  const winSeek = mode === 'blocked' ? 0.8 : v.size <= 11 ? winSeekRoll * 0.5 : winSeekRoll * 0.1;

  let ref: RefGame;
  let eng: GameState;
  let start = 'start';
  if (mode === 'start') {
    ref = RefGame.start(v);
    eng = GameState.start(ev);
  } else {
    start = mode === 'script' ? script!.start : startPosition(v, mode, rng);
    ref = RefGame.fromTfen(v, start);
    const loaded = GameState.fromTfen(ev, start);
    if (!loaded.ok) {
      return {
        variant: v.id,
        seed,
        mode,
        start,
        moves: [],
        before: start,
        move: null,
        what: 'engine refused the start position',
        reference: 'accepted',
        engine: loaded.error,
      };
    }
    eng = loaded.value;
  }

  const moves: string[] = [];
  const fail = (before: string, move: string | null, what: string, reference: unknown, engine: unknown): Mismatch => ({
    variant: v.id,
    seed,
    mode,
    start,
    moves: [...moves],
    before,
    move,
    what,
    reference,
    engine,
  });

  // the start state
  if (ref.tfen() !== eng.tfen()) return fail(start, null, 'start TFEN', ref.tfen(), eng.tfen());
  if (!sameOutcome(ref.outcome, outcomeOf(eng.outcomeInfo())))
    return fail(ref.tfen(), null, 'start outcome', ref.outcome, outcomeOf(eng.outcomeInfo()));

  const played: string[][] = [];
  const lastMoveOf: Record<string, string | undefined> = {};
  const plyLimit = script ? script.moves.length : MAX_PLIES;
  for (let ply = 0; ply < plyLimit && ref.outcome.status === 'ongoing'; ply++) {
    const before = ref.tfen();
    // legal moves, each with its captures
    const refMoves = ref.legalMoves();
    const refCaps = new Map(refMoves.map((m) => [m, ref.capturesFor(m)]));
    const engList = eng.legalMoves();
    const engMoves = engList.map(engineMoveText).sort();
    if (!same(refMoves, engMoves)) {
      const onlyRef = refMoves.filter((m) => !engMoves.includes(m));
      const onlyEng = engMoves.filter((m) => !refMoves.includes(m));
      return fail(
        before,
        null,
        'legal moves',
        { count: refMoves.length, onlyReference: onlyRef },
        { count: engMoves.length, onlyEngine: onlyEng },
      );
    }
    for (const em of engList) {
      const m = engineMoveText(em);
      const ec = [...em.captures].sort();
      if (!same(refCaps.get(m), ec)) return fail(before, m, 'captures of a listed legal move', refCaps.get(m), ec);
    }

    // choose a move
    const side = ref.side;
    let move: string | null = null;
    if (winSeek > 0 && rng() < winSeek && refMoves.length > 1) {
      // probe every move in the fort / ring set-ups, elsewhere only king moves and king captures
      const king = ref.kingSquare();
      const candidates =
        mode === 'fort' || mode === 'ring' || mode === 'throne' || mode === 'shieldwall'
          ? refMoves
          : refMoves.filter((m) => king !== null && (m.startsWith(`${king}-`) || refCaps.get(m)!.includes(king)));
      const wins = candidates.filter((m) => {
        // a repetition never wins for the mover, so the probe needs no history
        const probe = ref.clone(false);
        probe.apply(m, true);
        return probe.outcome.status === 'finished' && probe.outcome.winner === side;
      });
      if (wins.length) move = pick(rng, wins);
    }
    const back = lastMoveOf[side];
    if (!move && back && rng() < backBias) {
      const [a, b] = back.split('-');
      if (refMoves.includes(`${b}-${a}`)) move = `${b}-${a}`;
    }
    if (!move && rng() < captureBias) {
      const caps = refMoves.filter((m) => refCaps.get(m)!.length > 0);
      if (caps.length) move = pick(rng, caps);
    }
    if (!move && rng() < kingBias) {
      const kingMoves = refMoves.filter((m) => {
        if (m === 'pass') return false;
        const from = parseSquare(m.split('-')[0]);
        return ref.board[from.r][from.f] === 'K';
      });
      if (kingMoves.length) move = pick(rng, kingMoves);
    }
    if (script) {
      move = script.moves[ply];
      if (!refMoves.includes(move)) return fail(before, move, 'scripted move is not legal in the reference', refMoves, engMoves);
    }
    if (!move) move = pick(rng, refMoves);
    lastMoveOf[side] = move;

    // play it on both
    const refResult = ref.apply(move);
    const checked = eng.check(move);
    if (!checked.ok) return fail(before, move, 'engine refused the move', 'legal', checked);
    const engInfo = eng.play(checked.value);
    const engCaps = [...engInfo.captures].sort();
    const engOutcome = outcomeOf(eng.outcomeInfo());
    if (!same(refResult.captures, engCaps)) return fail(before, move, 'captures', refResult.captures, engCaps);
    if (!notationFits(move, refResult.captures, engInfo)) return fail(before, move, 'move notation (api.md 2)', move, engInfo);
    if (ref.tfen() !== eng.tfen()) return fail(before, move, 'TFEN after the move', ref.tfen(), eng.tfen());
    if (!sameOutcome(refResult.outcome, engOutcome)) return fail(before, move, 'outcome', refResult.outcome, engOutcome);
    moves.push(move);
    played.push(refResult.captures);
    stats.plies++;
    stats.captures += refResult.captures.length;
    if (refResult.outcome.reason === 'king_captured') stats.kingCaptures++;
  }
  const end = ref.tfen();
  // a finished game lists no move and refuses one (CORE-9, api.md 4)
  if (ref.outcome.status === 'finished') {
    if (eng.legalMoves().length !== 0) return fail(end, null, 'legal moves of a finished game', [], eng.legalMoves().map(engineMoveText));
    const probe = eng.check(moves.length ? moves[moves.length - 1] : 'pass');
    if (probe.ok || probe.error.reason !== 'GAME_OVER')
      return fail(end, moves[moves.length - 1] ?? 'pass', 'move after the end', 'GAME_OVER', probe);
  }
  // the whole game once more through the stateless operation (history replayed from the start)
  const replay = validateGame(ev, { position: mode === 'start' ? undefined : start, moves });
  if (!replay.ok) return fail(end, null, 'validateGame refused the game', 'valid', replay.error);
  const r = replay.value;
  if (!r.valid || r.plies.length !== moves.length)
    return fail(end, null, 'validateGame', { valid: true, plies: moves.length }, { valid: r.valid, plies: r.plies.length, error: r.error });
  for (let i = 0; i < moves.length; i++) {
    const caps = [...r.plies[i].move.captures].sort();
    if (engineMoveText(r.plies[i].move) !== moves[i] || !same(played[i], caps))
      return fail(end, moves[i], `validateGame ply ${i}`, { move: moves[i], captures: played[i] }, r.plies[i].move);
  }
  if (r.position !== end && r.position !== end.split(' ')[0]) return fail(end, null, 'validateGame position', end, r.position);
  if (!sameOutcome(ref.outcome, outcomeOf(r.outcome))) return fail(end, null, 'validateGame outcome', ref.outcome, outcomeOf(r.outcome));

  const key = ref.outcome.reason ?? 'unfinished';
  stats.reasons[key] = (stats.reasons[key] ?? 0) + 1;
  return null;
}
