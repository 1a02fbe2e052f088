/**
 * The four OpenTafl game records of shared/records/opentafl-otg: parsed, main lines replayed with the
 * matching built-in variant where one exists, and the printer round-tripped.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { GameState, squareName, validateGame } from '../../src/engine';
import { builtInVariant } from '../../src/variants';
import {
  OtgGame,
  otgPositionToTfenBoard,
  otgRulesString,
  parseOtg,
  parseOtgMove,
  parseOtgRules,
  tfenBoardToOtgPosition,
  toOtg,
} from '../../src/records/otg';
import { hasSharedRecords, RECORDS_DIR } from '../helpers/shared-data';

const OTG_DIR = join(RECORDS_DIR, 'opentafl-otg');
const FILES = {
  copenhagen: 'Crust-vs-Schachus-Grandmasters-2015.otg',
  fetlar: 'Fish-Nasa-2015-Fetlar.otg',
  brandub: 'Animals-Xerxes-Brandub-Triathlon-2015.otg',
  seaBattle: 'Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg',
};
// Only the suites that read these files skip without shared/; the parser and printer tests below
// carry their own inputs.
const withRecords = hasSharedRecords(...Object.values(FILES).map((f) => join('opentafl-otg', f)));
const DIAMOND = '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3';

function load(file: string): OtgGame {
  const r = parseOtg(readFileSync(join(OTG_DIR, file), 'utf8'));
  if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r.error)}`);
  return r.value;
}

function variant(id: string) {
  const v = builtInVariant(id);
  if (!v) throw new Error(`no variant ${id}`);
  return v;
}

interface Replay {
  valid: boolean;
  error: unknown;
  /** Plies whose written captures differ from ours (as sets; our king capture left out). */
  mismatches: { index: number; written: string[] | null; ours: string[] }[];
  /** Plies whose `K` mark disagrees with whether the king moved. */
  kingMarkErrors: number[];
  outcome: ReturnType<GameState['outcomeInfo']>;
}

/** Replays the main line move by move, comparing captures and `K` marks. */
function replay(id: string, game: OtgGame, position?: string): Replay {
  const v = variant(id);
  let state: GameState;
  if (position) {
    const loaded = GameState.fromTfen(v, position);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
    state = loaded.value;
  } else state = GameState.start(v);
  const r: Replay = { valid: true, error: null, mismatches: [], kingMarkErrors: [], outcome: state.outcomeInfo() };
  for (const ply of game.plies) {
    const checked = state.check(ply.notation);
    if (!checked.ok) {
      r.valid = false;
      r.error = { index: ply.index, move: ply.notation, ...checked.error };
      break;
    }
    const king = squareName(v.geo, state.pos.kingSq);
    if ((king === ply.from) !== ply.king) r.kingMarkErrors.push(ply.index);
    const info = state.play(checked.value);
    const ours = info.captures.filter((c) => c !== king).sort();
    const written = ply.captures ? [...new Set(ply.captures)].sort() : null;
    const same = written ? written.join() === ours.join() : ply.captureCount === ours.length;
    if (!same) r.mismatches.push({ index: ply.index, written, ours });
  }
  r.outcome = state.outcomeInfo();
  return r;
}

describe.skipIf(!withRecords)('OTG parser on the four OpenTafl records', () => {
  // Loaded in a hook, not at collection: a skipped suite's body is still collected.
  let games: Record<keyof typeof FILES, OtgGame>;
  beforeAll(() => {
    games = Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, load(f)])) as Record<keyof typeof FILES, OtgGame>;
  });

  it('reads the README ply counts: Copenhagen 68, Fetlar 39, Brandub 20, Sea Battle 57', () => {
    expect(games.copenhagen.plies).toHaveLength(68);
    expect(games.fetlar.plies).toHaveLength(39);
    expect(games.brandub.plies).toHaveLength(20);
    expect(games.seaBattle.plies).toHaveLength(57);
  });

  it('reads the tags in file order (values may hold colons and line breaks)', () => {
    const g = games.copenhagen;
    expect(g.tags.map((t) => t.key)).toEqual([
      'date',
      'event',
      'site',
      'result',
      'attackers',
      'defenders',
      'termination',
      'compiler',
      'annotator',
      'rules',
      'start-comment',
    ]);
    expect(g.tagMap).toMatchObject({ date: '2015.01.07', result: '-1', termination: 'Black resigns', site: 'aagenielsen.dk' });
    expect(g.tagMap['start-comment']).toMatch(/^This commentary was originally posted/);
    // A tag value that spans several lines (the Sea Battle start comment).
    expect(games.seaBattle.tagMap['start-comment'].split('\n').length).toBeGreaterThan(3);
    expect(games.seaBattle.tagMap['start-comment']).toMatch(/typing 'rules'\.\)$/);
  });

  it('splits the rules string into its switches (values may be empty) and reads the first side', () => {
    expect(games.copenhagen.rules!.switches).toEqual({ dim: '11', atkf: 'y', sw: 's', efe: 'y', start: `/${DIAMOND}/` });
    expect(games.copenhagen.firstSide).toBe('attackers');
    expect(games.fetlar.rules!.switches).toMatchObject({ dim: '11', name: 'Fetlar_Defenders_First', atkf: 'n', ks: 'y', nj: 'n', cj: 'n' });
    expect(games.fetlar.firstSide).toBe('defenders');
    expect(games.brandub.rules!.switches).toMatchObject({ dim: '7', ks: 'c', surf: 'n', cenh: '', cenhe: '' });
    expect(games.brandub.rules!.order).toEqual(['dim', 'name', 'surf', 'atkf', 'ks', 'nj', 'cj', 'cenh', 'cenhe', 'start']);
    expect(games.seaBattle.rules!.switches).toMatchObject({ dim: '9', esc: 'e', ka: 'y', ks: 'c', cor: '', cens: '', cenh: '' });
    expect(games.seaBattle.rules!.dim).toBe(9);
  });

  it('converts start: (rank 1 first) to a TFEN board field (top rank first)', () => {
    expect(otgPositionToTfenBoard(games.copenhagen.rules!.start!)).toEqual({ ok: true, value: DIAMOND });
    expect(otgPositionToTfenBoard(games.brandub.rules!.start!)).toEqual({ ok: true, value: variant('brandubh').rules.layout });
    expect(otgPositionToTfenBoard(games.seaBattle.rules!.start!)).toEqual({ ok: true, value: variant('tablut').rules.layout });
    // Asymmetric: rank 1 is written first, so it comes last in TFEN.
    expect(otgPositionToTfenBoard('/K2/3/t1T/')).toEqual({ ok: true, value: 't1T/3/K2' });
    expect(tfenBoardToOtgPosition('t1T/3/K2 a')).toBe('/K2/3/t1T/');
    expect(otgPositionToTfenBoard('/K2/3/')).toMatchObject({ ok: false });
    expect(otgPositionToTfenBoard('/K2/3/t1TT/')).toMatchObject({ ok: false });
    // OTN-12: knights (n, N), commanders (c, C), mercenaries (m, M) and guards (g, G) have TFEN letters;
    // OpenTafl's attacking king (k) does not.
    expect(otgPositionToTfenBoard('/N2/3/t2/')).toEqual({ ok: true, value: 't2/3/N2' });
    expect(otgPositionToTfenBoard('/M2/3/g1G/')).toEqual({ ok: true, value: 'g1G/3/M2' });
    expect(otgPositionToTfenBoard('/k2/3/t2/')).toMatchObject({ ok: false, error: 'piece "k" has no TFEN letter' });
  });

  it("reads start: rows with the engine's TFEN row codec: canonical output, every problem listed", () => {
    // Counts are TFEN's: greedy, never 0 or with a leading zero; output has minimal counts.
    expect(otgPositionToTfenBoard('/K2/3/t1T/', 3)).toEqual({ ok: true, value: 't1T/3/K2' });
    const bad = otgPositionToTfenBoard('/K02/3/k1TT/');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('rank 1 "K02": bad empty-square count "02"');
    expect(bad.error).toContain('piece "k" has no TFEN letter');
    expect(bad.error).toContain('rank 3 "k1TT" has 4 squares, expected 3');
  });

  it('reads king marks, captures (one and several) and skips the variations of Fish-Nasa', () => {
    const c = games.copenhagen.plies;
    expect(c[3]).toMatchObject({ turn: 2, half: 1, side: 'defenders', notation: 'f8-c8', captures: null, captureCount: 0 });
    expect(c[7]).toMatchObject({ turn: 4, half: 1, notation: 'g7-g10', captures: ['f10'], captureCount: 1 });
    expect(c[13]).toMatchObject({ notation: 'f6-f10', king: true, piece: 'K' });
    expect(games.seaBattle.plies[14]).toMatchObject({ notation: 'g2-g3', captures: ['f3', 'h3'], captureCount: 2 });
    const f = games.fetlar;
    expect(f.turns.map((t) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(f.variations.map((t) => t.address)).toEqual([
      '12b.1.1a.',
      '12b.1.2a.',
      '12b.1.3a.',
      '12b.1.4a.',
      '12b.1.5a.',
      '17a.1.1a.',
      '17a.1.2a.',
    ]);
    expect(f.variations[0].halves[0]).toEqual({ kind: 'skip', text: '.....' });
    expect(f.plies[0]).toMatchObject({ side: 'defenders', notation: 'h6-h3' });
    expect(f.plies[24]).toMatchObject({ turn: 13, side: 'defenders', notation: 'c6-c1', king: true });
    expect(f.plies[38]).toMatchObject({ turn: 20, side: 'defenders', notation: 'a2-a1', king: true });
    expect(f.turns[11].comments[0].first).toMatch(/^The king moves!/);
    expect(f.turns[11].comments[0].second).toMatch(/^This is Nasa's major mistake/);
    expect(f.resigned).toBeNull();
  });

  it('Crust vs Schachus replays with copenhagen: every move legal, every capture as written', () => {
    const r = replay('copenhagen', games.copenhagen);
    expect(r.error).toBeNull();
    expect(r.mismatches).toEqual([]);
    // Ply 59 (turn 30, "g9-h9xi9") is a king move written without its K mark (the king went to g9 at
    // turn 28, "Kg10-g9", and leaves h9 at turn 34, "Kh9-i9"). The mark is optional in OTN.
    expect(r.kingMarkErrors).toEqual([59]);
    // [result:-1] [termination:Black resigns]: the game is still on when the attackers resign.
    expect(r.outcome.status).toBe('ongoing');
    // The same through the public operation.
    const v = validateGame(variant('copenhagen'), { moves: games.copenhagen.plies.map((p) => p.notation) });
    expect(v.ok && v.value.valid && v.value.plies.length).toBe(68);
  });

  it('Fish-Nasa replays with fetlar from the start layout with the defenders to move (atkf:n)', () => {
    const board = otgPositionToTfenBoard(games.fetlar.rules!.start!);
    expect(board).toEqual({ ok: true, value: variant('fetlar').rules.layout });
    const position = `${DIAMOND} d`;
    const r = replay('fetlar', games.fetlar, position);
    expect(r.error).toBeNull();
    expect(r.mismatches).toEqual([]);
    expect(r.kingMarkErrors).toEqual([]);
    // [result:-1]: the king reaches a1 on the last move.
    expect(r.outcome).toMatchObject({ status: 'finished', winner: 'defenders', reason: 'king_escaped' });
    const v = validateGame(variant('fetlar'), { position, moves: games.fetlar.plies.map((p) => p.notation) });
    expect(v.ok && v.value.valid && v.value.plies.length).toBe(39);
  });

  it('Brandub and Sea Battle (other rules: ks:c, edge escape) parse with straight moves on the board', () => {
    for (const g of [games.brandub, games.seaBattle]) {
      const dim = g.rules!.dim!;
      for (const p of g.plies) {
        const [ff, fr, tf, tr] = [p.from.charCodeAt(0), Number(p.from.slice(1)), p.to.charCodeAt(0), Number(p.to.slice(1))];
        expect((ff === tf) !== (fr === tr)).toBe(true);
        expect(Math.max(ff, tf) - 97).toBeLessThan(dim);
        expect(Math.max(fr, tr)).toBeLessThanOrEqual(dim);
      }
      expect(g.plies.map((p) => p.side)).toEqual(g.plies.map((_, i) => (i % 2 === 0 ? 'attackers' : 'defenders')));
    }
    expect(games.brandub.tagMap.result).toBe('-1');
    expect(games.seaBattle.tagMap.result).toBe('1');
  });
});

describe('OTG move records', () => {
  it('reads piece marks, move types, capture lists, bare captures and status marks', () => {
    expect(parseOtgMove('Ke5-f5')).toMatchObject({ ok: true, value: { piece: 'K', from: 'e5', to: 'f5', captures: null, info: null } });
    expect(parseOtgMove('g2-g3xf3/h3')).toMatchObject({ ok: true, value: { captures: ['f3', 'h3'], capturePieces: [null, null] } });
    expect(parseOtgMove('h9-h10xg10')).toMatchObject({ ok: true, value: { to: 'h10', captures: ['g10'] } });
    expect(parseOtgMove('d9-d10x')).toMatchObject({ ok: true, value: { captures: null, bareCaptures: 1 } });
    expect(parseOtgMove('g2-g3xx')).toMatchObject({ ok: true, value: { captures: null, bareCaptures: 2 } });
    expect(parseOtgMove('Ne6^=e8xce7/ne9/f8/d8')).toMatchObject({
      ok: true,
      value: { piece: 'N', moveType: '^=', captures: ['e7', 'e9', 'f8', 'd8'], capturePieces: ['c', 'n', null, null] },
    });
    expect(parseOtgMove('Ke1-a1--')).toMatchObject({ ok: true, value: { to: 'a1', info: '--' } });
    expect(parseOtgMove('a3-e3xe4+')).toMatchObject({ ok: true, value: { captures: ['e4'], info: '+' } });
    expect(parseOtgMove('c5-c6')).toMatchObject({ ok: true, value: { piece: null, from: 'c5' } });
    expect(parseOtgMove('d1d3').ok).toBe(false);
    expect(parseOtgMove('d1-d3xz')).toMatchObject({ ok: false });
    expect(parseOtgMove('d1-l1', 11)).toMatchObject({ ok: false, error: 'l1 in "d1-l1" is not a square of a 11×11 board' });
    expect(parseOtgMove('d1-d1')).toMatchObject({ ok: false });
  });
});

describe('OTG game records: errors are values', () => {
  const head = '[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n';
  it.each([
    ['an unclosed bracket', `${head}1. d2-e2 c4-c5\n[comment`, 'a "[" is never closed', 4],
    ['a bad move', `${head}1. d2-e2 c4-c5\n2. d6-d6q`, '"d6-d6q" is not a move record', 4],
    ['a turn out of order', `${head}1. d2-e2 c4-c5\n3. f4-f5`, 'turn 3. out of order (expected 2.)', 4],
    ['a move before the first turn', `${head}d2-e2`, '"d2-e2" comes before the first turn number', 3],
    ['a first move that continues none', `${head}1. d2=e2 c4-c5`, 'the first move "d2=e2" continues no move (=)', 3],
    ['a short turn in the middle', `${head}1. d2-e2\n2. c4-c5`, 'turn 1. has one move but is not the last turn', 3],
    ['a move after a resignation', `${head}1. d2-e2 ---\n2. f4-f5`, 'turn 2. comes after a resignation', 4],
    ['a square off the board', `${head}1. d2-h2`, 'h2 in "d2-h2" is not a square of a 7×7 board', 3],
  ])('%s', (_name, text, reason, line) => {
    const r = parseOtg(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.reason).toContain(reason);
      expect(r.error.line).toBe(line);
    }
  });

  it('reads a turn of three moves (OpenTafl writes them under berserk): each side from the marks, not the place', () => {
    const r = parseOtg(`${head}1. d2-e2 c4-c5 f4-f5\n2. e2=e3 c5-c6`);
    expect(r.ok && r.value.plies.map((p) => [p.half, p.side])).toEqual([
      [0, 'attackers'],
      [1, 'defenders'],
      [2, 'attackers'],
      [0, 'attackers'],
      [1, 'defenders'],
    ]);
    // A `---` after a continuation is the other side's, like any move without `=`.
    const resigned = parseOtg(`${head}1. d2-e2 c4-c5\n2. c5^=c7 ---`);
    expect(resigned.ok && resigned.value.plies.map((p) => p.side)).toEqual(['attackers', 'defenders', 'defenders']);
    expect(resigned.ok && resigned.value.resigned).toBe('attackers');
  });

  it('reads a resignation and the side that resigned', () => {
    const r = parseOtg(`${head}1. d2-e2 c4-c5\n2. ---`);
    expect(r.ok && r.value.resigned).toBe('attackers');
    const r2 = parseOtg(`[rules:dim:7 atkf:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n1. c4-c5 ---`);
    expect(r2.ok && r2.value.resigned).toBe('attackers');
    expect(r2.ok && r2.value.plies.map((p) => p.side)).toEqual(['defenders']);
  });
});

describe('toOtg', () => {
  it.skipIf(!withRecords)('round-trips each of the four records (tags, rules, moves, captures, king marks)', () => {
    for (const file of Object.values(FILES)) {
      const g = load(file);
      const text = toOtg({
        tags: g.tags,
        rules: g.rules!.text,
        plies: g.plies.map((p) => ({ from: p.from, to: p.to, captures: p.captures ?? [], king: p.king })),
        resigned: g.resigned !== null,
        comments: g.turns.map((t) => (t.comments[0] ? [t.comments[0].first, t.comments[0].second ?? ''] : null)),
      });
      const back = parseOtg(text);
      if (!back.ok) throw new Error(`${file}: ${JSON.stringify(back.error)}`);
      const b = back.value;
      expect(b.tags.map((t) => t.key)).toEqual([...g.tags.filter((t) => t.key !== 'rules').map((t) => t.key), 'rules']);
      expect(b.tagMap).toEqual(g.tagMap);
      expect(b.rules).toEqual(g.rules);
      expect(b.plies).toEqual(g.plies);
      expect(b.turns.map((t) => t.comments[0]?.first)).toEqual(g.turns.map((t) => t.comments[0]?.first));
      expect(b.variations).toEqual([]);
      // Printing the read-back record again gives the same text.
      expect(
        toOtg({
          tags: b.tags,
          rules: b.rules!.text,
          plies: b.plies.map((p) => ({ from: p.from, to: p.to, captures: p.captures ?? [], king: p.king })),
          resigned: b.resigned !== null,
          comments: b.turns.map((t) => (t.comments[0] ? [t.comments[0].first, t.comments[0].second ?? ''] : null)),
        }),
      ).toBe(text);
    }
  });

  it('writes an engine game: rules last, numbered turns, captures as xa/b, and reads it back', () => {
    const v = validateGame(variant('brandubh'), { moves: ['d2-e2', 'c4-c5', 'f4-f5', 'c5-a5', 'd6-a6', 'd5-a5'] });
    if (!v.ok) throw new Error('replay failed');
    const plies = v.value.plies.map((p) => ({ from: p.move.from!, to: p.move.to!, captures: p.move.captures }));
    const rules = otgRulesString([
      ['start', tfenBoardToOtgPosition(variant('brandubh').rules.layout)],
      ['atkf', 'y'],
      ['dim', '7'],
    ]);
    expect(rules).toBe('dim:7 atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    const text = toOtg({ tags: { date: '2026.01.02', event: 'a: colon' }, rules, plies, resigned: true });
    expect(text).toBe(
      [
        '[date:2026.01.02]',
        '[event:a: colon]',
        '[rules:dim:7 atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]',
        '',
        '1. d2-e2 c4-c5',
        '',
        '2. f4-f5 c5-a5',
        '',
        '3. d6-a6xa5 d5-a5xa6',
        '',
        '4. ---',
        '',
      ].join('\n'),
    );
    const back = parseOtg(text);
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(back.value.tagMap.event).toBe('a: colon');
    expect(back.value.resigned).toBe('attackers');
    expect(back.value.plies.map((p) => ({ from: p.from, to: p.to, captures: p.captures ?? [] }))).toEqual(plies);
    // Several captures in one move are written x<a>/<b>.
    expect(toOtg({ rules: 'dim:9', plies: [{ from: 'g2', to: 'g3', captures: ['f3', 'h3'] }] })).toContain('1. g2-g3xf3/h3');
  });

  it('refuses what the format cannot hold', () => {
    expect(() => toOtg({ tags: { note: 'a ] b' }, rules: 'dim:7', plies: [] })).toThrow();
    expect(() => toOtg({ tags: { 'bad key': 'x' }, rules: 'dim:7', plies: [] })).toThrow();
    expect(() => toOtg({ rules: 'dim:7', plies: [{ from: 'a1', to: 'a2' }], comments: [['a|b', 'c']] })).toThrow();
  });

  it('parseOtgRules keeps every switch and reads dim and atkf', () => {
    const r = parseOtgRules('dim:11 name:Fetlar_Defenders_First atkf:n ks:y nj:n cj:n start:/11/');
    expect(r).toMatchObject({ dim: 11, firstSide: 'defenders', start: '/11/' });
    expect(r.order).toEqual(['dim', 'name', 'atkf', 'ks', 'nj', 'cj', 'start']);
  });
});
