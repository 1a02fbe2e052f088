import { compileVariant } from '../../src/engine';
import { parseBoardField } from '../../src/engine/tfen';
import { Position } from '../../src/engine/position';
import { MAX_TEXT_BOARD_CHARS, TEXT_STYLES, checkTextOptions, renderText } from '../../src/render';
import { builtInVariant, builtInVariantIds } from '../../src/variants';

/** The board lines of a text board: those that start with a rank number. */
const boardLines = (text: string): string[] => text.split('\n').filter((l) => /^\s*\d+[ [(|]/.test(l));

/** Symbol of each square of a board line (every second character after the label). */
function squaresOf(line: string, labelWidth: number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push([...line][labelWidth + 1 + 2 * i] ?? ' ');
  return out;
}

describe('text boards (api.md section 6)', () => {
  it.each(builtInVariantIds().flatMap((id) => TEXT_STYLES.map((s) => [id, s] as const)))(
    '%s in %s, with every mark and flipped, fits one chat message',
    (id, style) => {
      const v = builtInVariant(id)!;
      const n = v.geo.size;
      const all = Array.from({ length: n }, (_, i) => `${'abcdefghijklmnopqrs'[i]}${i + 1}`);
      const text = renderText(v, Position.start(v), 'defenders', {
        style,
        flip: true,
        lastMove: { from: 'a2', to: 'b2' },
        captures: ['c3', 'd4'],
        highlight: all,
      });
      expect(text.length).toBeLessThan(MAX_TEXT_BOARD_CHARS);
      // Room left for a code fence and a line of chat around it.
      expect(text.length + '```\n\n```'.length + 200).toBeLessThan(MAX_TEXT_BOARD_CHARS);
    },
  );

  it('alea-evangelii (19×19) in ascii: under 2,000 characters, with coordinates, legend and side to move', () => {
    const v = builtInVariant('alea-evangelii')!;
    const text = renderText(v, Position.start(v), 'defenders', { style: 'ascii', lastMove: { from: 'j7', to: 'p7' } });
    expect(text.length).toBeLessThan(2000);
    const lines = text.split('\n');
    const board = boardLines(text);
    expect(board).toHaveLength(19);
    expect(board[0]).toMatch(/^19 /);
    expect(board[18]).toMatch(/^ 1 /);
    expect(lines).toContain('   a b c d e f g h i j k l m n o p q r s');
    expect(text).toContain('t attacker');
    expect(text).toContain('T defender');
    expect(text).toContain('K king');
    expect(text).toContain('# corner');
    expect(text).toContain('+ throne');
    expect(text).not.toContain('commander');
    expect(text).toContain('Defenders to move.');
    expect(text).toContain('Last move: j7-p7.');
    // Rank 10 holds the king on j10, among defenders.
    expect(squaresOf(board[9], 2, 19).join('')).toBe('...t..T.TKT.T..t...');
  });

  it('reads back square by square what the board holds', () => {
    const v = builtInVariant('copenhagen')!;
    const layout = '11/11/11/11/11/5K5/11/11/11/1tT8/11';
    const grid = parseBoardField(layout, 11);
    if (!grid.ok) throw new Error('layout');
    const text = renderText(v, grid.value, 'attackers');
    const board = boardLines(text);
    expect(squaresOf(board[9], 2, 11).join('')).toBe('.tT........');
    expect(squaresOf(board[10], 2, 11).join('')).toBe('#.........#');
    expect(squaresOf(board[5], 2, 11).join('')).toBe('.....K.....');
    const flipped = boardLines(renderText(v, grid.value, 'attackers', { flip: true }));
    expect(flipped[0]).toMatch(/^ 1 /);
    expect(squaresOf(flipped[1], 2, 11).join('')).toBe('........Tt.');
    expect(text.split('\n')).toContain('   a b c d e f g h i j k');
    expect(renderText(v, grid.value, 'attackers', { flip: true }).split('\n')).toContain('   k j i h g f e d c b a');
  });

  it('shows the last move in brackets, highlights in parentheses and captures as x', () => {
    const v = builtInVariant('brandubh')!;
    const grid = parseBoardField('3t3/7/3T3/1tTKTtt/3T3/3t3/3t3', 7);
    if (!grid.ok) throw new Error('layout');
    const text = renderText(v, grid.value, 'defenders', {
      lastMove: { from: 'a4', to: 'b4' },
      captures: ['d6'],
      highlight: ['g1'],
    });
    const board = boardLines(text);
    expect(board[3]).toBe('4[.|t]T K T t t');
    expect(board[1]).toBe('6 . . . x . . .');
    expect(board[6]).toBe('1 # . . t . .(#)');
    expect(text).toContain('[ ] last move');
    expect(text).toContain('( ) highlight');
    expect(text).toContain('x captured');
    expect(text).toContain('Last move: a4-b4, captured d6.');
  });

  it('without coordinates, no rank numbers and no file letters', () => {
    const v = builtInVariant('brandubh')!;
    const text = renderText(v, Position.start(v), 'attackers', { coords: false });
    expect(text.split('\n')[0]).toBe(' # . . t . . #');
    expect(text).not.toMatch(/a b c/);
    expect(text).not.toMatch(/^\d/m);
  });

  it('unicode uses distinct symbols for each piece and special square, none of them ascii', () => {
    const v = builtInVariant('unst-alea-evangelii')!;
    const uni = renderText(v, Position.start(v), 'attackers', { style: 'unicode' });
    const asc = renderText(v, Position.start(v), 'attackers', { style: 'ascii' });
    const legendOf = (text: string): Map<string, string> => {
      const m = new Map<string, string>();
      for (const [, sym, name] of text.matchAll(/(\S) (attacker|defender|king|commander|throne|corner)\b/g)) m.set(name, sym);
      return m;
    };
    const u = legendOf(uni);
    const a = legendOf(asc);
    expect([...u.keys()].sort()).toEqual(['attacker', 'commander', 'corner', 'defender', 'king', 'throne']);
    expect(new Set(u.values()).size).toBe(6);
    for (const [name, sym] of u) {
      expect(sym.charCodeAt(0), name).toBeGreaterThan(127);
      expect(sym).not.toBe(a.get(name));
    }
    const board = boardLines(uni);
    expect(board[9]).toContain(u.get('king'));
    expect(board[9]).toContain(u.get('commander'));
    expect(board[0]).toContain(u.get('corner'));
  });

  it('refuses an unknown style or square with codes', () => {
    const v = builtInVariant('brandubh')!;
    const r = checkTextOptions(v, { style: 'emoji' as never, highlight: ['a9'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.code).sort()).toEqual(['BAD_SQUARE', 'BAD_TEXT_STYLE']);
    expect(() => renderText(v, Position.start(v), 'attackers', { highlight: ['a9'] })).toThrow(RangeError);
  });

  describe("OpenTafl's mercenaries and guards (OTN-12)", () => {
    const withLayout = (layout: string) => compileVariant('brandubh-otn12', { ...builtInVariant('brandubh')!.rules, layout });
    const NAMES = ['attacker mercenary', 'defender mercenary', 'attacker guard', 'defender guard'];

    it('shows them by their OTN letters in ascii and distinct symbols in unicode, each named in the legend', () => {
      const v = withLayout('3m3/3t3/3G3/tgTKTtt/3T3/3t3/3t3');
      const grid = parseBoardField('tTmMgGK/nN5/7/7/7/7/7', 7);
      if (!grid.ok) throw new Error('layout');
      const asc = renderText(v, grid.value, 'attackers', { style: 'ascii' });
      const uni = renderText(v, grid.value, 'attackers', { style: 'unicode' });
      expect(squaresOf(boardLines(asc)[0], 1, 7).join('')).toBe('tTmMgGK');
      for (const [sym, name] of [
        ['m', 'attacker mercenary'],
        ['M', 'defender mercenary'],
        ['g', 'attacker guard'],
        ['G', 'defender guard'],
      ])
        expect(asc).toContain(`${sym} ${name}`);
      const symbols = squaresOf(boardLines(uni)[0], 1, 7);
      // Every symbol of the row is a different non-ascii one, and the legend names it.
      expect(new Set(symbols).size).toBe(7);
      for (const sym of symbols) expect(sym.charCodeAt(0)).toBeGreaterThan(127);
      for (const name of NAMES) expect(uni).toMatch(new RegExp(`\\S ${name}`));
      expect(uni).toContain(`${symbols[2]} attacker mercenary`);
      expect(uni).toContain(`${symbols[3]} defender mercenary`);
      expect(uni).toContain(`${symbols[4]} attacker guard`);
      expect(uni).toContain(`${symbols[5]} defender guard`);
      // None of them is a special square's symbol.
      expect(uni).not.toMatch(new RegExp(`[${symbols.slice(2, 6).join('')}] (throne|corner|citadel|fort)`));
    });

    it("lists only what the variant can hold: a mercenary of the layout brings the other side's, no guard without one", () => {
      const mercenary = withLayout('3m3/3t3/3T3/ttTKTtt/3T3/3t3/3t3');
      const merc = renderText(mercenary, Position.start(mercenary), 'attackers');
      expect(merc).toContain('m attacker mercenary');
      expect(merc).toContain('M defender mercenary');
      expect(merc).not.toContain('guard');
      const guard = withLayout('3t3/3t3/3G3/ttTKTtt/3T3/3t3/3t3');
      const text = renderText(guard, Position.start(guard), 'attackers');
      expect(text).toContain('G defender guard');
      expect(text).not.toMatch(/mercenary|attacker guard/);
      for (const id of builtInVariantIds()) {
        const b = builtInVariant(id)!;
        expect(renderText(b, Position.start(b), 'attackers', { style: 'unicode' }), id).not.toMatch(/mercenary|guard/);
      }
    });
  });
});
