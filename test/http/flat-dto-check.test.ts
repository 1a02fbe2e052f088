/**
 * The compiled check of flat DTOs must say exactly what class-validator says (the same problems, in the
 * same order, in the same words) on any JSON body: compared on generated bodies for every request class
 * of the rules routes, and a class with a rule it does not compile falls back.
 */
import 'reflect-metadata';
import fc from 'fast-check';
import { plainToInstance } from 'class-transformer';
import { IsOptional, IsPositive, IsString, ValidationError, validateSync } from 'class-validator';
import { flatCheckOf } from '../../src/http/flat-dto-check';
import { ApplyMoveRequest, GameStateInput, LegalMovesRequest } from '../../src/api/rules/game-state.input';
import { PlayMoveRequest } from '../../src/games/game.views';

function byClassValidator(type: new () => object, value: object): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const walk = (errors: ValidationError[]) => {
    for (const e of errors) for (const message of Object.values(e.constraints ?? {})) out.push({ field: e.property, message });
  };
  walk(validateSync(plainToInstance(type, value), { forbidUnknownValues: false }));
  return out;
}

const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.constantFrom(-0, Number.NaN, Infinity, -Infinity, 0.5, '0', '7'),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);
const FIELDS = ['variant', 'otn', 'definition', 'position', 'moves', 'from', 'move', 'expectedPly', 'extra'];
const body = fc.record(Object.fromEntries(FIELDS.map((f) => [f, anyValue])), { requiredKeys: [] });

describe('compiled checks of flat DTOs', () => {
  for (const type of [GameStateInput, LegalMovesRequest, ApplyMoveRequest, PlayMoveRequest]) {
    it(`${type.name}: the same problems as class-validator on 3,000 generated bodies`, () => {
      const check = flatCheckOf(type);
      expect(check).not.toBeNull();
      fc.assert(
        fc.property(body, (value) => {
          const fast = check!(value as Record<string, unknown>).map(({ field, message }) => ({ field, message }));
          expect(fast).toEqual(byClassValidator(type, value));
        }),
        { numRuns: 3000, seed: 14 },
      );
    });
  }

  it('a valid body has no problem, and each wrong field is named', () => {
    const check = flatCheckOf(ApplyMoveRequest)!;
    expect(check({ variant: 'brandubh', moves: ['d2-e2'], move: 'c4-c5' })).toEqual([]);
    expect(check({ variant: 7, moves: ['d2-e2', 3] }).map((i) => i.message)).toEqual([
      'move must be a string',
      'variant must be a string',
      'each value in moves must be a string',
    ]);
  });

  it('a class with a rule it does not compile falls back to class-validator', () => {
    class WithPositive {
      @IsOptional()
      @IsString()
      name?: string;
      @IsPositive()
      count!: number;
    }
    expect(flatCheckOf(WithPositive)).toBeNull();
  });
});
