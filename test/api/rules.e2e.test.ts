import { TestApp, getJson, gql, postJson, startApp } from './harness';

let s: TestApp;
beforeAll(async () => {
  s = await startApp({}, { database: false });
});
afterAll(async () => {
  await s?.close();
});

const MOVE_FIELDS = 'from to notation captures';
const OUTCOME_FIELDS = 'status winner reason detail';
// Line 5 of the Brandubh records: the attackers capture the king with the last move.
const BRANDUBH_GAME = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');

describe('stateless rules API over HTTP (REST and GraphQL)', () => {
  it('legal moves: REST POST, REST GET and GraphQL give identical answers', async () => {
    const state = { variant: 'copenhagen', moves: ['d1-d3'] };
    const rest = await postJson(s, '/v1/legal-moves', { ...state, from: 'f4' });
    expect(rest.status).toBe(200);
    expect(rest.body.count).toBe(9);
    expect(rest.body.sideToMove).toBe('defenders');
    const get = await getJson(s, `/v1/variants/copenhagen/legal-moves?moves=d1-d3&from=f4`);
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(get.body).toEqual(rest.body);
    const g = await gql(
      s,
      `query($s: GameStateInput!) { legalMoves(state: $s, from: "f4") { position sideToMove count moves { ${MOVE_FIELDS} } } }`,
      { s: state },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.legalMoves).toEqual(rest.body);
  });

  it('legal moves GET with a TFEN position written with "_"', async () => {
    const r = await getJson(s, '/v1/variants/brandubh/legal-moves?position=3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3_d');
    expect(r.status).toBe(200);
    expect(r.body.sideToMove).toBe('defenders');
    expect(r.body.position).toBe('3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3 d');
  });

  it('apply move: REST and GraphQL agree, captures in rich notation', async () => {
    const body = { variant: 'brandubh', moves: BRANDUBH_GAME.slice(0, 13), move: 'e7-d7' };
    const rest = await postJson(s, '/v1/apply-move', body);
    expect(rest.status).toBe(200);
    expect(rest.body.move).toEqual({ from: 'e7', to: 'd7', notation: 'e7-d7xd6', captures: ['d6'] });
    expect(rest.body.outcome).toEqual({ status: 'ongoing', winner: null, reason: null, detail: null });
    const g = await gql(
      s,
      `query($s: GameStateInput!, $m: String!) { applyMove(state: $s, move: $m) { position sideToMove move { ${MOVE_FIELDS} } outcome { status winner reason detail } } }`,
      { s: { variant: body.variant, moves: body.moves }, m: body.move },
    );
    expect(g.body.data.applyMove).toEqual(rest.body);
  });

  it('evaluate: a captured king ends the game (REST, GET and GraphQL)', async () => {
    const rest = await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: BRANDUBH_GAME });
    expect(rest.status).toBe(200);
    expect(rest.body.outcome).toMatchObject({ status: 'finished', winner: 'attackers', reason: 'king_captured' });
    const get = await getJson(s, `/v1/variants/brandubh/evaluate?moves=${BRANDUBH_GAME.join(',')}`);
    expect(get.body).toEqual(rest.body);
    const g = await gql(
      s,
      `query($s: GameStateInput!) { evaluateOutcome(state: $s) { position sideToMove outcome { ${OUTCOME_FIELDS} } } }`,
      {
        s: { variant: 'brandubh', moves: BRANDUBH_GAME },
      },
    );
    expect(g.body.data.evaluateOutcome).toEqual(rest.body);
  });

  it('validate game: plies with captures, or the first illegal move as a normal answer', async () => {
    const ok = await postJson(s, '/v1/validate-game', { variant: 'brandubh', moves: BRANDUBH_GAME });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    expect(ok.body.plies).toHaveLength(15);
    expect(ok.body.plies[14].move.captures).toEqual(['d5', 'e4']);
    expect(ok.body.error).toBeNull();
    const bad = await postJson(s, '/v1/validate-game', { variant: 'brandubh', moves: ['d2-e2', 'c4-c5', 'e2-e9'] });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({
      valid: false,
      plies: [{ index: 0 }, { index: 1 }],
      error: { index: 2, move: 'e2-e9', reason: 'BAD_SQUARE' },
    });
    const g = await gql(
      s,
      `query($s: GameStateInput!) { validateGame(state: $s) { valid position sideToMove plies { index move { ${MOVE_FIELDS} } } outcome { ${OUTCOME_FIELDS} } error { index move reason message } } }`,
      { s: { variant: 'brandubh', moves: ['d2-e2', 'c4-c5', 'e2-e9'] } },
    );
    expect(g.body.data.validateGame).toEqual(bad.body);
  });

  it('an illegal move is 422 with reason and index (REST) and ILLEGAL_MOVE (GraphQL)', async () => {
    const rest = await postJson(s, '/v1/apply-move', { variant: 'brandubh', moves: ['d2-e2', 'c4-c5'], move: 'a4-a1' });
    expect(rest.status).toBe(422);
    expect(rest.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(rest.body).toMatchObject({ status: 422, code: 'ILLEGAL_MOVE', reason: 'RESTRICTED_SQUARE', index: 2, move: 'a4-a1' });
    const inMoves = await postJson(s, '/v1/legal-moves', { variant: 'brandubh', moves: ['d2-e2', 'd5-d6'] });
    expect(inMoves.body).toMatchObject({ status: 422, reason: 'DESTINATION_OCCUPIED', index: 1 });
    const g = await gql(s, `{ applyMove(state: {variant: "brandubh", moves: ["d2-e2", "c4-c5"]}, move: "a4-a1") { position } }`);
    expect(g.body.errors[0].extensions).toMatchObject({ code: 'ILLEGAL_MOVE', reason: 'RESTRICTED_SQUARE', index: 2 });
  });

  it('malformed input is a 400 problem with every problem listed', async () => {
    const tfen = await postJson(s, '/v1/evaluate', { variant: 'brandubh', position: '3t3/3t2/3X3/ttTKTtt/3T3/3t3/3t3 x' });
    expect(tfen.status).toBe(400);
    expect(tfen.body.code).toBe('BAD_USER_INPUT');
    expect(tfen.body.errors.map((e: { code: string }) => e.code)).toEqual(['BAD_TFEN_ROW_WIDTH', 'BAD_TFEN_PIECE', 'BAD_TFEN_SIDE']);
    expect(tfen.body.errors[0]).toMatchObject({ field: 'position', offset: 4 });
    const types = await postJson(s, '/v1/evaluate', { variant: 'brandubh', moves: ['d2-e2', 7] });
    expect(types.status).toBe(400);
    expect(types.body.errors).toEqual([expect.objectContaining({ field: 'moves' })]);
    const variant = await postJson(s, '/v1/legal-moves', { variant: 'chess' });
    expect(variant.status).toBe(400);
    expect(variant.body.code).toBe('VARIANT_NOT_FOUND');
    const json = await postJson(s, '/v1/legal-moves', '{"variant":');
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toMatch(/problem\+json/);
    const g = await gql(s, `{ evaluateOutcome(state: {variant: "brandubh", position: "7/7 a"}) { position } }`);
    expect(g.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [expect.objectContaining({ code: 'BAD_TFEN_ROW_COUNT' })],
    });
    const gv = await gql(s, `{ legalMoves(state: {variant: "chess"}) { count } }`);
    expect(gv.body.errors[0].extensions.code).toBe('VARIANT_NOT_FOUND');
  });

  it('GraphQL refuses queries deeper or costlier than the limits', async () => {
    const many = Array.from(
      { length: 60 },
      (_, i) => `a${i}: variants { pieces { name } specialSquares { squares hostileTo { king } } }`,
    ).join(' ');
    const r = await gql(s, `{ ${many} }`);
    expect(r.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});
