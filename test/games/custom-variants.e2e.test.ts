/**
 * Variants as data end to end (api.md section 9) on both databases: OpenTafl strings and definitions
 * parsed, registered under content ids and used like a built-in in stateless operations, stored games,
 * exports and pictures; the four OpenTafl records imported without a variant; GraphQL mirrors; and a
 * variant registered by one process used by another on the same PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestApp, getJson, gql, postJson } from '../api/harness';
import { hasSharedRecords, RECORDS_DIR } from '../helpers/shared-data';
import { createGame, expectProblem, playAll, startReady } from './client';
import { createPostgresDatabase, databases } from './db';

vi.setConfig({ testTimeout: 30_000 });

const SEA_BATTLE = 'dim:9 esc:e ka:n cen: cenhe: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/';
/** A Brandub with a weak king and no throne hostility (OpenTafl's own example of a Brandub string). */
const BRANDUB_WEAK = 'dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
const CUSTOM_ID = /^custom-[0-9a-f]{12}$/;

const RECORDS: [string, number][] = [
  ['Crust-vs-Schachus-Grandmasters-2015.otg', 68],
  ['Fish-Nasa-2015-Fetlar.otg', 39],
  ['Animals-Xerxes-Brandub-Triathlon-2015.otg', 20],
  ['Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg', 57],
];
const withRecords = hasSharedRecords(...RECORDS.map(([f]) => join('opentafl-otg', f)));

describe.each(databases())('custom variants on $name', (db) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startReady(await db.setup());
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await db.teardown();
  });

  it('parses an OpenTafl string into its definition and description; refuses unplayable keys by name, listing every problem', async () => {
    const r = await postJson(s, '/v1/variants/parse', { otn: SEA_BATTLE });
    expect(r.status).toBe(200);
    expect(r.body.definition).toMatchObject({ size: 9, throne: null, corners: null, escape: 'edge', king: { armed: false } });
    expect(r.body.variant).toMatchObject({
      id: expect.stringMatching(CUSTOM_ID),
      size: 9,
      otn: expect.stringMatching(/^dim:9 .* starti:/),
    });
    const bad = await postJson(s, '/v1/variants/parse', {
      // OpenTafl's attacking king (k), and a middleweight king (ks:m) facing commanders (c): neither is played.
      otn: 'dim:11 ks:m start:/3ttttt3/5c5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5k5/3ttttt3/',
    });
    expectProblem(bad, 400, 'BAD_USER_INPUT');
    expect(bad.body.errors.map((e: { code: string; field: string }) => `${e.code}@${e.field}`)).toEqual([
      'UNSUPPORTED_OTN_KEY@otn.start',
      'UNSUPPORTED_OTN_KEY@otn.ks',
    ]);
    const both = await postJson(s, '/v1/variants/parse', { otn: SEA_BATTLE, definition: { base: 'fetlar' } });
    expectProblem(both, 400, 'BAD_USER_INPUT');
    const invalid = await postJson(s, '/v1/variants/parse', { definition: { base: 'fetlar', size: 12, escape: 'sideways' } });
    expectProblem(invalid, 400, 'BAD_USER_INPUT');
    expect(invalid.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['definition.size', 'definition.escape']),
    );
  });

  it('registers under a content id: the same rules, as otn or as a definition, always get the same id', async () => {
    const a = await postJson(s, '/v1/variants', { otn: SEA_BATTLE, name: 'Sea Battle (mine)' });
    expect(a.status).toBe(201);
    expect(a.body.id).toMatch(CUSTOM_ID);
    const again = await postJson(s, '/v1/variants', { otn: `${SEA_BATTLE}` });
    const asDefinition = await postJson(s, '/v1/variants', {
      definition: (await postJson(s, '/v1/variants/parse', { otn: SEA_BATTLE })).body.definition,
    });
    expect([again.body.id, asDefinition.body.id]).toEqual([a.body.id, a.body.id]);
    expect(again.body.name).toBe('Sea Battle (mine)');
    const read = await getJson(s, `/v1/variants/${a.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: a.body.id, otn: a.body.otn, otnUnsupported: [] });
    expectProblem(await getJson(s, '/v1/variants/custom-000000000000'), 404, 'VARIANT_NOT_FOUND');
  });

  it('plays a custom variant in every stateless operation by id, by otn and by definition, with the same answers', async () => {
    const id = (await postJson(s, '/v1/variants', { otn: BRANDUB_WEAK })).body.id;
    const definition = (await postJson(s, '/v1/variants/parse', { otn: BRANDUB_WEAK })).body.definition;
    const moves = ['d2-e2', 'd3-d2'];
    const answers = await Promise.all(
      [{ variant: id }, { otn: BRANDUB_WEAK }, { definition }].map((v) => postJson(s, '/v1/legal-moves', { ...v, moves })),
    );
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expectProblem(await postJson(s, '/v1/evaluate', { variant: id, otn: BRANDUB_WEAK }), 400, 'BAD_USER_INPUT');
    expectProblem(await postJson(s, '/v1/evaluate', {}), 400, 'BAD_USER_INPUT');
    const refused = await postJson(s, '/v1/apply-move', { otn: 'dim:7 spd:2,3, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', move: 'd2-e2' });
    expectProblem(refused, 400, 'BAD_USER_INPUT');
    expect(refused.body.errors[0]).toMatchObject({ code: 'UNSUPPORTED_OTN_KEY', field: 'otn.spd' });
    const svg = await getJson(s, `/v1/variants/${id}/board.svg?moves=d2-e2`);
    expect(svg.status).toBe(200);
    expect(svg.text).toContain('data-square="e2"');
  });

  it('stores, plays, draws and exports a game of a registered variant; the export writes the full rules string', async () => {
    const variant = await postJson(s, '/v1/variants', { otn: BRANDUB_WEAK });
    const g = await createGame(s, { variant: variant.body.id });
    expect(g.game.variant).toBe(variant.body.id);
    await playAll(s, g, ['d2-e2', 'd3-d2']);
    const png = await getJson(s, `/v1/games/${g.id}/board.png?ply=1`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const otg = await getJson(s, `/v1/games/${g.id}/export?format=otg`);
    expect(otg.text).toContain(`[rules:${variant.body.otn}]`);
    expect(otg.text).toContain('1. d2-e2 d3-d2');
    const again = await postJson(s, '/v1/games/import', { record: otg.text });
    expect(again.status).toBe(201);
    expect(again.body.game).toMatchObject({ variant: variant.body.id, ply: 2 });
  });

  it("plays OpenTafl's mercenaries and guards by API: the registry names them, a captured mercenary changes sides, the export writes its letter", async () => {
    // An attacker on c3 beside a defender mercenary on d3, an attacker guard on a5; the attackers move first.
    const otn = 'dim:7 starti:/1t5/7/g6/7/2tM3/7/4tK1/';
    const parsed = await postJson(s, '/v1/variants/parse', { otn });
    expect(parsed.status).toBe(200);
    expect(parsed.body.definition.throne.mercenariesAndGuards).toEqual({ stop: '', pass: 'mM' });
    const throne = parsed.body.variant.specialSquares.find((q: { kind: string }) => q.kind === 'throne');
    expect(throne.mercenariesAndGuards).toEqual({ stop: '', pass: 'mM', land: null, enter: null });
    expect(parsed.body.variant.pieces.map((p: { letter: string }) => p.letter)).toEqual(expect.arrayContaining(['m', 'M', 'g']));
    const played = await postJson(s, '/v1/apply-move', { otn, move: 'e1-e3' });
    expect(played.status).toBe(200);
    expect(played.body.move.captures).toEqual(['d3']);
    expect(played.body.position).toBe('1t5/7/g6/7/2tmt2/7/5K1 d');
    const variant = await postJson(s, '/v1/variants', { otn });
    const g = await createGame(s, { variant: variant.body.id });
    await playAll(s, g, ['e1-e3']);
    const otg = await getJson(s, `/v1/games/${g.id}/export?format=otg`);
    expect(otg.text).toContain('1. e1-e3xMd3');
  });

  it.skipIf(!withRecords)(
    'imports the four OpenTafl records without a variant, every move replayed, each under the variant its rules string is',
    async () => {
      for (const [file, plies] of RECORDS) {
        const record = readFileSync(join(RECORDS_DIR, 'opentafl-otg', file), 'utf8');
        const r = await postJson(s, '/v1/games/import', { record });
        expect(r.status, `${file}: ${JSON.stringify(r.body)}`).toBe(201);
        expect(r.body.game.ply, file).toBe(plies);
        const v = await getJson(s, `/v1/variants/${r.body.game.variant}`);
        expect(v.status, file).toBe(200);
        const rules = /\[rules:([^\]]*)\]/.exec(record)![1];
        const parsed = await postJson(s, '/v1/variants/parse', { otn: rules });
        expect(v.body.definition, file).toEqual(parsed.body.definition);
      }
    },
  );

  it('mirrors it all in GraphQL: parseVariant, registerVariant, otn and definition in the state input', async () => {
    const parsed = await gql(s, 'query($otn: String) { parseVariant(otn: $otn) { definition variant { id otn } } }', { otn: SEA_BATTLE });
    expect(parsed.body.data.parseVariant.variant.id).toMatch(CUSTOM_ID);
    const registered = await gql(s, 'mutation($otn: String) { registerVariant(otn: $otn) { id otnUnsupported } }', { otn: SEA_BATTLE });
    expect(registered.body.data.registerVariant.id).toBe(parsed.body.data.parseVariant.variant.id);
    const moves = await gql(s, 'query($s: GameStateInput!) { legalMoves(state: $s) { count } }', { s: { otn: SEA_BATTLE } });
    expect(moves.body.data.legalMoves.count).toBe(80);
    const byDefinition = await gql(s, 'query($s: GameStateInput!) { legalMoves(state: $s) { count } }', {
      s: { definition: parsed.body.data.parseVariant.definition },
    });
    expect(byDefinition.body.data.legalMoves.count).toBe(80);
    const refused = await gql(s, 'query($otn: String) { parseVariant(otn: $otn) { definition } }', {
      otn: 'dim:9 start:/9/9/9/9/4K4/9/9/9/4k4/',
    });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(refused.body.errors[0].extensions.errors[0]).toMatchObject({ code: 'UNSUPPORTED_OTN_KEY', field: 'otn.start' });
    const listed = await gql(s, '{ variants { id otn otnUnsupported } }');
    const brandubh = listed.body.data.variants.find((v: { id: string }) => v.id === 'brandubh');
    expect(brandubh.otn).toBeNull();
    expect(brandubh.otnUnsupported.length).toBeGreaterThan(0);
  });
});

describe('two service processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    a = await startReady({ DATABASE_URL: created.url });
    b = await startReady({ DATABASE_URL: created.url });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a variant registered on one is found by the other on its first use (loaded from the database on a cache miss)', async () => {
    const id = (await postJson(a, '/v1/variants', { otn: BRANDUB_WEAK })).body.id;
    const moves = await postJson(b, '/v1/legal-moves', { variant: id });
    expect(moves.status).toBe(200);
    const g = await createGame(b, { variant: id });
    const read = await getJson(a, `/v1/games/${g.id}`);
    expect(read.body.variant).toBe(id);
  });
});
