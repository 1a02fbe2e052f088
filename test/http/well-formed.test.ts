/**
 * The shape checks of request bodies (src/http/well-formed.ts): the scan of the JSON text finds what the
 * walk of the parsed value finds, with the same path, and is not fooled by commas and brackets inside
 * strings.
 */
import { ShapeLimits, findShapeProblem, jsonTextIsPlain, scanJsonShape } from '../../src/http/well-formed';

const LIMITS: ShapeLimits = { depth: 4, keys: 3, items: 3, chars: 100 };
const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('scanJsonShape and findShapeProblem agree', () => {
  it.each([
    ['an object of too many keys', `{"a":${keys(4)}}`, { path: 'a', reason: 'too-many-keys' }],
    ['a list of too many items', '{"a":{"b":[1,2,3,4]}}', { path: 'a.b', reason: 'too-many-items' }],
    ['inside a list', `[1,{"y":${keys(4)}}]`, { path: '[1].y', reason: 'too-many-keys' }],
    ['too deep', '{"a":[[[[1]]]]}', { path: 'a[0][0][0]', reason: 'too-deep' }],
    ['the top level', keys(4), { path: '', reason: 'too-many-keys' }],
  ])('%s', (_what, text, problem) => {
    expect(jsonTextIsPlain(text, LIMITS)).toBe(false);
    expect(scanJsonShape(text, LIMITS)).toEqual(problem);
    expect(findShapeProblem(JSON.parse(text), LIMITS)).toEqual(problem);
  });

  it('commas, brackets and escaped quotes inside strings are text', () => {
    const text = JSON.stringify({ a: 'x,y,z,w,[[[[{{{', b: 'say \\"a,b,c,d\\"', c: ['[,,,]', '{,,,}'] });
    expect(scanJsonShape(text, LIMITS)).toBeNull();
    expect(findShapeProblem(JSON.parse(text), LIMITS)).toBeNull();
  });

  it('a key that only an escape spells reserved is caught once parsed', () => {
    const text = '{"\\u0063onstructor":1}';
    expect(jsonTextIsPlain(text, LIMITS)).toBe(false);
    expect(scanJsonShape(text, LIMITS)).toBeNull();
    expect(findShapeProblem(JSON.parse(text), LIMITS)).toEqual({ path: 'constructor', reason: 'reserved-key' });
  });
});
