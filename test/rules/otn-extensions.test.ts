/**
 * The engine parameters added so that OpenTafl rules strings can be played exactly (docs/otn.md,
 * "Engine extensions"): one test per extension id, each on a drawn 7×7 position of a custom variant
 * derived from Brandubh (throne d4, corners a1 a7 g1 g7), so only the parameter under test differs.
 */
import { CompiledVariant, applyMove, evaluateOutcome, legalMoves } from '../../src/engine';
import { CustomVariantInput, compileCustomVariant } from '../../src/variants';
import { brief, tfen, twice, won } from '../helpers/rules';

function variant(input: CustomVariantInput): CompiledVariant {
  const v = compileCustomVariant(input);
  if (!v.ok) throw new Error(JSON.stringify(v.error));
  return v.value;
}

/** The notation of `move` played from `position`, or the reason it is refused. */
function play(v: CompiledVariant, position: string, move: string, history: string[] = []): string {
  const r = applyMove(v, { position, moves: history }, move);
  if (r.ok) return r.value.move.notation;
  return r.error.kind === 'illegal-move' ? r.error.illegal.reason : `bad input: ${JSON.stringify(r.error.errors)}`;
}

const brandubh = (overrides: Omit<CustomVariantInput, 'base'>): CompiledVariant => variant({ base: 'brandubh', ...overrides });

describe('OTN-1 who may stop on or pass a throne or corner is any side, the king, everyone but the king, all or nobody', () => {
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        7 + . . . . . +
        6 . . . . K . .
        5 . . . . . . .
        4 t . . + . . T
        3 . . . . . . .
        2 T . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      side,
    );
  const attackersOnly = brandubh({ throne: { whoMayStop: 'attackers', whoMayPass: 'attackers' } });
  const soldiers = brandubh({ corners: { whoMayStop: 'soldiers', whoMayPass: 'soldiers' } });

  it('OTN-1 throne for attackers: an attacker stops on it, a defender may not pass it', () => {
    expect(play(attackersOnly, position('a'), 'a4-d4')).toBe('a4-d4');
    expect(play(attackersOnly, position('d'), 'g4-b4')).toBe('RESTRICTED_SQUARE');
    expect(play(attackersOnly, position('d'), 'g4-e4')).toBe('g4-e4');
  });

  it('OTN-1 corners for soldiers: a defender soldier stops on a1, the king may not stop on a corner', () => {
    expect(play(soldiers, position('d'), 'a2-a1')).toBe('a2-a1');
    const kingNextToCorner = tfen(
      `
        7 + K . . . . +
        6 . . . . . . .
        5 . . . . . . .
        4 t . . + . . T
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . . . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(soldiers, kingNextToCorner, 'b7-a7')).toBe('RESTRICTED_SQUARE');
  });

  it('OTN-1 throne for defender soldiers only: g4-d4 stops on it, a4-d4 may not; for attackers and king: the other way round', () => {
    const defenderSoldiers = brandubh({ throne: { whoMayStop: 'defenderSoldiers', whoMayPass: 'defenderSoldiers' } });
    const attackersAndKing = brandubh({ throne: { whoMayStop: 'attackersAndKing', whoMayPass: 'attackersAndKing' } });
    expect(play(defenderSoldiers, position('d'), 'g4-d4')).toBe('g4-d4');
    expect(play(defenderSoldiers, position('a'), 'a4-d4')).toBe('RESTRICTED_SQUARE');
    expect(play(attackersAndKing, position('a'), 'a4-d4')).toBe('a4-d4');
    expect(play(attackersAndKing, position('d'), 'g4-b4')).toBe('RESTRICTED_SQUARE');
  });
});

describe('OTN-2 a special square may be hostile only while occupied', () => {
  // An unarmed king on the throne is no anvil himself: only the throne's hostility can take d5.
  const v = brandubh({ king: { armed: false }, throne: { hostileTo: { attackers: 'occupied', defenders: 'never', king: 'never' } } });
  it('OTN-2 an attacker beside the occupied throne is captured against it; beside the empty throne it is not', () => {
    const occupied = tfen(
      `
        7 + . . . . . +
        6 . . . . . . T
        5 . . . t . . .
        4 . . . K . . .
        3 . . . . . . .
        2 . . . . . . .
        1 + . . . t . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(v, occupied, 'g6-d6')).toBe('g6-d6xd5');
    const empty = tfen(
      `
        7 + . . . . . +
        6 . . . . . . T
        5 . . . t . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . . . . K .
        1 + . . . t . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(v, empty, 'g6-d6')).toBe('g6-d6');
  });
});

describe('OTN-3 the king may be armed as a hammer only or as an anvil only', () => {
  const hammer = brandubh({ king: { armedAs: 'hammer' } });
  const anvil = brandubh({ king: { armedAs: 'anvil' } });
  const kingMoves = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 K . t T . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . . . . . . .
      1 + . . t . . +
        a b c d e f g
    `,
    'd',
  );
  const soldierMoves = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 . K t . . . T
      4 . . . + . . .
      3 . . . . . . .
      2 . . . . . . .
      1 + . . t . . +
        a b c d e f g
    `,
    'd',
  );
  it('OTN-3 hammer only: his own move captures c5 against d5, but a soldier cannot capture c5 against him', () => {
    expect(play(hammer, kingMoves, 'a5-b5')).toBe('a5-b5xc5');
    expect(play(hammer, soldierMoves, 'g5-d5')).toBe('g5-d5');
  });
  it('OTN-3 anvil only: a soldier captures c5 against him, his own move captures nothing', () => {
    expect(play(anvil, soldierMoves, 'g5-d5')).toBe('g5-d5xc5');
    expect(play(anvil, kingMoves, 'a5-b5')).toBe('a5-b5');
  });
});

describe('OTN-4 a shieldwall may be one that corners cannot close (weak), and a corner closes only while hostile to the row', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . K . .
      5 . . . . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . t t . . . .
      1 + T T . . t +
        a b c d e f g
    `,
    'a',
  );
  const strong = brandubh({ shieldwall: { cornersMayClose: true, moverMustClose: true } });
  const weak = brandubh({ shieldwall: { cornersMayClose: false, moverMustClose: true } });
  const notHostile = brandubh({
    shieldwall: { cornersMayClose: true, moverMustClose: true },
    corners: { hostileTo: { attackers: 'always', defenders: 'never', king: 'never' } },
  });
  it('OTN-4 the corner a1 closes b1 c1 with the moved f1-d1 (strong); weak: no capture; a corner not hostile to defenders: none', () => {
    expect(play(strong, position, 'f1-d1')).toBe('f1-d1xb1/c1');
    expect(play(weak, position, 'f1-d1')).toBe('f1-d1');
    expect(play(notHostile, position, 'f1-d1')).toBe('f1-d1');
  });
});

describe('OTN-5 a shieldwall may capture without the moved piece closing it (OpenTafl swf:n)', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . K . .
      5 . . t . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . t . . . . .
      1 + T T t . . +
        a b c d e f g
    `,
    'a',
  );
  const anyMove = brandubh({ shieldwall: { cornersMayClose: true, moverMustClose: false } });
  const strict = brandubh({ shieldwall: { cornersMayClose: true, moverMustClose: true } });
  it('OTN-5 the front piece c5-c2 completes the formation: captured without flanking, not in the strict form', () => {
    expect(play(anyMove, position, 'c5-c2')).toBe('c5-c2xb1/c1');
    expect(play(strict, position, 'c5-c2')).toBe('c5-c2');
  });
});

describe('OTN-6 the move that creates the Nth occurrence may win for its player', () => {
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . K . .
      5 . . . . . . .
      4 t . . + . . T
      3 . . . . . . .
      2 . . . . . . .
      1 + . . . . . +
        a b c d e f g
    `,
    'a',
  );
  const cycle = twice(['a4-a5', 'g4-g5', 'a5-a4', 'g5-g4']);
  it('OTN-6 mover-wins: the defenders create the third occurrence and win; mover-loses: they lose', () => {
    const wins = brandubh({ repetition: { occurrences: 3, result: 'mover-wins' }, encirclement: false });
    const loses = brandubh({ repetition: { occurrences: 3, result: 'mover-loses' }, encirclement: false });
    const outcome = (v: CompiledVariant) => {
      const r = evaluateOutcome(v, { position, moves: cycle });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return brief(r.value.outcome);
    };
    expect(outcome(wins)).toEqual(won('defenders', 'repetition'));
    expect(outcome(loses)).toEqual(won('attackers', 'repetition'));
  });
});

describe('OTN-7 every square of a 2×2 corner block may be an escape square', () => {
  const position = tfen(
    `
      7 + + . . . + +
      6 + + . . . + +
      5 . . . . . . .
      4 . K . + . . t
      3 . . . . . . .
      2 + + . . . + +
      1 + + . . . + +
        a b c d e f g
    `,
    'd',
  );
  const blocks = (goal: 'point' | 'block') => brandubh({ corners: { blockSize: 2, goal } });
  it('OTN-7 goal block: the king on b2 has escaped; goal point: he has not', () => {
    const escaped = applyMove(blocks('block'), { position }, 'b4-b2');
    const notYet = applyMove(blocks('point'), { position }, 'b4-b2');
    expect(escaped.ok && brief(escaped.value.outcome)).toEqual(won('defenders', 'king_escaped'));
    expect(notYet.ok && notYet.value.outcome.status).toBe('ongoing');
  });
});

describe('OTN-8 corner escape on a board without corners: the king cannot escape', () => {
  it('OTN-8 the king on a1 of a board without corners has not escaped', () => {
    const v = brandubh({ corners: null, escape: 'corners' });
    const position = tfen(
      `
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . t
        3 . . . . . . .
        2 K . . . . . .
        1 . . . . . . .
          a b c d e f g
      `,
      'd',
    );
    const r = applyMove(v, { position }, 'a2-a1');
    expect(r.ok && r.value.outcome.status).toBe('ongoing');
  });
});

describe('OTN-9 a shieldwall may count the king whatever his arms (OpenTafl shieldwalls never ask ka)', () => {
  const position = tfen(
    `
      7 + . . . . t +
      6 . . . . . . .
      5 . . . . . . .
      4 . . T + . . .
      3 . . . . . . .
      2 . . . K . . .
      1 + T t t T . +
        a b c d e f g
    `,
    'd',
  );
  const hammerOnly = (kingAlwaysArmed: boolean) =>
    brandubh({
      king: { armed: true, armedAs: 'hammer' },
      shieldwall: { cornersMayClose: false, moverMustClose: false, ...(kingAlwaysArmed ? { kingAlwaysArmed } : {}) },
    });
  it('OTN-9 the hammer-only king on d2 fronts d1: c4-c2 captures c1 and d1; without the parameter he is no front', () => {
    expect(play(hammerOnly(true), position, 'c4-c2')).toBe('c4-c2xc1/d1');
    expect(play(hammerOnly(false), position, 'c4-c2')).toBe('c4-c2');
  });
});

describe('OTN-10 speedLimits: each kind of piece moves at most its limit a move (OpenTafl spd)', () => {
  const position = (side: 'a' | 'd') =>
    tfen(
      `
        7 + . . . . . +
        6 . . . . . . .
        5 . t . . . . .
        4 . . . + . . .
        3 . . . . . . .
        2 . . K . . . T
        1 + . . . . . +
          a b c d e f g
      `,
      side,
    );
  const limited = brandubh({ speedLimits: { attackers: 2, defenders: 3, king: 1 } });
  it('OTN-10 attackers 2, defenders 3, king 1: b5-d5, g2-d2 and c2-c3 play; b5-e5, g2-g6 and c2-c4 are RESTRICTED_SQUARE', () => {
    expect(play(limited, position('a'), 'b5-d5')).toBe('b5-d5');
    expect(play(limited, position('a'), 'b5-e5')).toBe('RESTRICTED_SQUARE');
    expect(play(limited, position('a'), 'b5-b2')).toBe('RESTRICTED_SQUARE');
    expect(play(limited, position('d'), 'g2-d2')).toBe('g2-d2');
    expect(play(limited, position('d'), 'g2-g6')).toBe('RESTRICTED_SQUARE');
    expect(play(limited, position('d'), 'c2-c3')).toBe('c2-c3');
    expect(play(limited, position('d'), 'c2-c4')).toBe('RESTRICTED_SQUARE');
  });
  it('OTN-10 the legal moves are exactly the moves within the limits (generation and move checks agree)', () => {
    const moves = (v: CompiledVariant, side: 'a' | 'd') => {
      const r = legalMoves(v, { position: position(side) });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return r.value.moves.map((m) => m.notation).sort();
    };
    expect(moves(limited, 'a')).toEqual(['b5-a5', 'b5-b3', 'b5-b4', 'b5-b6', 'b5-b7', 'b5-c5', 'b5-d5']);
    expect(moves(limited, 'd')).toEqual(['c2-b2', 'c2-c1', 'c2-c3', 'c2-d2', 'g2-d2', 'g2-e2', 'g2-f2', 'g2-g3', 'g2-g4', 'g2-g5']);
    expect(moves(brandubh({}), 'a')).toHaveLength(12);
    for (const side of ['a', 'd'] as const) for (const m of moves(limited, side)) expect(play(limited, position(side), m)).toBe(m);
  });
  it('OTN-10 an all-null or board-wide limit is no limit and is dropped, so the rules keep one form', () => {
    expect(brandubh({ speedLimits: { attackers: null, defenders: 6, king: null } }).rules.speedLimits).toBeUndefined();
    expect(limited.rules.speedLimits).toEqual({ attackers: 2, defenders: 3, king: 1 });
  });
});
