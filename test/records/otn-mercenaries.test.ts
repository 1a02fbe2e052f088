/**
 * OpenTafl's mercenaries and guards in rules strings and definitions (OTN-12, docs/otn.md): their own
 * letters in the special squares' piece sets, read into `mercenariesAndGuards` in one canonical form,
 * checked when a definition gives them, printed back, and `mj` and `spd` for them.
 */
import { GameState, compileVariant } from '../../src/engine';
import { validateRules } from '../../src/variants/validate-definition';
import { parseOtn } from '../../src/records/otn-parse';
import { printOtn } from '../../src/records/otn-print';

/** Brandub (`start:`, rank 1 first) with an attacker guard on d2, a defender guard on e4 and an attacker mercenary on d6. */
const HIRED = '/3t3/3g3/3T3/ttTKGtt/3T3/3m3/3t3/';
/** Brandub with one attacker mercenary on d6 and no guard. */
const MERCENARY = '/3t3/3t3/3T3/ttTKTtt/3T3/3m3/3t3/';
const BRANDUB = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

function parsed(text: string) {
  const r = parseOtn(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.rules;
}

function problems(input: unknown): string[] {
  const r = validateRules(input);
  return r.ok ? [] : r.error.map((p) => `${p.code}@${p.field}`);
}

describe('OTN-12 mercenaries and guards in rules strings', () => {
  it("reads OpenTafl's defaults: mercenaries pass the throne as soldiers do, guards go on no special square", () => {
    const rules = parsed(`dim:7 start:${HIRED}`);
    expect(rules.throne?.mercenariesAndGuards).toEqual({ stop: '', pass: 'mM' });
    // Corners: corp and cors name only the king; forts: none in this string.
    expect(rules.corners?.mercenariesAndGuards).toBeUndefined();
    expect(rules.forts).toBeUndefined();
  });

  it('reads each set per letter, and keeps only the letters of kinds the variant can hold, in the order m M g G', () => {
    // Passing needs cenp and cenre, stopping cens too; where a jump may land (cens, cenre) equals stop, so it is left out.
    const rules = parsed(`dim:7 cenp:GgMtTK cens:gM cenre:tcnkmgTCNKMG corp:KG cors:KG corre:KgG start:${HIRED}`);
    expect(rules.throne?.mercenariesAndGuards).toEqual({ stop: 'Mg', pass: 'MgG' });
    expect(rules.corners?.mercenariesAndGuards).toEqual({ stop: 'G', pass: 'G' });
    // Without guards on the board, their letters are dropped; a mercenary of either side is kept.
    const mercenary = parsed(`dim:7 cenp:GgMtTK cens:gM start:${MERCENARY}`);
    expect(mercenary.throne?.mercenariesAndGuards).toEqual({ stop: 'M', pass: 'M' });
  });

  it('reads mj into jumps.mercenaries, kept only where the layout holds a mercenary and it jumps', () => {
    expect(parsed(`dim:7 mj:c start:${HIRED}`).jumps).toEqual({
      king: 'none',
      knights: 'none',
      commanders: 'none',
      mercenaries: 'capture',
    });
    expect(parsed(`dim:7 mj:c start:${BRANDUB}`).jumps).toBeUndefined();
    expect(parsed(`dim:7 mj:n gj:c start:${HIRED}`).jumps).toBeUndefined();
  });

  it('prints the sets back with their letters: the printed string reads as the same rules', () => {
    for (const keys of ['', 'mj:r cenp:tcnkgTCNKM cenre:tcnkmgTCNKMG', 'afor:a2,b2 aforp:tcnkmgTCNKMG afors:g aforre:g sw:w']) {
      const rules = parsed(`dim:7 ${keys} start:${HIRED}`);
      const out = printOtn(rules, 'H');
      expect(out.unsupported).toEqual([]);
      expect(parsed(out.otn!)).toEqual(rules);
    }
  });

  it('prints a king who may stay on the throne but neither pass it nor return with K out of cenre only', () => {
    const rules = parsed(`dim:7 cenre:tcnkmTCNM start:${BRANDUB}`);
    expect(rules.throne).toMatchObject({ whoMayStop: 'king', kingMayReturn: false });
    const out = printOtn(rules, 'B').otn!;
    expect(out).toContain(' cenre:tcnkTCN ');
    expect(parsed(out)).toEqual(rules);
  });

  it('refuses an spd that moves a mercenary or guard on the board otherwise than its side’s soldiers', () => {
    const spd = (list: string) => parseOtn(`dim:7 spd:${list} start:${HIRED}`);
    // t c n k m g T C N K M G: the attackers' mercenary and guard at 2 as their soldiers, the defenders' at none.
    expect(spd('2,-1,-1,-1,2,2,-1,-1,-1,-1,-1,-1,').ok).toBe(true);
    const r = spd('2,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((e) => e.field)).toEqual(['otn.spd', 'otn.spd']);
  });

  it('lets a position hold a mercenary of either side where the start holds one, and no guard it does not hold', () => {
    const v = compileVariant('h', parsed(`dim:7 start:${HIRED}`));
    expect(GameState.fromTfen(v, '3t3/3M3/3T3/ttTKGtt/3T3/3g3/3t3 a').ok).toBe(true);
    const mercenary = compileVariant('m', parsed(`dim:7 start:${MERCENARY}`));
    expect(GameState.fromTfen(mercenary, '3t3/3M3/3T3/ttTKTtt/3T3/3t3/3t3 a').ok).toBe(true);
    const guard = GameState.fromTfen(mercenary, '3t3/3m3/3T3/ttTKTtt/3T3/3G3/3t3 a');
    expect(guard.ok).toBe(false);
    if (!guard.ok) expect(guard.error[0]).toMatchObject({ code: 'BAD_TFEN_PIECE_NOT_IN_VARIANT' });
  });
});

describe('OTN-12 mercenariesAndGuards in definitions', () => {
  const base = () => ({ ...parsed(`dim:7 start:${HIRED}`) });

  it('checks the shape and the letters, naming each bad field', () => {
    const t = base().throne!;
    expect(problems({ ...base(), throne: { ...t, mercenariesAndGuards: { stop: 'mx', pass: 'm' } } })).toEqual([
      'BAD_VARIANT_VALUE@throne.mercenariesAndGuards.stop',
    ]);
    expect(problems({ ...base(), throne: { ...t, mercenariesAndGuards: { stop: 'm', pass: 'm', enter: 'm' } } })).toEqual([
      'BAD_VARIANT_VALUE@throne.mercenariesAndGuards.enter',
    ]);
    expect(problems({ ...base(), throne: { ...t, mercenariesAndGuards: 'mM' } })).toEqual([
      'BAD_VARIANT_VALUE@throne.mercenariesAndGuards',
    ]);
  });

  it('keeps one canonical form: letters in order and of held kinds, land only where it differs, nothing that admits nobody', () => {
    const t = base().throne!;
    const checked = validateRules({ ...base(), throne: { ...t, mercenariesAndGuards: { stop: 'GMm', pass: 'gMm', land: 'mMG' } } });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.throne?.mercenariesAndGuards).toEqual({ stop: 'mMG', pass: 'mMg' });
    const none = validateRules({ ...base(), throne: { ...t, mercenariesAndGuards: { stop: '', pass: '' } } });
    expect(none.ok && none.value.throne?.mercenariesAndGuards).toBeUndefined();
    // Letters of kinds the layout cannot hold say nothing, and are dropped.
    const mercenary = parsed(`dim:7 start:${MERCENARY}`);
    const dropped = validateRules({ ...mercenary, throne: { ...mercenary.throne!, mercenariesAndGuards: { stop: 'gG', pass: 'gGm' } } });
    expect(dropped.ok && dropped.value.throne?.mercenariesAndGuards).toEqual({ stop: '', pass: 'm' });
  });
});
