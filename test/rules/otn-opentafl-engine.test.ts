/**
 * Classes of positions where OpenTafl's engine (jslater89/OpenTafl 6895051)
 * and a plain reading of its notation could part (docs/otn.md, "OpenTafl's engine, class by class"):
 * each is either followed (the variant read from the string plays as OpenTafl's engine does) or kept
 * (the project's reading, with OpenTafl's answer for the same position written beside it). Every
 * variant here is read from an OpenTafl rules string on 7×7; positions are drawn, the attackers'
 * extra soldiers only keep the game going.
 */
import { CompiledVariant, applyMove, compileVariant, legalMoves } from '../../src/engine';
import { parseOtn } from '../../src/records/otn-parse';
import { brief, ONGOING, tfen, twice, won } from '../helpers/rules';

const BRANDUB = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

function fromString(text: string): CompiledVariant {
  const r = parseOtn(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return compileVariant('otn', r.value.rules);
}

/** The notation of `move` played from `position`, and the outcome after it. */
function play(v: CompiledVariant, position: string, move: string) {
  const r = applyMove(v, { position }, move);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return { notation: r.value.move.notation, outcome: brief(r.value.outcome) };
}

describe('OTN-2 (R-4) an unarmed or hammer-only king on the throne leaves it as hostile to attackers as cenh says', () => {
  // OpenTafl BoardImpl.isSpaceHostileTo: a square holding such a king answers the square's own
  // hostility (cenh's `t`, in the default set), so d5 is taken against the occupied throne.
  const position = tfen(
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
  it('OTN-2 ka:n and ka:h with the default cenh: g6-d6 captures d5 against the throne the king stands on', () => {
    for (const ka of ['n', 'h']) expect(play(fromString(`dim:7 ka:${ka} start:${BRANDUB}`), position, 'g6-d6').notation).toBe('g6-d6xd5');
  });
  it('OTN-2 cenh without attackers (cenh:): no capture, as in OpenTafl', () => {
    expect(play(fromString(`dim:7 ka:n cenh: start:${BRANDUB}`), position, 'g6-d6').notation).toBe('g6-d6');
  });
});

describe('OTN-9 a king of any arms fronts and closes a shieldwall read from an OpenTafl string', () => {
  // OpenTafl BoardImpl.detectShieldwallPositionsForSide and GameState.checkShieldwallPositionForCaptures
  // count any piece of the side, the king too, and never ask `ka`.
  const front = tfen(
    `
      7 + . . . . t +
      6 . . . . . . .
      5 . . . . . . .
      4 . . T . . . .
      3 . . . . . . .
      2 . . . K . . .
      1 + T t t T . +
        a b c d e f g
    `,
    'd',
  );
  it('OTN-9 swf:n, the hammer-only (or unarmed) king on d2 fronts d1: c4-c2 captures c1 and d1', () => {
    for (const ka of ['y', 'h', 'n', 'a']) {
      const v = fromString(`dim:7 ka:${ka} sw:w swf:n cen: start:${BRANDUB}`);
      expect(play(v, front, 'c4-c2').notation, `ka:${ka}`).toBe('c4-c2xc1/d1');
    }
  });
  it('OTN-9 the same rules without it (the king limited by his arms, R-4): no capture', () => {
    const r = parseOtn(`dim:7 ka:h sw:w swf:n cen: start:${BRANDUB}`);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const limited = compileVariant('limited', { ...r.value.rules, shieldwall: { cornersMayClose: false, moverMustClose: false } });
    expect(play(limited, front, 'c4-c2').notation).toBe('c4-c2');
  });
  it('OTN-9 swf:n, an unarmed king moving to b1 closes the row c1 d1 fronted by c2 d2', () => {
    const closing = tfen(
      `
        7 + . . . . t +
        6 . . . . . . .
        5 . . . . . . .
        4 . K . . . . .
        3 . . . . . . .
        2 . . T T . . .
        1 + . t t T . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(fromString(`dim:7 ka:n sw:w swf:n cen: start:${BRANDUB}`), closing, 'b4-b1').notation).toBe('b4-b1xc1/d1');
  });
});

describe('OTN-5 (R-9) kept reading: a relaxed shieldwall takes only rows of the mover’s enemies fronted by the mover', () => {
  // OpenTafl's detectShieldwallPositionsForSide also finds a row of attackers fronted and closed by
  // attackers; with swf:n any defender move, here on the far edge, removes c1 and d1. Not followed.
  const position = tfen(
    `
      7 + . . . . . +
      6 T . . . . . T
      5 . . . . . . .
      4 . . . K . . T
      3 . . . . . . .
      2 . . t t . . .
      1 + t t t t . +
        a b c d e f g
    `,
    'd',
  );
  it('OTN-5 a6-a5 captures nothing: c1 and d1 are fronted by their own side (OpenTafl removes them)', () => {
    expect(play(fromString(`dim:7 sw:w swf:n start:${BRANDUB}`), position, 'a6-a5')).toEqual({ notation: 'a6-a5', outcome: ONGOING });
  });
  it('OTN-5 b3-g3 captures nothing: f1 g1 lie open at the board corner (OpenTafl carries the row into the next edge and removes it)', () => {
    // The scan keeps a row still open at the end of one edge (f1 g1, from e1) and ends it on the next edge
    // wherever a row of its own ends: here at the king arriving on g3, two squares away.
    const corner = tfen(
      `
        7 t . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . K . . . . .
        2 . . . . . T T
        1 . . . . T t t
          a b c d e f g
      `,
      'd',
    );
    expect(play(fromString(`dim:7 cor: sw:w swf:n start:${BRANDUB}`), corner, 'b3-g3')).toEqual({ notation: 'b3-g3', outcome: ONGOING });
  });
});

describe('CORE-11 (R-10) kept reading for efe:y: the king on the edge, and a hostile corner inside the fort counts', () => {
  const efe = fromString(`dim:7 efe:y start:${BRANDUB}`);
  it('CORE-11 (a) the king on d2 who can reach d1 inside the fort is not in an exit fort (OpenTafl: defenders win)', () => {
    const offEdge = tfen(
      `
        7 + t . . . t +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . T
        3 . . T T T . .
        2 . . T K T . .
        1 + . T . T . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(efe, offEdge, 'g4-g5').outcome).toEqual(ONGOING);
  });
  it('CORE-11 (d) a2 beside the hostile corner a1 inside the fort can be taken from a3: no exit fort (OpenTafl: defenders win)', () => {
    const corner = tfen(
      `
        7 + t . . . t +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . T
        3 . . . . . . .
        2 T T . . . . .
        1 + K T . . . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(efe, corner, 'g4-g5').outcome).toEqual(ONGOING);
    const guarded = tfen(
      `
        7 + t . . . t +
        6 . . . . . . .
        5 . . . . . . .
        4 . . . + . . T
        3 T . . . . . .
        2 T T . . . . .
        1 + K T . . . +
          a b c d e f g
      `,
      'd',
    );
    expect(play(efe, guarded, 'g4-g5').outcome).toEqual(won('defenders', 'exit_fort'));
  });
});

describe('OTN-6 (R-12) followed: tfr:i draws the third repetition, as OpenTafl’s loader reads it', () => {
  // RulesSerializer.getThreefoldResultForString has no case for `i` and answers a draw; OpenTafl writes
  // `tfr:i` for a ruleset that ignores repetition, and then plays it as `tfr:d`.
  const position = tfen(
    `
      7 + t . . . . +
      6 . . . . . . .
      5 . . . . . . .
      4 . . . + . . .
      3 . . . . . . .
      2 . . . K . . .
      1 + . . . . . +
        a b c d e f g
    `,
    'd',
  );
  const cycle = ['d2-c2', 'b7-b6', 'c2-d2', 'b6-b7'];
  it.each(['i', 'd'])('OTN-6 tfr:%s: the position after b6-b7 occurs the third time: a draw (OpenTafl: draw for both)', (tfr) => {
    const v = fromString(`dim:7 tfr:${tfr} start:${BRANDUB}`);
    const r = applyMove(v, { position, moves: [...twice(cycle)].slice(0, 7) }, 'b6-b7');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(brief(r.value.outcome)).toEqual(won('draw', 'repetition'));
  });
});

describe('CORE-7 (R-9) kept reading: a strict shieldwall closed by a piece’s first move captures', () => {
  // GameState.checkShieldwallPositionForCaptures under swf:y looks for the moving piece among the row's
  // fronts and ends as they stand after the move, marked as having moved (Taflman.DEVELOPED), with the
  // piece as it stood before: a piece that never moved is not found, and nothing is taken. Not a rule.
  const position = tfen(
    `
      7 + . . . . . +
      6 . . . . . . .
      5 t . . K . . .
      4 . . . + . . .
      3 . . . . . T .
      2 . . T T T . .
      1 + T t t t . +
        a b c d e f g
    `,
    'd',
  );
  it('CORE-7 sw:w: f3-f1, the closer’s first move, takes c1 d1 e1 (OpenTafl: nothing; after f3-f4 a5-a6 f4-f1 both take the row)', () => {
    expect(play(fromString(`dim:7 sw:w start:${BRANDUB}`), position, 'f3-f1').notation).toBe('f3-f1xc1/d1/e1');
  });
});

describe('CORE-9 (R-16) kept reading: defenders lose for want of a legal move, jumps included, when they are to move', () => {
  // GameState.checkVictory ends the game for the attackers after any move once no defender has an empty
  // neighbour, which leaves out jumps. Only a jump can wall in the piece that moved (it lands beyond an
  // occupied square), and a jumper so walled in may still have jumps.
  const position = tfen(
    `
      7 + t . . . . +
      6 . . . . . . t
      5 . . . . K t .
      4 . . . + . . t
      3 . . . . . . .
      2 . . . . . . .
      1 + . . . . . +
        a b c d e f g
    `,
    'd',
  );
  const v = fromString(`dim:7 kj:j corh: start:${BRANDUB}`);
  it('CORE-9 kj:j, K e5-g5 jumps into a pocket: the game goes on (OpenTafl: the attackers win)', () => {
    expect(play(v, position, 'e5-g5').outcome).toEqual(ONGOING);
  });
  it('CORE-9 after b7-b6 the king, walled in, jumps out: g5-e5, g5-g3 or to the corner g7', () => {
    const r = legalMoves(v, { position, moves: ['e5-g5', 'b7-b6'] });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.moves.map((m) => m.notation).sort()).toEqual(['g5-e5', 'g5-g3', 'g5-g7']);
  });
});
