/**
 * The in-thread search: defences against wins in one, the repetition rule over the game's history,
 * reproducible seeded answers, the time budget, multiPv lines, and the levels.
 */
import { CompiledVariant } from '../../src/engine/compiled-variant';
import { loadState } from '../../src/engine/operations';
import { Position } from '../../src/engine/position';
import { LEVELS, MATE, SearchResult, checkSuggestOptions, seededNodeLimit, suggest } from '../../src/search';
import { ANSWER_RESERVE_MS } from '../../src/search/suggest';
import { blunders, board19, legalMoves, moveName, positionAt, tfen, variant } from './helpers';

/**
 * A clock that moves 1 ms each time it is read (the search reads it every few hundred nodes), so a
 * budget runs out after a fixed amount of search work, whatever the machine's load.
 */
function steppingClock() {
  const reads: number[] = [];
  return {
    reads,
    now: () => {
      const t = reads.length;
      reads.push(t);
      return t;
    },
  };
}

/**
 * For seeded searches: a clock that never moves, so their node limit alone stops them, as it does on any
 * machine fast enough (suggest.ts). On the real clock a cold or loaded run can stop one by time first
 * and change its answer.
 */
const STILL_CLOCK = { now: () => 0 };

/** A result without its timing, for comparing two searches. */
function withoutTime(r: SearchResult) {
  const { timeMs: _timeMs, ...rest } = r;
  return rest;
}

function stateAt(v: CompiledVariant, position: string, moves: string[]): Position {
  const s = loadState(v, { position, moves });
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return s.value.pos;
}

describe('no blunder into a loss in one when a defence exists', () => {
  const cases = [
    {
      id: 'copenhagen',
      what: 'the attackers block the king’s one open route (b10-b11 is the only block)',
      position: tfen(
        `
        11 + . K . t . . . . . +
        10 . t . . . . . . . . .
         9 . . . . . . . . . . .
         8 . . . . . . . . . . .
         7 . . . . . . . . . . .
         6 . . . . . + . . . . .
         5 . . . . . . T . . . .
         4 . . . . . . . . . . .
         3 . . . . t . . . . . .
         2 . . . . . . . . . . .
         1 + . . . . . . . . . +
           a b c d e f g h i j k
        `,
        'a',
      ),
    },
    {
      id: 'brandubh',
      what: 'the defenders parry d2-d5, which would capture the king on c5 against b5',
      position: tfen(
        `
        7 + . . . . . +
        6 . . . . . . .
        5 . t K . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . t . T .
        1 + . . . . . +
          a b c d e f g
        `,
        'd',
      ),
    },
    {
      id: 'tablut',
      what: 'the attackers block the king’s one line to the edge',
      position: tfen(
        `
        9 . . . . . . . . .
        8 . . . t . . . . .
        7 . . . . . . . . .
        6 . . t K t . . . .
        5 . . . . + . . . .
        4 . . . t . . . . .
        3 . . . . . . . . .
        2 . . . . . . . T .
        1 . . . . . . . . .
          a b c d e f g h i
        `,
        'a',
      ),
    },
    {
      id: 'alea-evangelii',
      what: 'the attackers block the king’s one route to s19 (n16-s16 is the only block)',
      position: board19(
        'a',
        `
        19 . . . . . +
        18 . . . . . .
        17 . . . . . .
        16 t . . . . .
        15 . . . . . K
        14 . . . . . T
           n o p q r s
        `,
        { T: ['c3', 'd3'], t: ['j9', 'a15'] },
      ),
    },
  ];
  it.each(cases.map((c) => [c.id, c.what, c] as const))('%s: %s', (_id, _what, c) => {
    const v = variant(c.id);
    const pos = positionAt(c.id, c.position);
    const traps = blunders(pos);
    expect(traps.length).toBeGreaterThan(0);
    expect(traps.length).toBeLessThan(legalMoves(pos).length);
    for (const level of [1, 5, 10]) {
      for (const seed of [1, 2, 3]) {
        const r = suggest(v, pos, { level, budgetMs: 300, seed }, STILL_CLOCK);
        expect(traps, `level ${level} seed ${seed} chose ${moveName(v, r.bestMove!)}`).not.toContain(r.bestMove);
        // Not lost at once (a longer loss may still be there on these sparse boards).
        expect(r.lines[0].score).toBeGreaterThan(-(MATE - 2));
      }
    }
  });
});

describe('the repetition rule, over the whole game history', () => {
  it('copenhagen (the third occurrence loses for its mover): the only block would repeat, so the attackers lose in 2 rather than 1', () => {
    const v = variant('copenhagen');
    // A, defenders to move; the attackers' b11 blocks the king's way to a11.
    const a = tfen(
      `
      11 + t K . t . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . . . .
       8 . . . . . . . . . . .
       7 . . . . . . . . . . .
       6 . . . . . + . . . . .
       5 . . . . . . T . . . .
       4 . . . . . . . . . . .
       3 . . . . t . . . . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
      `,
      'd',
    );
    // A twice, then one more cycle up to the attackers' move: b10-b11 would make A a third time.
    const history = ['g5-g4', 'b11-b10', 'g4-g5', 'b10-b11', 'g5-g4', 'b11-b10', 'g4-g5'];
    const pos = stateAt(v, a, history);
    const withHistory = suggest(v, pos, { level: 10, budgetMs: 1000, seed: 1, maxDepth: 4 }, STILL_CLOCK);
    expect(moveName(v, withHistory.bestMove!)).not.toBe('b10-b11');
    expect(withHistory.lines[0].score).toBe(-(MATE - 2));
    // Three plies in, the board is the same and A has occurred once: b10-b11, the only block, is best.
    const board = stateAt(v, a, history.slice(0, 3));
    const r = suggest(v, board, { level: 10, budgetMs: 1000, seed: 1, maxDepth: 4 }, STILL_CLOCK);
    expect(moveName(v, r.bestMove!)).toBe('b10-b11');
    expect(r.lines[0].score).toBeGreaterThan(-(MATE - 2));
  });

  it('tablut (the third occurrence draws): a lost side takes the draw by repetition', () => {
    const v = variant('tablut');
    const a = tfen(
      `
      9 . . . . . . . . .
      8 . . . . . . . t .
      7 . . . . . . . . .
      6 . . . . . . . . .
      5 . . . . + T . . .
      4 . . . . . . . . .
      3 . . K . . . . . .
      2 . . . . . . . . .
      1 . . . . . . . . .
        a b c d e f g h i
      `,
      'd',
    );
    const history = ['f5-f6', 'h8-h7', 'f6-f5', 'h7-h8', 'f5-f6', 'h8-h7', 'f6-f5'];
    const pos = stateAt(v, a, history);
    const r = suggest(v, pos, { level: 10, budgetMs: 1000, seed: 1, maxDepth: 3 }, STILL_CLOCK);
    expect(moveName(v, r.bestMove!)).toBe('h7-h8');
    expect(r.lines[0].score).toBe(0);
    // Earlier in the same cycle the repetition is not there yet: every move loses in 2.
    const early = stateAt(v, a, history.slice(0, 3));
    expect(suggest(v, early, { level: 10, budgetMs: 1000, seed: 1, maxDepth: 3 }, STILL_CLOCK).lines[0].score).toBe(-(MATE - 2));
  });
});

describe('reproducible answers with a seed', () => {
  it.each(['copenhagen', 'brandubh', 'alea-evangelii'])('%s: the same seed gives the same answer, whatever was searched before', (id) => {
    const v = variant(id);
    const opts = { level: 7, budgetMs: 400, multiPv: 3, seed: 42 };
    const first = suggest(v, Position.start(v), opts, STILL_CLOCK);
    suggest(variant('tablut'), Position.start(variant('tablut')), { level: 10, budgetMs: 100 });
    const second = suggest(v, Position.start(v), opts, STILL_CLOCK);
    expect(withoutTime(second)).toEqual(withoutTime(first));
    expect(['depth', 'nodes', 'mate', 'only-move']).toContain(first.stoppedBy);
    expect(first.nodes).toBeLessThanOrEqual(seededNodeLimit(v, opts.budgetMs));
  });

  it('noise follows the seed at level 1; without noise (level 10) the seed changes nothing', () => {
    const v = variant('brandubh');
    const level1 = new Set<number>();
    const level10 = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) {
      level1.add(suggest(v, Position.start(v), { level: 1, budgetMs: 200, seed }, STILL_CLOCK).bestMove!);
      level10.add(JSON.stringify(withoutTime(suggest(v, Position.start(v), { level: 10, budgetMs: 100, seed }, STILL_CLOCK))));
    }
    expect(level1.size).toBeGreaterThan(1);
    expect(level10.size).toBe(1);
  });

  it('the position is restored after the search', () => {
    const v = variant('copenhagen');
    const pos = stateAt(v, `${v.rules.layout} a`, ['d1-d3']);
    const before = { board: Array.from(pos.board), hi: pos.hashHi, lo: pos.hashLo, ply: pos.ply, side: pos.side };
    suggest(v, pos, { level: 10, budgetMs: 150 });
    expect({ board: Array.from(pos.board), hi: pos.hashHi, lo: pos.hashLo, ply: pos.ply, side: pos.side }).toEqual(before);
  });
});

describe('the time budget', () => {
  it.each(['copenhagen', 'alea-evangelii'])('%s: level 10 searches until its 200 ms budget runs out, and answers within it', (id) => {
    const v = variant(id);
    const clock = steppingClock();
    const r = suggest(v, Position.start(v), { level: 10, budgetMs: 200 }, { now: clock.now });
    expect(r.stoppedBy).toBe('time');
    expect(r.depth).toBeGreaterThanOrEqual(1);
    // The first reading is the budget's start and the last the answer's timeMs; the search's own come between.
    const searchReads = clock.reads.slice(1, -1);
    const deadline = 200 - ANSWER_RESERVE_MS;
    // Level 10 uses the budget: the clock moves 1 ms a reading, so it stopped at the first reading that reached the
    // deadline, neither before nor after.
    expect(searchReads[searchReads.length - 1]).toBe(deadline);
    expect(r.timeMs).toBeLessThanOrEqual(200);
  });

  it('a tiny budget still answers a legal move', () => {
    const v = variant('unst-alea-evangelii');
    const pos = Position.start(v);
    const r = suggest(v, pos, { level: 10, budgetMs: 1 });
    expect(legalMoves(pos)).toContain(r.bestMove);
  });
});

describe('multiPv', () => {
  it.each(['copenhagen', 'brandubh', 'tablut'])('%s: five lines with distinct first moves, best first', (id) => {
    const v = variant(id);
    const r = suggest(v, Position.start(v), { level: 8, budgetMs: 1000, multiPv: 5, seed: 5 }, STILL_CLOCK);
    expect(r.lines).toHaveLength(5);
    const firsts = r.lines.map((l) => l.moves[0]);
    expect(new Set(firsts).size).toBe(5);
    for (let i = 1; i < r.lines.length; i++) expect(r.lines[i].score).toBeLessThanOrEqual(r.lines[i - 1].score);
    expect(r.bestMove).toBe(firsts[0]);
    // Every line is a legal sequence from the position.
    for (const l of r.lines) expect(legalMoves(Position.start(v))).toContain(l.moves[0]);
  });

  it('no more lines than legal moves; a win is listed first with its exact score', () => {
    const v = variant('brandubh');
    // The defenders' only piece, the king on b6, has two moves: b6-a6 and b6-b7.
    const pos = positionAt(
      'brandubh',
      tfen(
        `
        7 + . t . . . +
        6 . K t . . . .
        5 . t . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
        `,
        'd',
      ),
    );
    const moves = legalMoves(pos).map((m) => moveName(v, m));
    expect(moves.sort()).toEqual(['b6-a6', 'b6-b7']);
    const r = suggest(v, pos, { level: 10, budgetMs: 500, multiPv: 5, seed: 1 }, STILL_CLOCK);
    expect(r.lines).toHaveLength(2);
    expect(r.lines.map((l) => moveName(v, l.moves[0])).sort()).toEqual(['b6-a6', 'b6-b7']);
    expect(r.lines[0].score).toBeGreaterThanOrEqual(r.lines[1].score);
  });
});

describe('levels', () => {
  it('the table runs 1..10 with depth and budget share rising and noise falling; level 10 has no depth cap to speak of', () => {
    expect(LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < LEVELS.length; i++) {
      expect(LEVELS[i].maxDepth).toBeGreaterThanOrEqual(LEVELS[i - 1].maxDepth);
      expect(LEVELS[i].noise).toBeLessThanOrEqual(LEVELS[i - 1].noise);
    }
    expect(LEVELS[9]).toMatchObject({ noise: 0, budgetShare: 1 });
    // Each level searches at least the share of the one below, and 8, 9 and 10 each more: depth caps
    // alone did not rank the top levels.
    for (let i = 1; i < LEVELS.length; i++) expect(LEVELS[i].budgetShare).toBeGreaterThanOrEqual(LEVELS[i - 1].budgetShare);
    for (const i of [7, 8, 9]) expect(LEVELS[i].budgetShare).toBeGreaterThan(LEVELS[i - 1].budgetShare);
    expect(LEVELS[9].maxDepth).toBeGreaterThanOrEqual(32);
  });

  it('a level searches its share of a seeded budget: level 9 half the nodes of level 10', () => {
    const v = variant('copenhagen');
    const opts = { budgetMs: 200, seed: 1 };
    const r9 = suggest(v, Position.start(v), { ...opts, level: 9 }, STILL_CLOCK);
    const r10 = suggest(v, Position.start(v), { ...opts, level: 10 }, STILL_CLOCK);
    expect(r9.nodes).toBeLessThanOrEqual(seededNodeLimit(v, 100));
    expect(r10.nodes).toBeGreaterThan(seededNodeLimit(v, 100));
  });

  it('level 1 answers fast, at depth 1', () => {
    const v = variant('copenhagen');
    const r = suggest(v, Position.start(v), { level: 1, budgetMs: 5000 }, { now: steppingClock().now });
    expect(r.depth).toBe(1);
    expect(r.stoppedBy).toBe('depth');
    // On the stepping clock: under a fifth of its budget's worth of search.
    expect(r.timeMs).toBeLessThan(1000);
    expect(r.level).toBe(1);
  });

  it('options are checked: every problem listed with its field', () => {
    const r = checkSuggestOptions({ level: 11, budgetMs: 6000, multiPv: 0, seed: 1.5 });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.map((p) => [p.code, p.field])).toEqual([
        ['BAD_LEVEL', 'level'],
        ['BAD_BUDGET', 'budgetMs'],
        ['BAD_MULTI_PV', 'multiPv'],
        ['BAD_SEED', 'seed'],
      ]);
    expect(checkSuggestOptions({})).toEqual({ ok: true, value: { level: 5, budgetMs: 1000, multiPv: 1 } });
    expect(() => suggest(variant('brandubh'), Position.start(variant('brandubh')), { level: 0, budgetMs: 10 })).toThrow(RangeError);
  });

  it('a finished game has no best move', () => {
    const v = variant('brandubh');
    const over = stateAt(
      v,
      tfen(
        `
        7 + . . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . .
        3 t . . . . . .
        2 K . . . . . .
        1 + . . . . . +
          a b c d e f g
        `,
        'd',
      ),
      ['a2-a1'],
    );
    const r = suggest(v, over, { level: 5, budgetMs: 100 });
    expect(r).toMatchObject({ bestMove: null, lines: [], stoppedBy: 'game-over', depth: 0 });
  });
});
