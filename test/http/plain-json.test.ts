/**
 * readPlainJsonObject (src/http/plain-json.ts) must read what it accepts exactly as JSON.parse does,
 * and decline (null) whatever is outside its plain shape (strings, null, lists of strings, objects three
 * deep): checked on request bodies as clients write
 * them, on hand-picked edge cases, and on thousands of random mutations of valid bodies (a mutation
 * JSON.parse refuses must be declined; one it reads, either declined or read the same).
 */
import { describe, expect, it } from 'vitest';
import { readPlainJsonObject } from '../../src/http/plain-json';
import { seededRandom } from '../../src/engine/random-playout';

const plainObject = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('readPlainJsonObject', () => {
  it('reads the bodies clients send as JSON.parse does', () => {
    const bodies = [
      '{"variant":"copenhagen","moves":["d1-d3","f4-c4"]}',
      '{}',
      ' { } ',
      '{"variant":"brandubh"}',
      '{ "variant" : "brandubh" , "moves" : [ ] , "from" : null }\n',
      '{\t"position":"3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 a",\r\n"moves":["d2-e2"]}',
      '{"variant":"brandübh-ö","moves":["ä1-ä2"]}',
      '{"__proto__":"x"}',
      '{"":""}',
      '{"query":"query($s: GameStateInput!) { legalMoves(state: $s) { count } }","variables":{"s":{"variant":"brandubh","moves":["d2-e2"]}}}',
      '{"a":{"b":{"c":"d"}},"e":{}}',
    ];
    for (const text of bodies) expect(plainObject(readPlainJsonObject(text))).toEqual(JSON.parse(text));
    // A key called __proto__ is an own field, as JSON.parse makes it, not the prototype.
    expect(Object.keys(readPlainJsonObject('{"__proto__":"x"}')!)).toEqual(['__proto__']);
  });

  it('declines what is outside the plain shape, valid JSON or not', () => {
    const declined = [
      '',
      '[]',
      '"x"',
      'null',
      '{"a":1}',
      '{"a":true}',
      '{"a":{"b":{"c":{"d":"e"}}}}',
      '{"a":{"b":1}}',
      '{"a":[["b"]]}',
      '{"a":["b",null]}',
      '{"a":"b\\"c"}',
      '{"a":"\\u0041"}',
      '{"a\\n":"b"}',
      '{"a":"b","a":"c"}',
      '{"a":"\u0000"}',
      '{"a":"\ud83d\ude00"}',
      '{"a":"\ud800"}',
      '{"a":"b"} x',
      '{"a":"b"}}',
      '{"a":"b",}',
      '{"a":["b",]}',
      '{"a" "b"}',
      '{"a":nul}',
      '{"a":"b"',
      '{"a":["b"',
      '{a:"b"}',
      "{'a':'b'}",
      '\u00a0{"a":"b"}',
    ];
    for (const text of declined) expect(readPlainJsonObject(text), text).toBeNull();
  });

  it('on random mutations of valid bodies: declined, or read as JSON.parse reads them', () => {
    const rnd = seededRandom(11);
    const alphabet = ['"', ',', ':', '[', ']', '{', '}', ' ', '\\', 'n', 'u', 'l', '1', 'a', '-', '\n', '\u0000', 'ü', '\ud800'];
    const seeds = [
      '{"variant":"copenhagen","moves":["d1-d3","f4-c4"],"from":null}',
      '{"variant":"tablut","position":"x a","moves":[]}',
      '{"query":"{ legalMoves(state: $s) { count } }","variables":{"s":{"variant":"x","moves":["a"]}}}',
    ];
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = seeds[i % seeds.length];
      for (let k = 1 + (rnd() % 3); k > 0; k--) {
        const at = rnd() % (text.length + 1);
        const op = rnd() % 3;
        const ch = alphabet[rnd() % alphabet.length];
        text =
          op === 0
            ? text.slice(0, at) + ch + text.slice(at)
            : op === 1
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + ch + text.slice(at + 1);
      }
      const mine = readPlainJsonObject(text);
      if (mine === null) continue;
      accepted++;
      expect(plainObject(mine), text).toEqual(parseOrUndefined(text));
    }
    // The check is not vacuous: many mutations stay plain.
    expect(accepted).toBeGreaterThan(1000);
  });
});
