/**
 * The client's picture URLs are the service's: `positionImages` and `gameImages` equal, character for
 * character, what src/http/views/image-links.view.ts puts in answers' `image`, for any variant id,
 * position, last move, game id and ply (the live answers are compared in client-flow.e2e.test.ts).
 */
import fc from 'fast-check';
import { gameImages as serviceGameImages, positionImages as servicePositionImages } from '../../src/http/views/image-links.view';
import { gameImages, gamePictureUrl, positionImages, positionPictureUrl } from '../../packages/client/src/index';

const BASES = ['https://tafl.example', 'http://127.0.0.1:3000', 'https://example.org/tafl'];
const square = fc.tuple(fc.constantFrom(...'abcdefghijklmnopqrs'), fc.integer({ min: 1, max: 19 })).map(([file, rank]) => `${file}${rank}`);
/** TFEN-like text: ranks of letters and counts (two digits included) separated by `/`, then a side. */
const tfen = fc
  .tuple(fc.array(fc.stringMatching(/^[tTKC1-9]{1,6}(1[0-9])?$/), { minLength: 1, maxLength: 19 }), fc.constantFrom('a', 'd'))
  .map(([ranks, side]) => `${ranks.join('/')} ${side}`);
const variant = fc.oneof(
  fc.constantFrom('brandubh', 'copenhagen', 'fetlar', 'alea-evangelii', 'tablut'),
  fc.stringMatching(/^custom-[0-9a-f]{12}$/),
);
const lastMove = fc.option(fc.record({ from: fc.option(square), to: fc.option(square) }), { nil: null });

describe('@tafl/client picture URLs', () => {
  it("equal the service's image URLs of position answers", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), variant, tfen, lastMove, (base, id, position, move) => {
        const last = move && { from: move.from, to: move.to };
        expect(positionImages(base, id, position, last)).toEqual(servicePositionImages(base, id, position, last));
      }),
      { numRuns: 500 },
    );
  });

  it("equal the service's image URLs of stored games at any ply", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), fc.uuid(), fc.nat(10_000), (base, id, ply) => {
        expect(gameImages(base, id, ply)).toEqual(serviceGameImages(base, id, ply));
      }),
    );
  });

  it('write one order with defaults left out, so equal pictures get equal URLs', () => {
    const base = 'https://tafl.example/';
    expect(positionPictureUrl(base, 'svg', { variant: 'brandubh' })).toBe('https://tafl.example/v1/variants/brandubh/board.svg');
    expect(
      positionPictureUrl(base, 'png', { variant: 'brandubh' }, { size: 512, theme: 'wood', coords: true, flip: false, lastMove: 'none' }),
    ).toBe('https://tafl.example/v1/variants/brandubh/board.png');
    // The options in any order give one URL.
    expect(positionPictureUrl(base, 'png', { variant: 'brandubh', moves: ['d2-e2'] }, { theme: 'slate', size: 256, flip: true })).toBe(
      positionPictureUrl(base, 'png', { moves: ['d2-e2'], variant: 'brandubh' }, { flip: true, size: 256, theme: 'slate' }),
    );
    expect(
      positionPictureUrl(base, 'txt', { variant: 'brandubh', position: '7/7/7/3K3/7/7/7 a' }, { style: 'unicode', highlight: ['d4'] }),
    ).toBe('https://tafl.example/v1/variants/brandubh/board.txt?position=7%2F7%2F7%2F3K3%2F7%2F7%2F7_a&highlight=d4&style=unicode');
    expect(gamePictureUrl(base, 'png', 'g-1', { lastMove: 'auto', ply: 3 })).toBe('https://tafl.example/v1/games/g-1/board.png?ply=3');
    expect(gamePictureUrl(base, 'svg', 'g-1', { lastMove: 'none' })).toBe('https://tafl.example/v1/games/g-1/board.svg?lastMove=none');
  });
});
