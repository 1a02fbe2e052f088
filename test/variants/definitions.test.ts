import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileVariant } from '../../src/engine';
import { GameState } from '../../src/engine/game-state';
import { cellOfName } from '../../src/engine/geometry';
import { SQ_ATTACKER_FORT, SQ_CORNER, SQ_DEFENDER_FORT, SQ_THRONE } from '../../src/engine/compiled-variant';
import type { SpecialSquareKind } from '../../src/engine/values';
import { RulesetDefinition } from '../../src/engine/definition';
import {
  BUILT_IN_DEFINITIONS,
  builtInVariants,
  compileCustomVariant,
  customDefinition,
  describeVariant,
  validateDefinition,
  validateRules,
} from '../../src/variants';
import { brandubh } from '../../src/variants/brandubh';
import { fetlar } from '../../src/variants/fetlar';

const rulesOf = (id: string): RulesetDefinition => BUILT_IN_DEFINITIONS.find((d) => d.meta.id === id)!.rules;

/** The parameters in which two rulesets differ, as `path: a -> b`. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) =>
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k),
    );
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${path}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`];
}

describe('variant definitions (rules.md section 3 and 6)', () => {
  it('has the built-in ids of rules.md (the eight of sections 4 and 5, then those defined by OpenTafl strings), each with sources and decisions', () => {
    expect(BUILT_IN_DEFINITIONS.map((d) => d.meta.id)).toEqual([
      'fetlar',
      'fetlar-edge-capture',
      'unst-alea-evangelii',
      'alea-evangelii',
      'alea-evangelii-citadels',
      'copenhagen',
      'brandubh',
      'tablut',
      'sea-battle',
      'tawlbwrdd',
      'opentafl-brandub',
      'magpie',
      'foteviken-tablut',
      'copenhagen-relaxed-shieldwall',
      'opentafl-fetlar',
      'opentafl-tablut',
      'opentafl-berserk',
    ]);
    for (const d of BUILT_IN_DEFINITIONS) {
      expect(validateDefinition(d).ok).toBe(true);
      expect(d.meta.sources.length).toBeGreaterThan(0);
      expect(d.meta.decisions.length).toBeGreaterThan(0);
    }
  });

  it('writes every built-in out in full: no spreading, no import from another variant file', () => {
    for (const d of BUILT_IN_DEFINITIONS) {
      const text = readFileSync(join(__dirname, '../../src/variants', `${d.meta.id}.ts`), 'utf8');
      expect(text, d.meta.id).not.toContain('...');
      const imports = [...text.matchAll(/from '\.\/([a-z-]+)'/g)].map((m) => m[1]);
      expect(
        imports.every((f) => f === 'sources' || f === 'variant-definition'),
        `${d.meta.id} imports ${imports.join(', ')}`,
      ).toBe(true);
    }
  });

  it('differs from its relative exactly where rules.md says (5.1, 5.2, 4.4)', () => {
    expect(differences(rulesOf('fetlar'), rulesOf('fetlar-edge-capture'))).toEqual(['king.immuneOnEdge: true -> false']);
    expect(differences(rulesOf('fetlar'), rulesOf('copenhagen'))).toEqual([
      'corners.hostileTo.king: "never" -> "always"', // CPH-1
      'shieldwall: null -> {"cornersMayClose":true,"moverMustClose":true}', // CPH-2
      'exitFort: null -> {"minWall":1}', // CPH-3
      'encirclement: false -> true', // CPH-4
    ]);
    expect(rulesOf('alea-evangelii-citadels').layout).toBe(rulesOf('alea-evangelii').layout);
  });

  it('piece counts of the layouts match rules.md', () => {
    const count = (id: string) => {
      const c: Record<string, number> = {};
      for (const ch of rulesOf(id).layout.replace(/[0-9/]/g, '')) c[ch] = (c[ch] ?? 0) + 1;
      return c;
    };
    expect(count('fetlar')).toEqual({ t: 24, T: 12, K: 1 });
    expect(count('unst-alea-evangelii')).toEqual({ t: 48, T: 20, C: 4, K: 1 });
    expect(count('alea-evangelii')).toEqual({ t: 48, T: 24, K: 1 });
    expect(count('brandubh')).toEqual({ t: 8, T: 4, K: 1 });
    expect(count('tablut')).toEqual({ t: 16, T: 8, K: 1 });
  });

  it('describes the special squares the engine compiled, and the registry metadata beside them', () => {
    const SQ_OF_KIND: Record<SpecialSquareKind, (fortOf: string | null) => number> = {
      throne: () => SQ_THRONE,
      corner: () => SQ_CORNER,
      citadel: () => SQ_CORNER,
      fort: (side) => (side === 'attackers' ? SQ_ATTACKER_FORT : SQ_DEFENDER_FORT),
    };
    for (const { meta, compiled } of builtInVariants()) {
      const d = describeVariant(meta, compiled);
      expect(d.id).toBe(meta.id);
      for (const s of d.specialSquares) {
        for (const name of s.squares)
          expect(compiled.special[cellOfName(compiled.geo, name)], `${meta.id} ${name}`).toBe(SQ_OF_KIND[s.kind](s.fortOf));
      }
      const described = d.specialSquares.reduce((n, s) => n + s.squares.length, 0);
      expect(described).toBe([...compiled.special].filter((k) => k !== 0).length);
    }
    const citadels = builtInVariants().find((b) => b.meta.id === 'alea-evangelii-citadels')!;
    expect(describeVariant(citadels.meta, citadels.compiled).specialSquares.map((s) => [s.kind, s.squares.join(' ')])).toEqual([
      ['throne', 'j10'],
      ['corner', 'a1 a19 s1 s19'],
      ['citadel', 'a2 b1 b2 a18 b19 b18 s2 r1 r2 s18 r19 r18'],
    ]);
  });

  it('refuses an invalid definition with every problem listed', () => {
    const r = validateRules({
      ...fetlar.rules,
      size: 11,
      layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTK1tt/t3TTT3t/t4T4t/11/5t5/3tttttX',
      corners: { ...fetlar.rules.corners!, squares: ['a1', 'f6'] },
      noLegalMove: 'sulk' as never,
    });
    expect(r.ok).toBe(false);
    const fields = !r.ok ? r.error.map((e) => `${e.code}@${e.field}`) : [];
    expect(fields).toEqual(
      expect.arrayContaining(['BAD_VARIANT_VALUE@noLegalMove', 'BAD_VARIANT_SQUARE@corners.squares[1]', 'BAD_TFEN_PIECE@layout']),
    );
  });

  it('refuses parameters that rules.md fixes for every variant (the throne square), unknown ones and bad corner permissions', () => {
    const r = validateRules({
      ...fetlar.rules,
      throne: { ...fetlar.rules.throne!, square: 'f6' },
      corners: { ...fetlar.rules.corners!, whoMayStop: 'everyone' as never },
      kingArmed: true,
    });
    expect(!r.ok && r.error.map((e) => e.field)).toEqual(['kingArmed', 'throne.square', 'corners.whoMayStop']);
  });

  it('refuses an even or oversized board and a layout with two kings', () => {
    const even = validateRules({ ...fetlar.rules, size: 12 });
    expect(!even.ok && even.error.map((e) => e.code)).toEqual(['BAD_VARIANT_SIZE']);
    const twoKings = validateRules({ ...fetlar.rules, layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttKtt3' });
    expect(!twoKings.ok && twoKings.error.map((e) => e.message)).toEqual(['the layout must hold exactly one king, found 2']);
  });

  it('refuses a layout with a soldier on the throne or a citadel square', () => {
    const onCitadel = validateRules({
      ...rulesOf('alea-evangelii-citadels'),
      layout: rulesOf('alea-evangelii-citadels').layout.replace(/\/19\/2t2t7t2t2$/, '/1t17/2t2t7t2t2'),
    });
    expect(!onCitadel.ok && onCitadel.error.map((e) => e.message)).toEqual(['only the king may stand on the throne or a corner square']);
    const onThrone = validateRules({ ...rulesOf('brandubh'), layout: '3t3/3t3/3T3/ttTTTtt/3K3/3t3/3t3' });
    expect(!onThrone.ok && onThrone.error.map((e) => e.message)).toEqual(['only the king may stand on the throne or a corner square']);
  });

  it('refuses metadata the registry could not show', () => {
    const r = validateDefinition({ meta: { ...fetlar.meta, id: 'Fetlar!', name: '' }, rules: fetlar.rules });
    expect(!r.ok && r.error.map((e) => `${e.code}@${e.field}`)).toEqual(['BAD_VARIANT_ID@id', 'BAD_VARIANT_VALUE@name']);
  });

  it('builds a custom variant from a base and overrides of the mechanics, merging nested parameters', () => {
    const def = customDefinition({
      base: 'copenhagen',
      king: { armed: false },
      throne: { hostileTo: { king: 'never' } },
      repetition: null,
    });
    expect(def.ok).toBe(true);
    if (!def.ok) return;
    expect(def.value.rules.king).toEqual({
      armed: false,
      armedAs: 'hammer-and-anvil',
      capture: 'strong-4',
      immuneOnEdge: true,
      immuneBesideCorner: false,
    });
    expect(def.value.rules.throne!.hostileTo).toEqual({ attackers: 'always', defenders: 'empty', king: 'never' });
    expect(def.value.rules.repetition).toBeNull();
    expect(def.value.rules.shieldwall).toEqual({ cornersMayClose: true, moverMustClose: true });
    expect(def.value.meta).toMatchObject({ id: expect.stringMatching(/^custom-[0-9a-f]{12}$/), name: 'Copenhagen Hnefatafl (custom)' });
    expect(def.value.meta.decisions[0]).toBe('Custom variant based on copenhagen.');
    expect(customDefinition({ base: 'fetlar' }, 'My Fetlar').ok && customDefinition({ base: 'fetlar' }, 'My Fetlar')).toMatchObject({
      value: { meta: { name: 'My Fetlar' } },
    });
    const v = compileCustomVariant({ base: 'copenhagen', king: { armed: false }, repetition: null });
    expect(v.ok && v.value.id).toMatch(/^custom-[0-9a-f]{12}$/);
    expect(v.ok && GameState.start(v.value).tfen()).toBe(`${fetlar.rules.layout} a`);
  });

  it('refuses an unknown base, a bad override and a metadata field among the overrides', () => {
    const unknown = customDefinition({ base: 'chess' });
    expect(!unknown.ok && unknown.error[0]).toMatchObject({ code: 'VARIANT_NOT_FOUND', field: 'base' });
    const bad = customDefinition({ base: 'fetlar', size: 4 });
    expect(!bad.ok && bad.error[0].code).toBe('BAD_VARIANT_SIZE');
    const meta = customDefinition({ base: 'fetlar', name: 'x' } as never);
    expect(!meta.ok && meta.error.map((e) => e.field)).toEqual(['name']);
  });

  it('accepts a complete 5×5 definition without a base', () => {
    const r = compileCustomVariant({
      ...fetlar.rules,
      size: 5,
      layout: '2t2/2T2/ttKtt/2T2/2t2',
      corners: { ...fetlar.rules.corners!, squares: ['a1', 'a5', 'e1', 'e5'] },
    });
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.names[r.value.throne]).toBe('c3');
  });

  it('keeps shieldwall.kingAlwaysArmed (OTN-9) only where it changes something, and refuses a value that is not a boolean', () => {
    const cph = rulesOf('copenhagen');
    const withFlag = (king: RulesetDefinition['king'], flag: unknown) =>
      validateRules({ ...cph, king, shieldwall: { ...cph.shieldwall!, kingAlwaysArmed: flag } });
    const armed = withFlag(cph.king, true);
    expect(armed.ok && armed.value.shieldwall).toEqual(cph.shieldwall);
    const hammer = withFlag({ ...cph.king, armedAs: 'hammer' }, true);
    expect(hammer.ok && hammer.value.shieldwall).toEqual({ ...cph.shieldwall, kingAlwaysArmed: true });
    const off = withFlag({ ...cph.king, armedAs: 'hammer' }, false);
    expect(off.ok && off.value.shieldwall).toEqual(cph.shieldwall);
    const bad = withFlag({ ...cph.king, armed: false }, 'yes');
    expect(!bad.ok && bad.error.map((e) => e.field)).toEqual(['shieldwall.kingAlwaysArmed']);
  });

  describe("describes OpenTafl's mercenaries and guards (OTN-12) where a position can hold them", () => {
    const describeLayout = (layout: string, jumps?: RulesetDefinition['jumps']) => {
      const rules: RulesetDefinition = { ...brandubh.rules, layout, ...(jumps ? { jumps } : {}) };
      return describeVariant(brandubh.meta, compileVariant('brandubh-otn12', rules)).pieces;
    };

    it("lists a mercenary of the layout with the other side's, which a capture makes of it, and the guards it holds", () => {
      const pieces = describeLayout('3m3/3t3/3G3/ttTKTtt/3T3/3t3/3n3', {
        king: 'none',
        knights: 'jump',
        commanders: 'none',
        mercenaries: 'capture',
      });
      expect(pieces.map((p) => [p.letter, p.name, p.side, p.count])).toEqual([
        ['t', 'attacker', 'attackers', 6],
        ['T', 'defender', 'defenders', 3],
        ['K', 'king', 'defenders', 1],
        ['n', 'attacker knight', 'attackers', 1],
        ['m', 'attacker mercenary', 'attackers', 1],
        ['M', 'defender mercenary', 'defenders', 0],
        ['G', 'defender guard', 'defenders', 1],
      ]);
      const by = new Map(pieces.map((p) => [p.letter, p.capturedBy]));
      for (const l of ['m', 'M'] as const) {
        expect(by.get(l)).toMatch(/^two hostile squares on opposite sides/);
        expect(by.get(l)).toContain('may be jumped over');
        expect(by.get(l)).toContain('not removed but changes sides where it stands');
        expect(by.get(l)).toContain('Moves and captures as a soldier of its side.');
        expect(by.get(l)).toMatch(/beyond, capturing it\.$/);
      }
      expect(by.get('n')).toContain('never jumped over');
      expect(by.get('G')).toMatch(/^only by an enemy's capturing jump over it; never by custodial capture or a shieldwall/);
      expect(by.get('G')).toContain('never captures');
      expect(by.get('G')).toContain('no square counts as hostile while an enemy guard stands on it');
      expect(by.get('G')).toMatch(/It does not jump\.$/);
    });

    it('says a mercenary does not jump where the rules give it no jump, and lists none of them without them', () => {
      const pieces = describeLayout('3t3/3t3/3T3/ttTKTtt/3T3/3M3/3g3');
      expect(pieces.map((p) => `${p.letter}${p.count}`)).toEqual(['t6', 'T4', 'K1', 'm0', 'M1', 'g1']);
      expect(pieces.find((p) => p.letter === 'M')!.capturedBy).toMatch(/It does not jump\.$/);
      for (const { meta, compiled } of builtInVariants())
        expect(
          describeVariant(meta, compiled)
            .pieces.map((p) => p.name)
            .join(' '),
          meta.id,
        ).not.toMatch(/mercenary|guard/);
    });
  });
});
