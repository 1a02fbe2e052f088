/**
 * OpenTafl's commanders, knights, jumps and berserk in rules strings and definitions (OTN-12, OTN-13,
 * docs/otn.md): read, validated into one canonical form, printed back, and refused by name where the
 * engine cannot say what OpenTafl would play.
 */
import { GameState, compileVariant } from '../../src/engine';
import { validateRules } from '../../src/variants/validate-definition';
import { builtInVariant } from '../../src/variants';
import { parseOtn } from '../../src/records/otn-parse';
import { printOtn } from '../../src/records/otn-print';

const BERSERK =
  'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/';
const BRANDUB = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
/** Brandub with an attacker commander on d6 (rank 6) and a defender knight on d3. */
const WITH_PIECES = '/3t3/3t3/3N3/ttTKTtt/3T3/3c3/3t3/';

function parsed(text: string) {
  const r = parseOtn(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.rules;
}

function problems(text: string): string[] {
  const r = parseOtn(text);
  return r.ok ? [] : r.error.map((p) => `${p.code}@${p.field}`);
}

describe('OTN-12 and OTN-13 in rules strings', () => {
  it("reads OpenTafl's Berserk string: pieces, jumps by kind, berserk, and the king taken by commanders", () => {
    const rules = parsed(BERSERK);
    expect(rules.layout).toBe('3ttttt3/5c5/11/t4T4t/t3TTT3t/tc1TTKTT1ct/t3NTT3t/t4T4t/11/5c5/3ttttt3');
    expect(rules.jumps).toEqual({ king: 'restricted', knights: 'capture', commanders: 'jump' });
    expect(rules.berserk).toBe('capture');
    expect(rules.king).toMatchObject({ capture: 'commanders-2', immuneOnEdge: false });
    expect(rules).toEqual(builtInVariant('opentafl-berserk')!.rules);
  });

  it('prints the keys back: the printed string reads as the same rules', () => {
    const out = printOtn(parsed(BERSERK), 'Berserk');
    expect(out.unsupported).toEqual([]);
    expect(out.otn).toContain(' ks:s kj:r nj:c cj:j mj:n gj:n ber:c ');
    expect(parsed(out.otn!)).toEqual(parsed(BERSERK));
  });

  it('leaves out jumps of kinds the layout lacks, and jumps and berserk altogether when off (one canonical form)', () => {
    expect(parsed(`dim:7 nj:c cj:j start:${BRANDUB}`).jumps).toBeUndefined();
    expect(parsed(`dim:7 kj:c start:${BRANDUB}`).jumps).toEqual({ king: 'capture', knights: 'none', commanders: 'none' });
    expect(parsed(`dim:7 start:${WITH_PIECES}`).jumps).toEqual({ king: 'none', knights: 'capture', commanders: 'jump' });
    expect(parsed(`dim:7 ber:n start:${BRANDUB}`).berserk).toBeUndefined();
    expect(parsed(`dim:7 ber:m start:${BRANDUB}`).berserk).toBe('any-move');
  });

  it('keeps where a jump may land apart from where a move may end only where something jumps', () => {
    // The king may stop on the throne (cens) but not pass it (cenp): a move cannot end there, a jump can.
    const jumping = parsed(`dim:7 kj:j cenp:tT cens:K start:${BRANDUB}`).throne!;
    expect(jumping).toMatchObject({ whoMayStop: 'nobody', whoMayLand: 'king' });
    expect(parsed(`dim:7 cenp:tT cens:K start:${BRANDUB}`).throne!.whoMayLand).toBeUndefined();
    expect(parseOtn(printOtn(parsed(`dim:7 kj:j cenp:tT cens:K start:${BRANDUB}`), 'T').otn!)).toMatchObject({ ok: true });
  });

  it('refuses by name what the engine cannot play as OpenTafl does', () => {
    // c is left out beside t, and N beside T: one problem each.
    expect(problems(`dim:7 cenh:tT start:${WITH_PIECES}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.cenh', 'UNSUPPORTED_OTN_KEY@otn.cenh']);
    expect(problems(`dim:7 spd:2,1,2,-1,-1,-1,-1,-1,-1,-1,-1,-1, start:${WITH_PIECES}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.spd']);
    expect(problems(`dim:7 ks:m start:${WITH_PIECES}`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.ks']);
    expect(problems(`dim:7 kj:x ber:y start:${BRANDUB}`)).toEqual(['BAD_OTN_VALUE@otn.kj', 'BAD_OTN_VALUE@otn.ber']);
    // OpenTafl's attacking king is not a piece of this engine.
    expect(problems(`dim:7 start:/3t3/3k3/3t3/tttKttt/3T3/3T3/3t3/`)).toEqual(['UNSUPPORTED_OTN_KEY@otn.start']);
  });

  it('prints no string for a commanders-2 king without attacker commanders or knights, saying why', () => {
    const rules = {
      ...parsed(`dim:7 start:${BRANDUB}`),
      king: { ...parsed(`dim:7 start:${BRANDUB}`).king, capture: 'commanders-2' as const, immuneOnEdge: false },
    };
    const out = printOtn(rules, 'T');
    expect(out.otn).toBeNull();
    expect(out.unsupported.join(' ')).toContain('attacker commanders or knights');
  });
});

describe('OTN-12 and OTN-13 in definitions', () => {
  const base = () => ({ ...parsed(`dim:7 start:${WITH_PIECES}`) });

  it('checks jumps and berserk, naming each bad field', () => {
    const r = validateRules({ ...base(), jumps: { king: 'fly', knights: 'none', commanders: 'none', queens: 'jump' }, berserk: 'always' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((e) => e.field).sort()).toEqual(['berserk', 'jumps.king', 'jumps.queens']);
  });

  it('accepts a defender commander C without Unst commanders: it is OpenTafl’s', () => {
    expect(validateRules({ ...base(), layout: '3t3/3c3/3T3/ttCKTtt/3T3/3t3/3t3' }).ok).toBe(true);
  });

  it('refuses a piece the variant does not hold in a position (BAD_TFEN_PIECE_NOT_IN_VARIANT)', () => {
    const brandub = compileVariant('b', parsed(`dim:7 start:${BRANDUB}`));
    const loaded = GameState.fromTfen(brandub, '3t3/3t3/3T3/ttTKTtt/3T3/3n3/3t3 a');
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error[0]).toMatchObject({ code: 'BAD_TFEN_PIECE_NOT_IN_VARIANT' });
    expect(loaded.error[0].message).toContain('attacker knights');
    const withPieces = compileVariant('p', parsed(`dim:7 start:${WITH_PIECES}`));
    expect(GameState.fromTfen(withPieces, '3t3/3t3/3T3/ttTKTtt/3T3/3n3/3t3 a').ok).toBe(false);
    expect(GameState.fromTfen(withPieces, '3t3/3c3/3T3/ttTKTtt/3N3/3c3/3t3 a').ok).toBe(true);
  });
});
