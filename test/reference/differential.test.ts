/**
 * Differential test: the reference implementation (test/reference/reference-rules.ts, written from
 * rules.md alone) against the engine, over thousands of seeded random games in all eight built-in
 * variants. At every ply: the legal moves (and each one's captures), then after the chosen move its
 * captures, the TFEN and the outcome.
 *
 * Environment knobs (for investigation only): DIFF_SCALE (multiplies the game counts), DIFF_ONLY
 * (one variant id), DIFF_STATS (print per-variant figures).
 */
import { GameStats, Mismatch, runGame } from './differential-runner';
import { REF_EVENTS, RefGame, boardField, parseSquare } from './reference-rules';
import { REF_VARIANTS, RefVariant, refVariant } from './reference-variants';

const LISTED_PER_VARIANT = 5;

/** Games per variant; 19×19 variants are slower. */
function gamesFor(v: RefVariant): number {
  const scale = Number(process.env.DIFF_SCALE ?? '1');
  return Math.max(1, Math.round((v.size >= 19 ? 80 : 300) * scale));
}

function describeMismatch(m: Mismatch): string {
  return [
    `- ${m.variant} seed ${m.seed} (${m.mode}): ${m.what}`,
    `  start: ${m.start}`,
    `  moves (${m.moves.length}): ${m.moves.join(' ')}`,
    `  position before: ${m.before}`,
    `  move: ${m.move ?? '(none)'}`,
    `  reference: ${JSON.stringify(m.reference)}`,
    `  engine:    ${JSON.stringify(m.engine)}`,
  ].join('\n');
}

describe('differential: reference rules vs engine over random games', () => {
  afterAll(() => {
    if (process.env.DIFF_STATS)
      console.log(
        Object.entries(REF_EVENTS)
          .sort()
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
  });

  REF_VARIANTS.forEach((v, vi) => {
    if (process.env.DIFF_ONLY && process.env.DIFF_ONLY !== v.id) return;
    it(`${v.id}: ${gamesFor(v)} random games agree ply by ply`, () => {
      const stats: GameStats = { plies: 0, reasons: {}, captures: 0, kingCaptures: 0 };
      const mismatches: Mismatch[] = [];
      const games = gamesFor(v);
      const t0 = Date.now();
      for (let g = 0; g < games; g++) {
        const seed = 1_000_003 * (vi + 1) + g;
        const m = runGame(v, seed, stats);
        if (m) mismatches.push(m);
      }
      if (process.env.DIFF_STATS)
        console.log(`${v.id}: ${games} games, ${Date.now() - t0} ms, ${stats.plies} plies, ${stats.captures} captures`, stats.reasons);
      if (mismatches.length) {
        const listing = mismatches.slice(0, LISTED_PER_VARIANT).map(describeMismatch).join('\n');
        throw new Error(
          `${mismatches.length} of ${games} ${v.id} games disagree (first ${Math.min(LISTED_PER_VARIANT, mismatches.length)} listed):\n${listing}`,
        );
      }
    });
  });
});

/** A TFEN from a map of square → piece (a plain builder, independent of the engine). */
function position(size: number, pieces: Record<string, string>, side: 'a' | 'd'): string {
  const board = Array.from({ length: size }, () => new Array<string>(size).fill('.'));
  for (const [sq, p] of Object.entries(pieces)) {
    const s = parseSquare(sq);
    board[s.r][s.f] = p;
  }
  return `${boardField(board)} ${side}`;
}

function pieces(p: string, squares: string): Record<string, string> {
  return Object.fromEntries(squares.split(' ').map((s) => [s, p]));
}

interface HandMade {
  name: string;
  variant: string;
  start: string;
  moves: string[];
  /** what rules.md requires of the last move */
  captures: string[];
  outcome: { status: string; winner: string | null; reason: string | null };
}

const AEC_BLOCKERS = 'a3 b3 c1 c2 a17 b17 c18 c19 s3 r3 q1 q2 s17 r17 q18 q19';

const HAND_MADE: HandMade[] = [
  {
    name: 'CORE-7 / CPH-2: the king closes a shieldwall by escaping to a corner',
    variant: 'copenhagen',
    start: position(11, { k4: 'K', h1: 'T', i2: 'T', j2: 'T', i1: 't', j1: 't', a6: 't', f11: 't' }, 'd'),
    moves: ['k4-k1'],
    captures: ['i1', 'j1'],
    outcome: { status: 'finished', winner: 'defenders', reason: 'king_escaped' },
  },
  {
    name: 'CORE-7 / R-9: one move closes two shieldwalls, one of them against a corner',
    variant: 'copenhagen',
    start: position(11, { f6: 'K', ...pieces('T', 'b1 c1 e1 f1'), ...pieces('t', 'b2 c2 e2 f2 g1 d3 a6') }, 'a'),
    moves: ['d3-d1'],
    captures: ['b1', 'c1', 'e1', 'f1'],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
  {
    name: 'UNST-9: a king and a commander in a shieldwall row stay, the soldiers go',
    variant: 'unst-alea-evangelii',
    start: position(19, { ...pieces('t', 'c2 d2 e2 f2 g2 h1 b5 j15'), c1: 'T', d1: 'K', e1: 'C', f1: 'T', g1: 'T' }, 'a'),
    moves: ['b5-b1'],
    captures: ['c1', 'f1', 'g1'],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
  {
    name: 'UNST-5 / R-7: a commander beside the throned king, the occupied throne one of its three hostile sides',
    variant: 'unst-alea-evangelii',
    start: position(19, { j10: 'K', ...pieces('t', 'j11 i10 k10 i9 j5 a5 s15'), j9: 'C', c15: 'T' }, 'a'),
    moves: ['j5-j8'],
    captures: ['j9'],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
  {
    name: 'UNST-5: a soldier beside the throned king is captured against the occupied throne',
    variant: 'unst-alea-evangelii',
    start: position(19, { j10: 'K', ...pieces('t', 'j11 i10 k10 j5 a5 s15'), j9: 'T', c15: 'T' }, 'a'),
    moves: ['j5-j8'],
    captures: ['j9'],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
  {
    name: 'AEC-8: all corners blocked, the king moves along the edge',
    variant: 'alea-evangelii-citadels',
    start: position(19, { e1: 'K', k10: 'T', ...pieces('t', `${AEC_BLOCKERS} j15`) }, 'd'),
    moves: ['e1-g1'],
    captures: [],
    outcome: { status: 'finished', winner: 'defenders', reason: 'king_escaped' },
  },
  {
    name: 'AEC-8: one corner open, an edge square does not win',
    variant: 'alea-evangelii-citadels',
    start: position(19, { k5: 'K', k10: 'T', ...pieces('t', `${AEC_BLOCKERS.replace('q19', 'p19')} j15`) }, 'd'),
    moves: ['k5-k1'],
    captures: [],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
  {
    name: 'CORE-10: defenders inside a ring that touches the edge are not encircled',
    variant: 'copenhagen',
    start: position(11, { b1: 'K', c1: 'T', ...pieces('t', 'a2 b2 c2 d1 h8 h5') }, 'a'),
    moves: ['h5-h6'],
    captures: [],
    outcome: { status: 'ongoing', winner: null, reason: null },
  },
];

describe('differential: hand-made positions (reference checked against rules.md, then against the engine)', () => {
  it.each(HAND_MADE.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const v = refVariant(c.variant);
    const ref = RefGame.fromTfen(v, c.start);
    let last = { captures: [] as string[], outcome: ref.outcome };
    for (const m of c.moves) last = ref.apply(m);
    expect(last.captures).toEqual(c.captures);
    expect(last.outcome).toEqual(c.outcome);
    const stats: GameStats = { plies: 0, reasons: {}, captures: 0, kingCaptures: 0 };
    const m = runGame(v, 0, stats, { start: c.start, moves: c.moves });
    if (m) throw new Error(describeMismatch(m));
  });
});
