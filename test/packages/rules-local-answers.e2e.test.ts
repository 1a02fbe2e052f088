/**
 * @tafl/rules answers the operations of api.md section 4 locally with the service's shapes: on seeded
 * random positions of every built-in variant, each local answer (the built package, as published) equals
 * the service's REST answer, and each refusal carries the same code, reason, index and errors.
 */
import * as rules from '@tafl/rules';
import { builtInVariantIds } from '../../src/variants';
import { playoutGame } from '../helpers/playout-game';
import { seededRandom } from '../../src/engine/random-playout';
import { TestApp, getJson, postJson, startApp } from '../api/harness';

let s: TestApp;
beforeAll(async () => {
  s = await startApp({}, { database: false });
});
afterAll(async () => {
  await s?.close();
});

/** The fields a local refusal shares with the service's problem answer. */
function problemFields(p: { code: string; detail: string; errors: unknown; reason?: unknown; index?: unknown; move?: unknown }) {
  return { code: p.code, detail: p.detail, errors: p.errors, reason: p.reason, index: p.index, move: p.move };
}

async function same<T>(path: string, body: Record<string, unknown>, local: rules.Answer<T>): Promise<void> {
  const served = await postJson(s, path, body);
  if (local.ok) {
    expect(served.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    expect(local.value).toEqual(served.body);
  } else {
    expect(served.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
    expect(problemFields(local.error)).toEqual(problemFields(served.body));
  }
}

const GAMES_PER_VARIANT = 5;

describe.each(builtInVariantIds())('%s: local answers equal the service on random positions', (variant) => {
  it('legalMoves (all, and from one square), applyMove (legal and illegal), evaluateOutcome, validateGame', async () => {
    const random = seededRandom(variant.length * 7919);
    for (let seed = 1; seed <= GAMES_PER_VARIANT; seed++) {
      const { moves } = playoutGame(variant, seed * 31 + variant.length, Math.floor(random() * 120));
      const state = { variant, moves };
      const all = rules.legalMoves(state);
      expect(all.ok).toBe(true);
      await same('/v1/legal-moves', state, all);
      const some = all.ok ? all.value.moves[Math.floor(random() * all.value.moves.length)] : undefined;
      if (some?.from) await same('/v1/legal-moves', { ...state, from: some.from }, rules.legalMoves(state, some.from));
      if (some) await same('/v1/apply-move', { ...state, move: some.notation }, rules.applyMove(state, some.notation));
      await same('/v1/apply-move', { ...state, move: 'a1-a1' }, rules.applyMove(state, 'a1-a1'));
      await same('/v1/evaluate', state, rules.evaluateOutcome(state));
      await same('/v1/validate-game', state, rules.validateGame(state));
      const spoiled = { variant, moves: [...moves.slice(0, moves.length >> 1), 'a1-b9', ...moves.slice(moves.length >> 1)] };
      await same('/v1/validate-game', spoiled, rules.validateGame(spoiled));
      await same('/v1/legal-moves', spoiled, rules.legalMoves(spoiled));
    }
  });
});

describe('local answers for variants given as rules, and refusals', () => {
  it('an OpenTafl rules string and a definition play as on the service', async () => {
    const otn = rules.variant('brandubh')!.otn!;
    const { moves } = playoutGame('brandubh', 5, 30);
    await same('/v1/legal-moves', { otn, moves }, rules.legalMoves({ otn, moves }));
    const definition = { base: 'copenhagen', king: { armed: false } };
    const opening = playoutGame('copenhagen', 9, 40).moves;
    await same('/v1/evaluate', { definition, moves: opening }, rules.evaluateOutcome({ definition, moves: opening }));
    await same('/v1/legal-moves', { definition, moves: opening }, rules.legalMoves({ definition, moves: opening }));
  });

  it.each([
    ['an unknown variant', { variant: 'no-such-variant' }],
    ['two variant choices', { variant: 'brandubh', otn: 'dim:7' }],
    ['a bad TFEN', { variant: 'brandubh', position: '3t3/3t3 a' }],
    ['a bad rules string', { otn: 'dim:7 nonsense:1' }],
    ['a bad definition', { definition: { base: 'brandubh', king: { armed: 'sometimes' } } }],
    ['a bad move in the list', { variant: 'fetlar', moves: ['d1-d3', 'zz9'] }],
  ])('%s is refused with the service’s code and errors', async (_what, state) => {
    const local = rules.legalMoves(state as rules.GameStateInput);
    expect(local.ok).toBe(false);
    await same('/v1/legal-moves', state, local);
  });

  it('the registry: variants() and variant(id) equal GET /v1/variants and GET /v1/variants/{id}', async () => {
    const list = await getJson(s, '/v1/variants');
    expect(list.status).toBe(200);
    expect(JSON.parse(JSON.stringify(rules.variants()))).toEqual(list.body.variants ?? list.body);
    const one = await getJson(s, '/v1/variants/copenhagen');
    expect(JSON.parse(JSON.stringify(rules.variant('copenhagen')))).toEqual(one.body);
    expect(rules.variant('no-such-variant')).toBeUndefined();
  });
});
