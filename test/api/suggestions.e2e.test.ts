/**
 * Move suggestions over HTTP (api.md section 10): the answer's shape on REST and GraphQL, seeded
 * answers reproducible, problems for bad options and states, the per-client cap, and the event loop
 * free while searches run in the worker pool.
 */
import { spawn } from 'node:child_process';
import { TestApp, getJson, gql, postJson, startApp } from './harness';

let s: TestApp;
beforeAll(async () => {
  s = await startApp({ MAX_SEARCHES_PER_CLIENT: '1' }, { database: false });
});
afterAll(async () => s?.close());

describe('suggest-move', () => {
  it('answers bestMove, lines with scores, depth, nodes, timeMs and level; the best move is legal', async () => {
    const r = await postJson(s, '/v1/suggest-move', { variant: 'copenhagen', level: 5, budgetMs: 300, multiPv: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      level: 5,
      bestMove: { from: expect.any(String), to: expect.any(String), notation: expect.any(String) },
    });
    expect(r.body.lines.length).toBeGreaterThanOrEqual(1);
    expect(r.body.lines.length).toBeLessThanOrEqual(3);
    expect(new Set(r.body.lines.map((l: { moves: string[] }) => l.moves[0])).size).toBe(r.body.lines.length);
    expect(r.body.lines[0].moves[0]).toBe(r.body.bestMove.notation);
    expect(r.body.depth).toBeGreaterThanOrEqual(1);
    expect(r.body.nodes).toBeGreaterThan(0);
    const legal = await postJson(s, '/v1/apply-move', { variant: 'copenhagen', move: r.body.bestMove.notation });
    expect(legal.status).toBe(200);
  });

  it('finds the win in one: the king steps to a corner (score 1000000 − 1)', async () => {
    // Copenhagen, defenders to move; the king on a3 reaches the corner a1 in one move.
    // 6 . . . . t . . . . . .
    // 3 K . . . . . . . . . .
    // 2 . . . . . . . . . . .
    // 1 # . . . . . . . . . #
    //   a b c d e f g h i j k
    const position = '11/11/11/11/11/4t6/11/11/K10/11/11 d';
    const r = await postJson(s, '/v1/suggest-move', { variant: 'copenhagen', position, level: 1, budgetMs: 200 });
    expect(r.status).toBe(200);
    expect(r.body.bestMove.notation).toBe('a3-a1');
    expect(r.body.lines[0].score).toBe(1000000 - 1);
  });

  it('with a seed the answer is byte-identical, even on a machine made busy; it stops by nodes, never by time', async () => {
    // The README's example.
    const body = { variant: 'copenhagen', level: 10, budgetMs: 500, multiPv: 2, seed: 1 };
    const quiet = await postJson(s, '/v1/suggest-move', body);
    expect(quiet.status).toBe(200);
    expect(quiet.body.stoppedBy).not.toBe('time');
    expect(quiet.body.timeMs).toBe(0);
    expect(quiet.headers.get('server-timing')).toMatch(/^search;dur=\d+$/);
    // Two processes spinning on the CPU: the search gets a fraction of the time it had.
    const burners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    try {
      const busy = await postJson(s, '/v1/suggest-move', body);
      expect(busy.text).toBe(quiet.text);
    } finally {
      for (const b of burners) b.kill('SIGKILL');
    }
  });

  it('without a seed the answer says what stopped it, and how long it took', async () => {
    const r = await postJson(s, '/v1/suggest-move', { variant: 'copenhagen', level: 10, budgetMs: 100 });
    expect(r.status).toBe(200);
    expect(['depth', 'nodes', 'time', 'mate']).toContain(r.body.stoppedBy);
    expect(r.body.timeMs).toBeGreaterThan(0);
  });

  it('GraphQL suggestMove answers the same fields', async () => {
    const r = await gql(
      s,
      '{ suggestMove(state: { variant: "brandubh" }, level: 2, budgetMs: 100, seed: 1) { bestMove { notation } lines { moves score } depth nodes timeMs level stoppedBy } }',
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.suggestMove.level).toBe(2);
    expect(r.body.data.suggestMove.timeMs).toBe(0);
    expect(['depth', 'nodes', 'mate']).toContain(r.body.data.suggestMove.stoppedBy);
    expect(r.body.data.suggestMove.bestMove.notation).toMatch(/^[a-g]\d-[a-g]\d/);
  });

  it.each([
    ['a level out of range', { variant: 'brandubh', level: 11 }, 400, 'BAD_USER_INPUT'],
    ['a budget over 5000 ms', { variant: 'brandubh', budgetMs: 6000 }, 400, 'BAD_USER_INPUT'],
    ['multiPv 6', { variant: 'brandubh', multiPv: 6 }, 400, 'BAD_USER_INPUT'],
    ['an unknown variant', { variant: 'chess' }, 400, 'VARIANT_NOT_FOUND'],
    ['an illegal move in the state', { variant: 'brandubh', moves: ['a1-a2'] }, 422, 'ILLEGAL_MOVE'],
    ['a finished game', { variant: 'brandubh', position: '1K5/7/7/7/7/7/3t3 d', moves: ['b7-a7'] }, 422, 'ILLEGAL_MOVE'],
  ])('%s is a problem', async (_what, body, status, code) => {
    const r = await postJson(s, '/v1/suggest-move', body);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
  });

  it('a client past MAX_SEARCHES_PER_CLIENT is refused with 429, and /health answers while searches run', async () => {
    const long = postJson(s, '/v1/suggest-move', { variant: 'alea-evangelii', level: 10, budgetMs: 1500 });
    await new Promise((r) => setTimeout(r, 100));
    const second = await postJson(s, '/v1/suggest-move', { variant: 'brandubh', level: 1, budgetMs: 100 });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('TOO_MANY_SEARCHES');
    let longDone = false;
    void long.then(() => (longDone = true));
    expect((await getJson(s, '/health')).status).toBe(200);
    expect(longDone).toBe(false);
    expect((await long).status).toBe(200);
  });
});
