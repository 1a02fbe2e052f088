import { GameState } from '../../src/engine/game-state';
import { BUILT_IN_DEFINITIONS, compileCustomVariant, customDefinition, validateDefinition } from '../../src/variants';
import { fetlar } from '../../src/variants/fetlar';

describe('variant definitions (rules.md section 3 and 6)', () => {
  it('has the eight built-in ids of rules.md, each with sources and decisions', () => {
    expect(BUILT_IN_DEFINITIONS.map((d) => d.id)).toEqual([
      'fetlar',
      'fetlar-edge-capture',
      'unst-alea-evangelii',
      'alea-evangelii',
      'alea-evangelii-citadels',
      'copenhagen',
      'brandubh',
      'tablut',
    ]);
    for (const d of BUILT_IN_DEFINITIONS) {
      expect(validateDefinition(d).ok).toBe(true);
      expect(d.sources.length).toBeGreaterThan(0);
      expect(d.decisions.length).toBeGreaterThan(0);
    }
  });

  it('piece counts of the layouts match rules.md', () => {
    const count = (id: string) => {
      const d = BUILT_IN_DEFINITIONS.find((x) => x.id === id)!;
      const c: Record<string, number> = {};
      for (const ch of d.layout.replace(/[0-9/]/g, '')) c[ch] = (c[ch] ?? 0) + 1;
      return c;
    };
    expect(count('fetlar')).toEqual({ t: 24, T: 12, K: 1 });
    expect(count('unst-alea-evangelii')).toEqual({ t: 48, T: 20, C: 4, K: 1 });
    expect(count('alea-evangelii')).toEqual({ t: 48, T: 24, K: 1 });
    expect(count('brandubh')).toEqual({ t: 8, T: 4, K: 1 });
    expect(count('tablut')).toEqual({ t: 16, T: 8, K: 1 });
  });

  it('refuses an invalid definition with every problem listed', () => {
    const r = validateDefinition({
      ...fetlar,
      size: 11,
      layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTK1tt/t3TTT3t/t4T4t/11/5t5/3tttttX',
      throne: { ...fetlar.throne!, square: 'z9' },
      corners: { ...fetlar.corners!, squares: ['a1', 'f6'] },
      noLegalMove: 'sulk' as never,
    });
    expect(r.ok).toBe(false);
    const fields = !r.ok ? r.error.map((e) => `${e.code}@${e.field}`) : [];
    expect(fields).toEqual(
      expect.arrayContaining([
        'BAD_VARIANT_VALUE@noLegalMove',
        'BAD_VARIANT_SQUARE@throne.square',
        'BAD_VARIANT_SQUARE@corners.squares[1]',
        'BAD_TFEN_PIECE@layout',
      ]),
    );
  });

  it('refuses an even or oversized board and a layout with two kings', () => {
    const even = validateDefinition({ ...fetlar, size: 12 });
    expect(!even.ok && even.error.map((e) => e.code)).toEqual(['BAD_VARIANT_SIZE']);
    const twoKings = validateDefinition({ ...fetlar, layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttKtt3' });
    expect(!twoKings.ok && twoKings.error.map((e) => e.message)).toEqual(['the layout must hold exactly one king, found 2']);
  });

  it('builds a custom variant from a base and overrides, merging nested parameters', () => {
    const def = customDefinition({ base: 'copenhagen', king: { armed: false } as never, repetition: null });
    expect(def.ok).toBe(true);
    if (!def.ok) return;
    expect(def.value.king).toEqual({ armed: false, capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false });
    expect(def.value.repetition).toBeNull();
    expect(def.value.shieldwall).toBe(true);
    const v = compileCustomVariant({ base: 'copenhagen', king: { armed: false } as never, repetition: null });
    expect(v.ok && GameState.start(v.value).tfen()).toBe(`${fetlar.layout} a`);
  });

  it('refuses an unknown base and a bad override', () => {
    const unknown = customDefinition({ base: 'chess' });
    expect(!unknown.ok && unknown.error[0]).toMatchObject({ code: 'VARIANT_NOT_FOUND', field: 'base' });
    const bad = customDefinition({ base: 'fetlar', size: 4 });
    expect(!bad.ok && bad.error[0].code).toBe('BAD_VARIANT_SIZE');
  });

  it('accepts a complete 5×5 definition without a base', () => {
    const r = compileCustomVariant({
      ...fetlar,
      id: 'mini',
      name: 'Mini',
      size: 5,
      layout: '2t2/2T2/ttKtt/2T2/2t2',
      throne: { ...fetlar.throne!, square: undefined },
      corners: { ...fetlar.corners!, squares: ['a1', 'a5', 'e1', 'e5'] },
    });
    expect(r.ok).toBe(true);
  });
});
