/**
 * OpenTafl rules strings (docs/otn.md): the records' strings read key by key, refusals by name, the
 * printer's full strings, and round trips played: parse(print(v)) and a built-in's own OpenTafl string
 * play exactly as the built-in over seeded random games.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { CompiledVariant, Position, compileVariant, generateMoves, outcomeAfterMove, outcomeAtStart, ONGOING } from '../../src/engine';
import { seededRandom } from '../../src/engine/random';
import { BUILT_IN_DEFINITIONS, builtInVariant, builtInVariants, describeVariant } from '../../src/variants';
import { parseOtn } from '../../src/records/otn-parse';
import { printOtn } from '../../src/records/otn-print';
import { OTN_KEYS } from '../../src/records/otn-keys';
import { hasSharedRecords, RECORDS_DIR } from '../helpers/shared-data';

const DIAMOND = '/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/';
const BRANDUB = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
/** The built-ins defined by an OpenTafl rules string, in registry order. */
const DEFINED_BY_STRINGS = [
  'sea-battle',
  'tawlbwrdd',
  'opentafl-brandub',
  'magpie',
  'foteviken-tablut',
  'copenhagen-relaxed-shieldwall',
  'opentafl-fetlar',
  'opentafl-tablut',
  'opentafl-berserk',
];

function parsed(text: string) {
  const r = parseOtn(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function problems(text: string): string[] {
  const r = parseOtn(text);
  return r.ok ? [] : r.error.map((p) => `${p.code}@${p.field}`);
}

/** Plays `games` seeded random games on both variants side by side; any difference is returned. */
function differences(a: CompiledVariant, b: CompiledVariant, games: number, maxPlies: number): string[] {
  const out: string[] = [];
  const bufA = new Int32Array(4096);
  const bufB = new Int32Array(4096);
  for (let seed = 1; seed <= games && out.length === 0; seed++) {
    const random = seededRandom(seed * 7919);
    const pa = Position.start(a);
    const pb = Position.start(b);
    let oa = outcomeAtStart(pa);
    let ob = outcomeAtStart(pb);
    for (let ply = 0; ply < maxPlies; ply++) {
      if (oa !== ob) out.push(`seed ${seed} ply ${ply}: outcome ${oa} vs ${ob}`);
      if (oa !== ONGOING || out.length) break;
      const ma = Array.from(bufA.subarray(0, generateMoves(pa, bufA))).sort((x, y) => x - y);
      const mb = Array.from(bufB.subarray(0, generateMoves(pb, bufB))).sort((x, y) => x - y);
      if (ma.join() !== mb.join()) {
        out.push(`seed ${seed} ply ${ply}: legal moves differ`);
        break;
      }
      if (ma.length === 0) break;
      const move = ma[random() % ma.length];
      const ca = pa.make(move);
      const cb = pb.make(move);
      if (ca !== cb || pa.capturedCells().join() !== pb.capturedCells().join()) out.push(`seed ${seed} ply ${ply}: captures differ`);
      oa = outcomeAfterMove(pa);
      ob = outcomeAfterMove(pb);
    }
  }
  return out;
}

describe('reading OpenTafl rules strings (docs/otn.md)', () => {
  it('reads the defaults of OpenTafl for every key left out (Fetlar-like with only dim and start)', () => {
    const { name, rules } = parsed(`dim:11 start:${DIAMOND}`);
    expect(name).toBeNull();
    expect(rules).toMatchObject({
      first: 'attackers', // atkf:y
      escape: 'corners', // esc:c
      encirclement: true, // surf:y
      repetition: { occurrences: 3, result: 'draw' }, // tfr:d
      king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true }, // ka:y ks:s
      shieldwall: null, // sw:n
      exitFort: null, // efe:n
      linnaeanCapture: false, // linc:n
      throne: {
        whoMayStop: 'king',
        whoMayPass: 'all',
        kingMayReturn: true,
        hostileTo: { attackers: 'always', defenders: 'empty', king: 'empty' },
      },
      corners: {
        squares: ['a1', 'a11', 'k1', 'k11'],
        blockSize: 1,
        whoMayStop: 'king',
        whoMayPass: 'king',
        hostileTo: { attackers: 'always', defenders: 'always', king: 'always' },
      },
    });
  });

  it('reads tfr as its engine does: w makes the player who repeats lose, l makes him win (the rules printer says the opposite of w)', () => {
    const tfr = (v: string) => parsed(`dim:7 tfr:${v} start:${BRANDUB}`).rules.repetition;
    expect(tfr('w')).toEqual({ occurrences: 3, result: 'mover-loses' });
    expect(tfr('l')).toEqual({ occurrences: 3, result: 'mover-wins' });
    expect(tfr('d')).toEqual({ occurrences: 3, result: 'draw' });
    // OpenTafl's loader has no case for i and reads it as d: its engine draws on the third repetition.
    expect(tfr('i')).toEqual({ occurrences: 3, result: 'draw' });
    // So no string makes OpenTafl ignore repetition: the printer says so rather than write tfr:i.
    const ignored = { ...parsed(`dim:7 start:${BRANDUB}`).rules, repetition: null };
    expect(printOtn(ignored, 'X')).toEqual({ otn: null, unsupported: [expect.stringContaining('reads tfr:i as a draw')] });
  });

  it('reads ks, ka, sw, swf, efe, linc, esc, surf, atkf and the name', () => {
    const r = parsed(`dim:7 name:Brandub_Strong_Center_King ks:c ka:a sw:w swf:n efe:y linc:y esc:e surf:n atkf:n start:${BRANDUB}`);
    expect(r.name).toBe('Brandub Strong Center King');
    expect(r.rules).toMatchObject({
      king: { capture: 'graded', immuneOnEdge: false, armed: true, armedAs: 'anvil' },
      shieldwall: { cornersMayClose: false, moverMustClose: false },
      exitFort: { minWall: 1 },
      linnaeanCapture: true,
      escape: 'edge',
      encirclement: false,
      first: 'defenders',
    });
    expect(parsed(`dim:7 ks:m start:${BRANDUB}`).rules.king).toMatchObject({ capture: 'strong-4', immuneOnEdge: false });
    expect(parsed(`dim:7 ks:w start:${BRANDUB}`).rules.king).toMatchObject({ capture: 'custodial-2', immuneOnEdge: false });
    expect(parsed(`dim:7 ks:n ka:n start:${BRANDUB}`).rules.king).toMatchObject({ capture: 'custodial-2', armed: false });
    expect(parsed(`dim:7 ka:h start:${BRANDUB}`).rules.king).toMatchObject({ armed: true, armedAs: 'hammer' });
  });

  it('reads the throne and corners: none, 2×2 blocks, piece sets, re-entry, and hostility per side (K follows T)', () => {
    const none = parsed(`dim:9 esc:e cen: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/`).rules;
    expect(none.throne).toBeNull();
    expect(none.corners).toBeNull();
    const blocks = parsed(`dim:7 cor:a1,a2,b1,b2,g7,g6,f7,f6 corh:tcnk start:${BRANDUB}`).rules.corners;
    expect(blocks).toMatchObject({
      squares: ['a1', 'g7'],
      blockSize: 2,
      goal: 'block',
      hostileTo: { attackers: 'always', defenders: 'never', king: 'never' },
    });
    const throne = parsed(`dim:7 cenp:tcnkTCNK cens:K cenre:tcnkTCN cenh:tT cenhe: start:${BRANDUB}`).rules.throne;
    expect(throne).toEqual({
      whoMayStop: 'king',
      whoMayPass: 'soldiers',
      kingMayReturn: false,
      hostileTo: { attackers: 'occupied', defenders: 'occupied', king: 'occupied' },
    });
    expect(parsed(`dim:7 cens:tcnk cenp:tcnk start:${BRANDUB}`).rules.throne).toMatchObject({
      whoMayStop: 'attackers',
      whoMayPass: 'attackers',
    });
    expect(parsed(`dim:7 corh:tcnkTCN start:${BRANDUB}`).rules.corners!.hostileTo.king).toBe('always');
  });

  it('reads start (rank 1 first) and starti (the top rank first, as OpenTafl GuardTest plays it), which must agree', () => {
    const start = '/1t5/7/7/3K3/7/7/5T1/';
    const starti = '/5T1/7/7/3K3/7/7/1t5/';
    expect(parsed(`dim:7 start:${start}`).rules.layout).toBe('5T1/7/7/3K3/7/7/1t5');
    expect(parsed(`dim:7 starti:${starti}`).rules.layout).toBe('5T1/7/7/3K3/7/7/1t5');
    expect(parsed(`dim:7 start:${start} starti:${starti}`).rules.layout).toBe('5T1/7/7/3K3/7/7/1t5');
    expect(problems(`dim:7 start:${start} starti:${start}`)).toEqual(['BAD_OTN_VALUE@otn.starti']);
  });

  it("reads spd as OpenTafl's loader: one value for all, 12 or 8 per type (t, T, K used), 0 or less no limit; 2 or 10 values only when none", () => {
    const base = `start:${BRANDUB}`;
    const limits = (spd: string) => parsed(`dim:7 spd:${spd} ${base}`).rules.speedLimits;
    expect(limits('2')).toEqual({ attackers: 2, defenders: 2, king: 2 });
    expect(limits('-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,')).toEqual({ attackers: null, defenders: null, king: 1 });
    expect(limits('3,-1,-1,-1,-1,-1,2,-1,-1,1,-1,-1')).toEqual({ attackers: 3, defenders: 2, king: 1 });
    expect(limits('-1,-1,-1,-1,-1,-1,-1,1,')).toEqual({ attackers: null, defenders: null, king: 1 });
    for (const none of ['-1', '0', '-1,-1,', '0,0,0,0,0,0,0,0,0,0', '6']) expect(limits(none), none).toBeUndefined();
    expect(problems(`dim:7 spd:1,2,3,4,5,6,7,8,9,10 ${base}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.spd']);
    for (const bad of ['', 'x', '1,2,3', '1.5']) expect(problems(`dim:7 spd:${bad} ${base}`), bad).toEqual(['BAD_OTN_VALUE@otn.spd']);
    const magpie = parsed(`dim:7 spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, ${base}`).rules;
    expect(printOtn(magpie, 'M').otn).toContain(' spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, ');
    expect(printOtn(parsed(`dim:7 spd:2 ${base}`).rules, 'M').otn).toContain(' spd:2 ');
    // Commanders and knights are written at their side's limit (OTN-12).
    expect(printOtn(parsed(`dim:7 spd:3,-1,-1,-1,-1,-1,2,-1,-1,1,-1,-1 ${base}`).rules, 'M').otn).toContain(
      ' spd:3,3,3,-1,-1,-1,2,2,2,1,-1,-1, ',
    );
  });

  it('refuses every key the engine cannot play, by name, and never ignores one', () => {
    const base = `start:${BRANDUB}`;
    // OTN-12: commanders and knights are their side's soldiers on special squares.
    expect(problems('dim:7 ks:m start:/3t3/3c3/3t3/tttKttt/3T3/3T3/3t3/')).toEqual(['UNSUPPORTED_OTN_KEY@otn.ks']);
    expect(problems('dim:7 cenp:tTK start:/3t3/3c3/3t3/tttKttt/3T3/3T3/3t3/')).toEqual(['UNSUPPORTED_OTN_KEY@otn.cenp']);
    expect(problems(`dim:7 spd:2,3, ${base}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.spd']);
    expect(problems(`dim:7 dfor:d9 ${base}`)).toEqual(['BAD_OTN_VALUE@otn.dfor']);
    expect(problems(`dim:7 afor:default ${base}`)).toEqual(['BAD_OTN_VALUE@otn.afor']);
    expect(problems(`dim:7 afor:a1 ${base}`)).toEqual(['BAD_VARIANT_SQUARE@forts.attackers.squares[0]']);
    expect(problems('dim:7 start:/3t3/3k3/3t3/tttKttt/3T3/2N4/3c3/')).toEqual(['UNSUPPORTED_OTN_KEY@otn.start']);
    expect(problems('dim:7 starti:/3tT2/1tk3t/3tt2/t1tKG1t/3tt2/1TTG3/1tt4/')).toEqual(['UNSUPPORTED_OTN_KEY@otn.starti']);
    expect(problems(`dim:7 cen:d4,d5 ${base}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.cen']);
    expect(problems(`dim:7 cor:a1,b2 ${base}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.cor']);
    expect(problems(`dim:7 jump:y ${base}`)).toEqual(['UNKNOWN_OTN_KEY@otn.jump']);
    expect(problems(`dim:7 ks:x esc:z ${base}`)).toEqual(['BAD_OTN_VALUE@otn.esc', 'BAD_OTN_VALUE@otn.ks']);
    expect(problems('esc:c')).toEqual(['MISSING_OTN_KEY@otn.dim']);
    expect(problems('dim:7')).toEqual(['MISSING_OTN_KEY@otn.start']);
    // The board itself is validated as every definition is (rules.md section 6).
    expect(problems('dim:8 start:/8/8/8/3K4/8/8/8/8/')).toEqual(['BAD_VARIANT_SIZE@size']);
  });

  it('accepts the settings of pieces it refuses elsewhere, and fort sets without forts, when they change nothing (nj, cj, mj, gj)', () => {
    expect(problems(`dim:7 nj:n cj:n mj:r gj:c aforh:K dfors: start:${BRANDUB}`)).toEqual([]);
    expect(parsed(`dim:7 aforh:K dfors: start:${BRANDUB}`).rules.forts).toBeUndefined();
  });

  it('reads every piece set as a Who value: {T} alone is defenderSoldiers, {t, K} attackersAndKing, and they print back', () => {
    const rules = parsed(`dim:7 cens:T cenp:T afor:a4 aforp:tK aforre:T start:${BRANDUB}`).rules;
    expect(rules.throne).toMatchObject({ whoMayStop: 'defenderSoldiers', whoMayPass: 'defenderSoldiers' });
    expect(rules.forts!.attackers).toMatchObject({ whoMayPass: 'attackersAndKing', whoMayStop: 'attackersAndKing', whoMayEnter: 'all' });
    expect(parsed(printOtn(rules, 'W').otn!).rules).toEqual(rules);
  });

  it('reads a square in both afor and dfor as a defender fort, as OpenTafl marks the defender forts last', () => {
    const forts = parsed(`dim:7 afor:a3,a4 dfor:a4,c3 start:${BRANDUB}`).rules.forts!;
    expect([forts.attackers!.squares, forts.defenders!.squares]).toEqual([['a3'], ['a4', 'c3']]);
    expect(parsed(`dim:7 afor:a4 dfor:a4 start:${BRANDUB}`).rules.forts!.attackers).toBeNull();
  });

  it("reads corre, aforre and dforre as OpenTafl's loader does: only when cenre is written, and then an absent one is empty", () => {
    const forts = (extra: string) => parsed(`dim:7 afor:a4 aforre:t ${extra} start:${BRANDUB}`).rules;
    // Without cenre every re-entry set keeps its default (every piece), whatever is written.
    expect(forts('').forts!.attackers!.whoMayEnter).toBe('all');
    expect(forts('corre:').corners!.whoMayStop).toBe('king');
    // With cenre the written sets count, and an absent one is empty: nobody enters the corners from outside.
    expect(forts('cenre:tcnkTCNK').forts!.attackers!.whoMayEnter).toBe('attackers');
    expect(forts('cenre:tcnkTCNK').corners!.whoMayStop).toBe('nobody');
    expect(forts('cenre:tcnkTCNK corre:K').corners!.whoMayStop).toBe('king');
    expect(problems(`dim:7 corre:x start:${BRANDUB}`)).toEqual(['BAD_OTN_VALUE@otn.corre']);
  });

  it('reads afor/dfor as OpenTafl plays them (OTN-11): stop needs p and s, entry re, hostility per side; and prints them back', () => {
    const rules = parsed(
      `dim:7 cenre:tcnkTCNK corre:tcnkTCNK afor:a4,b4,a3,a5 aforh:K aforre: dforre:tcnkTCNK dfor:c3 dforh:tcnk dfors:TCNK dforp:TCNK start:${BRANDUB}`,
    ).rules;
    expect(rules.forts).toEqual({
      attackers: {
        squares: ['a3', 'a4', 'a5', 'b4'],
        whoMayStop: 'all',
        whoMayPass: 'all',
        whoMayEnter: 'nobody',
        hostileTo: { attackers: 'never', defenders: 'never', king: 'never' },
      },
      defenders: {
        squares: ['c3'],
        whoMayStop: 'defenders',
        whoMayPass: 'defenders',
        whoMayEnter: 'all',
        hostileTo: { attackers: 'always', defenders: 'never', king: 'never' },
      },
    });
    const otn = printOtn(rules, 'F').otn!;
    expect(otn).toContain(
      ' afor:a3,a4,a5,b4 aforh: aforp:tcnkTCNK afors:tcnkTCNK aforre: dfor:c3 dforh:tcnk dforp:TCNK dfors:TCNK dforre:tcnkTCNK ',
    );
    expect(parsed(otn).rules).toEqual(rules);
  });

  const RECORDS = [
    'Crust-vs-Schachus-Grandmasters-2015.otg',
    'Fish-Nasa-2015-Fetlar.otg',
    'Animals-Xerxes-Brandub-Triathlon-2015.otg',
    'Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg',
  ];
  it.skipIf(!hasSharedRecords(...RECORDS.map((f) => join('opentafl-otg', f))))(
    'reads the rules string of each of the four OpenTafl records',
    () => {
      for (const f of RECORDS) {
        const text = readFileSync(join(RECORDS_DIR, 'opentafl-otg', f), 'utf8');
        const rules = /\[rules:([^\]]*)\]/.exec(text)![1];
        expect(problems(rules), f).toEqual([]);
      }
    },
  );
});

describe('docs/otn.md', () => {
  it('describes every key of the OTN key list, and every engine extension id has its test', () => {
    const doc = readFileSync(join(__dirname, '../../docs/otn.md'), 'utf8');
    const firstCells = doc
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split('|')[1]);
    for (const { key } of OTN_KEYS)
      expect(
        firstCells.some((c) => c.includes(`\`${key}\``)),
        key,
      ).toBe(true);
    const tests = ['otn-extensions.test.ts', 'otn-forts.test.ts', 'otn-jumps.test.ts', 'opentafl-berserk.test.ts']
      .map((f) => readFileSync(join(__dirname, '../rules', f), 'utf8'))
      .join('\n');
    for (const id of doc.match(/^\| OTN-\d+ /gm)!.map((m) => m.slice(2).trim())) expect(tests, id).toContain(`'${id} `);
  });
});

describe('writing OpenTafl rules strings', () => {
  it('writes every key, dim first and starti last, for every built-in that OpenTafl can say; null with a sentence per rule otherwise', () => {
    const keys = OTN_KEYS.map((k) => k.key);
    const otn: Record<string, string | null> = {};
    for (const d of BUILT_IN_DEFINITIONS) {
      const p = printOtn(d.rules, d.meta.name);
      otn[d.meta.id] = p.otn;
      if (p.otn) expect(p.otn.split(' ').map((e) => e.slice(0, e.indexOf(':')))).toEqual(keys);
      else expect(p.unsupported.length).toBeGreaterThan(0);
    }
    expect(
      Object.entries(otn)
        .filter(([, s]) => s !== null)
        .map(([id]) => id),
    ).toEqual(['fetlar', 'copenhagen', 'tablut', ...DEFINED_BY_STRINGS]);
    expect(otn.copenhagen).toContain(' tfr:w ');
    expect(otn.copenhagen).toContain(' sw:s swf:y efe:y ');
  });

  it('round trip: parse(print(v)) plays exactly as v over seeded random games, for every built-in with an otn', () => {
    for (const d of BUILT_IN_DEFINITIONS) {
      const p = printOtn(d.rules, d.meta.name);
      if (!p.otn) continue;
      const back = compileVariant('back', parsed(p.otn).rules);
      expect(differences(builtInVariant(d.meta.id)!, back, 30, 200), d.meta.id).toEqual([]);
      expect(printOtn(parsed(p.otn).rules, d.meta.name).otn, d.meta.id).toBe(p.otn);
    }
  });

  it('a built-in defined by an OpenTafl string plays from its id exactly as from its string (rules.md 5.5)', () => {
    const defined = BUILT_IN_DEFINITIONS.filter((d) => d.meta.otnSource);
    expect(defined.map((d) => d.meta.id)).toEqual(DEFINED_BY_STRINGS);
    for (const d of defined) {
      const b = builtInVariants().find((x) => x.meta.id === d.meta.id)!;
      expect(describeVariant(b.meta, b.compiled).sources[0]).toEqual({ name: 'OpenTafl rules string', note: d.meta.otnSource, url: null });
      const fromString = parsed(d.meta.otnSource!).rules;
      expect(fromString, d.meta.id).toEqual(d.rules);
      expect(differences(builtInVariant(d.meta.id)!, compileVariant('otn', fromString), 30, 200), d.meta.id).toEqual([]);
    }
  });
});

describe('an unarmed king on the throne (BoardImpl.isSpaceHostileTo: the square is as hostile as cenh says)', () => {
  it('reads cenh with attackers under ka:n and ka:h as hostile while occupied, attackers on the throne or not', () => {
    for (const ka of ['n', 'h']) expect(parsed(`dim:7 ka:${ka} start:${BRANDUB}`).rules.throne!.hostileTo.attackers).toBe('always');
    expect(problems(`dim:7 ka:n cens:tcnkTCNK start:${BRANDUB}`)).toEqual([]);
  });
  it('writes the string of a throne hostile to attackers under a king who is no anvil, and reads it back the same', () => {
    const rules = parsed(`dim:7 ka:y start:${BRANDUB}`).rules;
    const unarmed = { ...rules, king: { ...rules.king, armed: false } };
    const p = printOtn(unarmed, 'x');
    expect(p.otn).toContain(' ka:n ');
    expect(parsed(p.otn!).rules).toEqual(unarmed);
  });
});
