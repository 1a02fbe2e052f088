import { tfen } from '../helpers/diagram';
import { play } from '../helpers/rules';

describe('FET-7 (example of the house style)', () => {
  it('FET-7: four attackers capture the king away from the throne', () => {
    const position = tfen(
      `
      11 + . . . . . . . . . +
      10 . . . . . . . . . . .
       9 . . . . . . . . . . .
       8 . . . . . . . . . . .
       7 . . . t . . . . . . .
       6 . . t K t + . . . . .
       5 . . . . . . . . . . .
       4 . . . t . . . . . . .
       3 . . . . . . . . . . .
       2 . . . . . . . . . . .
       1 + . . . . . . . . . +
         a b c d e f g h i j k
      `,
      'a',
    );
    const r = play('fetlar', position, 'd4-d5');
    expect(r.move.notation).toBe('d4-d5xd6');
    expect(r.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
  });
});
