/**
 * OpenTafl records of Berserk games (OTN-13): a capture lets the same piece move again (`=`), knights
 * and commanders jump (`^`), and OpenTafl numbers the turns by its own rule, so a turn can hold three
 * moves. The moves are the starts of two seeded random games played by OpenTafl's own engine, and the
 * expected lines OpenTafl's record of them (GameSerializer), both kept here as literals.
 */
import { GameState, loadState } from '../../src/engine';
import { GameEntity } from '../../src/games/entities/game.entity';
import { parseGameRecord, readGameRecord, writeGameRecord } from '../../src/games/game-record';
import { toOtg } from '../../src/records/otg';
import { BUILT_IN_DEFINITIONS, builtInVariant } from '../../src/variants';

const ID = 'opentafl-berserk';
const v = builtInVariant(ID)!;
const def = BUILT_IN_DEFINITIONS.find((d) => d.meta.id === ID)!;
const entry = { meta: def.meta, rules: def.rules, compiled: v, builtIn: true };
const RULES =
  'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c starti:/3ttttt3/5c5/11/t4T4t/t3TTT3t/tc1TTKTT1ct/t3NTT3t/t4T4t/11/5c5/3ttttt3/';

/** 90 plies: a capture, a knight's jump that captures and its further jump (`^=`), a plain `=`. */
const LONG = [
  'h6-h5',
  'k4-j4',
  'h5-h2',
  'b6-c6',
  'd6-d8',
  'k8-k9',
  'e7-e8',
  'k9-h9',
  'g5-h5',
  'h9-h8',
  'g7-i7',
  'a4-d4',
  'f7-h7',
  'd1-b1',
  'h5-h6',
  'h8-g8',
  'i7-i1',
  'j4-j1',
  'e8-e7',
  'b1-b10',
  'f5-g5',
  'c6-c5',
  'e7-f7',
  'h11-h10',
  'h2-g2',
  'h10-h8',
  'h6-h4',
  'k7-k8',
  'e6-e10',
  'c5-c11',
  'd8-b8',
  'j1-j5',
  'b8-d8',
  'a5-d5',
  'f4-f5',
  'e1-b1',
  'd8-e8',
  'd5-c5',
  'e5-d5',
  'a6-e6',
  'h4-h6',
  'e6-e3',
  'f6-b6',
  'k8-i8',
  'g5-g4',
  'a7-d7',
  'd5-d3',
  'd3-f3',
  'c5-c10',
  'e8-e1',
  'g11-j11',
  'e10-d10',
  'f11-i11',
  'b6-f6',
  'b1-b7',
  'g4-i4',
  'h1-i1',
  'e1-b1',
  'k6-k9',
  'g2-g4',
  'j5-i5',
  'i4-i3',
  'g8-g7',
  'f6-a6',
  'i11-h11',
  'f3-h3',
  'i5-i6',
  'h3-a3',
  'k5-k3',
  'b1-b4',
  'j11-j10',
  'a3-d3',
  'd7-d9',
  'g6-d6',
  'j10-j7',
  'f8-c8',
  'i1-j1',
  'b4-e4',
  'h8-h10',
  'd6-e6',
  'b10-b9',
  'i3-i5',
  'd9-e9',
  'c8-c4',
  'e11-f11',
  'f7-f9',
  'g7-g6',
  'g6-g5',
  'i5-i3',
  'j6-j2',
];
const LONG_RECORD = [
  '1. h6-h5 k4-j4',
  '2. h5-h2 cb6-c6',
  '3. d6-d8 k8-k9',
  '4. e7-e8 k9-h9',
  '5. g5-h5 h9-h8',
  '6. g7-i7 a4-d4',
  '7. f7-h7 d1-b1',
  '8. h5-h6 h8-g8',
  '9. i7-i1 j4-j1xi1',
  '10. e8-e7 b1-b10',
  '11. f5-g5 cc6-c5',
  '12. e7-f7 h11-h10',
  '13. h2-g2 h10-h8',
  '14. h6-h4 k7-k8',
  '15. e6-e10 cc5-c11',
  '16. d8-b8 j1-j5',
  '17. b8-d8 a5-d5',
  '18. f4-f5 e1-b1',
  '19. d8-e8 d5-c5',
  '20. Ne5-d5 a6-e6',
  '21. h4-h6 e6-e3',
  '22. Kf6-b6 k8-i8',
  '23. g5-g4 a7-d7 Nd5^d3xd4',
  '24. Nd3^=f3xe3 c5-c10',
  '25. e8-e1 g11-j11',
  '26. e10-d10 f11-i11',
  '27. Kb6-f6 b1-b7',
  '28. g4-i4 h1-i1',
  '29. e1-b1 k6-k9',
  '30. g2-g4 j5-i5',
  '31. i4-i3 g8-g7',
  '32. Kf6-a6 i11-h11',
  '33. Nf3-h3 i5-i6',
  '34. Nh3-a3 k5-k3',
  '35. b1-b4 j11-j10',
  '36. Na3-d3 d7-d9xd10',
  '37. g6-d6 j10-j7',
  '38. f8-c8 i1-j1',
  '39. b4-e4 h8-h10',
  '40. d6-e6 b10-b9',
  '41. i3-i5 d9-e9',
  '42. c8-c4 e11-f11',
  '43. f7-f9 g7-g6xh6',
  '44. g6=g5 i5-i3',
  '45. cj6-j2',
];

/** 19 plies, ending on a capturing jump whose knight must move again: its turn holds three moves. */
const SHORT = [
  'g5-g2',
  'g11-g8',
  'd6-c6',
  'a8-e8',
  'c6-c5',
  'a4-e4',
  'c5-c4',
  'k5-h5',
  'c4-a4',
  'j6-j7',
  'h6-h7',
  'a7-a9',
  'g6-i6',
  'f10-c10',
  'e7-a7',
  'h5-i5',
  'i6-i8',
  'i5-i3',
  'e5-e3',
];
const SHORT_RECORD = [
  '1. g5-g2 g11-g8',
  '2. d6-c6 a8-e8xf8',
  '3. c6-c5 a4-e4',
  '4. c5-c4 k5-h5',
  '5. c4-a4 cj6-j7',
  '6. h6-h7 a7-a9',
  '7. g6-i6 cf10-c10',
  '8. e7-a7 h5-i5',
  '9. i6-i8 i5-i3 Ne5^e3xe4',
];

function played(moves: string[]): GameState {
  const s = loadState(v, { moves });
  if (!s.ok) throw new Error(JSON.stringify(s));
  return s.value;
}

function stored(state: GameState): GameEntity {
  return Object.assign(new GameEntity(), {
    id: 'g',
    variant: ID,
    startPosition: GameState.start(v).tfen(),
    position: state.tfen(),
    ply: state.plies.length,
    status: 'ongoing',
    winner: null,
    reason: null,
    players: {},
    metadata: {},
    createdAt: new Date(0),
    timeControl: null,
    clock: null,
  });
}

const moveLines = (record: string) => record.split('\n').filter((l) => /^\d+\. /.test(l));

describe.each([
  ['LONG', LONG, LONG_RECORD],
  ['SHORT', SHORT, SHORT_RECORD],
])('a Berserk game (%s) as an OpenTafl record', (_name, moves, openTafl) => {
  const state = played(moves);

  it('exports the move texts and turns OpenTafl writes: piece letters, ^ and =, captured pieces', () => {
    expect(moveLines(writeGameRecord(stored(state), state, entry, null))).toEqual(openTafl);
  });

  it("imports OpenTafl's own record: each move's side from its marks, and the game replays", () => {
    const g = parseGameRecord(`[rules:${RULES}]\n\n${openTafl.join('\n')}\n`);
    expect(g.plies.map((p) => p.side)).toEqual(moves.map((_, i) => state.moverAt(i)));
    const r = readGameRecord(v, g);
    expect(r.moves).toEqual(moves);
    expect(played(r.moves).tfen()).toBe(state.tfen());
  });

  it('round-trips: export, import, replay give the same moves, movers and position', () => {
    const g = parseGameRecord(writeGameRecord(stored(state), state, entry, null));
    const back = played(readGameRecord(v, g).moves);
    expect(back.plies).toEqual(state.plies);
    expect(moves.map((_, i) => back.moverAt(i))).toEqual(moves.map((_, i) => state.moverAt(i)));
    expect(moves.some((_, i) => state.jumpAt(i) && state.continuedAt(i))).toBe(_name === 'LONG');
    expect(back.tfen()).toBe(state.tfen());
  });
});

describe('toOtg under berserk', () => {
  const plies = [
    { from: 'd2', to: 'e2' },
    { from: 'c4', to: 'c5', captures: ['c6'] },
    { from: 'c5', to: 'c7', piece: 'N', jump: true, continued: true, captures: ['c6'], capturePieces: ['c'] },
  ];
  const turns = (text: string) => text.split('\n').filter((l) => /^\d+\. /.test(l));

  it('writes ^, = and the letters, and opens a turn as OpenTafl does: a continuation of the second move opens one', () => {
    expect(turns(toOtg({ rules: 'dim:7', plies }))).toEqual(['1. d2-e2 c4-c5xc6', '2. Nc5^=c7xcc6']);
    // A `---` is the side to move's: here the attackers', after the defenders' two moves.
    expect(turns(toOtg({ rules: 'dim:7', plies, resigned: true }))).toEqual(['1. d2-e2 c4-c5xc6', '2. Nc5^=c7xcc6 ---']);
  });

  it('keeps a capture whose piece must move again in its turn, with the mover still to move', () => {
    const first = plies.slice(0, 2);
    expect(turns(toOtg({ rules: 'dim:7', plies: first, continues: true }))).toEqual(['1. d2-e2 c4-c5xc6']);
    const third = [...first, { from: 'd7', to: 'd5', captures: ['d4'] }];
    // The first side's capture that goes on stays in turn 1 with the two moves before it: three moves a
    // turn, as OpenTafl's `9. i6-i8 i5-i3 Ne5^e3xe4`.
    expect(turns(toOtg({ rules: 'dim:7', plies: third, continues: true }))).toEqual(['1. d2-e2 c4-c5xc6 d7-d5xd4']);
  });
});
