/**
 * <tafl-board>'s model without a browser: the piece letters it reads from a TFEN and the names its
 * squares are read out by, OpenTafl's mercenaries and guards (OTN-12) among them. `@tafl/rules` is its
 * source here, so the suite needs no build.
 */
import { builtInVariant } from '../../src/variants';
import { PIECE_NAMES, boardModel, piecesOf, squareLabel } from '../../packages/board/src/board-model';

// Hoisted above the imports by Vitest: the package is read from its source, not its build.
vi.mock('@tafl/rules', () => import('../../src/tafl-rules/index'));

describe('<tafl-board> model', () => {
  it("reads every piece letter of a TFEN, OpenTafl's mercenaries and guards among them", () => {
    const pieces = piecesOf('tTmMgGK/nN5/7/7/7/7/7 a', 7);
    expect(Object.fromEntries(pieces)).toEqual({ a7: 't', b7: 'T', c7: 'm', d7: 'M', e7: 'g', f7: 'G', g7: 'K', a6: 'n', b6: 'N' });
  });

  it('names each kind as the service does, and reads a square out with it', () => {
    expect(PIECE_NAMES).toMatchObject({
      m: 'attacker mercenary',
      M: 'defender mercenary',
      g: 'attacker guard',
      G: 'defender guard',
    });
    const model = boardModel('brandubh', null);
    if (model instanceof Error) throw model;
    expect(model.size).toBe(builtInVariant('brandubh')!.geo.size);
    const withGuard = { ...model, pieces: piecesOf('3t3/3t3/3T3/ttTKTtt/3T3/3t3/3g3 a', 7) };
    expect(squareLabel(withGuard, 'd1', { selected: false })).toBe('d1, attacker guard');
    expect(squareLabel(withGuard, 'd4', { selected: false })).toBe('d4, throne, king');
  });
});
