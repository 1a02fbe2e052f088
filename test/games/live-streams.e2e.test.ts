/**
 * Live games (api.md section 7) in one process on both databases: the app listens on a loopback port
 * and is read by real HTTP clients (NDJSON and SSE) and real graphql-ws clients, while moves are
 * played through it. After every test no stream, watch or per-client count may be left behind.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { GameEventHub } from '../../src/games/events/game-event-hub';
import { DatabaseService } from '../../src/games/database/database.service';
import { GameStreams } from '../../src/games/streams/game-streams.service';
import { LISTENER_APPLICATION_NAME } from '../../src/games/database/pg-notification-listener';
import { TestApp, getJson, gql, startApp } from '../api/harness';
import { BRANDUBH_GAME, action, createGame, getGame, play, playAll, sideOfPly, sleep, whenReady } from './client';
import { databases } from './db';
import { OpenedStream, eventually, openStream, seqsOf, subscribeGame } from './live-client';

vi.setConfig({ testTimeout: 60_000 });

const LIVE_ENV = {
  STREAM_KEEPALIVE_MS: '200',
  MAX_STREAMS_PER_CLIENT: '4',
  REQUEST_TIMEOUT_MS: '1000',
  STREAM_BUFFER_BYTES: '65536',
};

const problemOf = (st: OpenedStream) => ({ status: st.status, code: JSON.parse(st.body).code, contentType: st.headers['content-type'] });

describe.each(databases())('live games on $name', (db) => {
  let s: TestApp & { app: Awaited<ReturnType<typeof startApp>>['app'] };
  let base: string;
  let hub: GameEventHub;
  let streams: GameStreams;
  let closed = false;

  beforeAll(async () => {
    s = await startApp({ ...(await db.setup()), ...LIVE_ENV });
    await whenReady(s);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
    hub = s.app.get(GameEventHub);
    streams = s.app.get(GameStreams);
  }, 60_000);

  afterEach(async () => {
    // No leaked listeners: every stream, its game's watch and its per-client count are gone.
    await eventually(
      () => hub.stats().subscriptions === 0 && hub.stats().games === 0 && streams.openBy('127.0.0.1') === 0,
      5_000,
      `streams released (${JSON.stringify(hub.stats())})`,
    );
  });

  afterAll(async () => {
    if (!closed) await s?.close();
    await db.teardown();
  });

  it('NDJSON: the game as read, then one line per change numbered 1, 2, 3…, keep-alive lines, and the end after the finishing event', async () => {
    const g = await createGame(s);
    const st = await openStream(base, g.id);
    expect(st.status).toBe(200);
    expect(st.headers['content-type']).toBe('application/x-ndjson');
    const [full] = await st.waitFor(1);
    expect(full).toEqual({ type: 'gameFull', seq: 0, game: await getGame(s, g.id) });

    const moved = await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    const offered = await action(s, g.id, 'draw-offer', g.tokens.defenders);
    const reply = await play(s, g.id, BRANDUBH_GAME[1], 1, g.tokens.defenders);
    await action(s, g.id, 'draw-offer', g.tokens.attackers);
    await sleep(450);
    const accepted = await action(s, g.id, 'draw-accept', g.tokens.defenders);
    expect([moved.status, offered.status, reply.status, accepted.status]).toEqual([201, 200, 201, 200]);

    const events = await st.waitFor(6);
    expect(await st.ended).toBe('end');
    expect(events.map((e) => [e.type, e.seq, e.event ?? null])).toEqual([
      ['gameFull', 0, null],
      ['gameState', 1, 'move'],
      ['gameState', 2, 'draw_offer'],
      ['gameState', 3, 'move'],
      ['gameState', 4, 'draw_offer'],
      ['gameState', 5, 'draw_accept'],
    ]);
    expect(events[1]).toEqual({
      type: 'gameState',
      seq: 1,
      event: 'move',
      ply: 1,
      move: moved.body.move,
      position: moved.body.game.position,
      sideToMove: 'defenders',
      outcome: moved.body.game.outcome,
      drawOfferedBy: null,
      clocks: null,
      takebackOfferedBy: null,
      seats: { attackers: 'taken', defenders: 'taken' },
      players: moved.body.game.players,
    });
    expect(events[2]).toMatchObject({ ply: 1, move: null, drawOfferedBy: 'defenders', position: moved.body.game.position });
    // A move withdraws the standing offer.
    expect(events[3]).toMatchObject({ ply: 2, move: reply.body.move, drawOfferedBy: null, sideToMove: 'attackers' });
    expect(events[5]).toMatchObject({ outcome: { status: 'finished', winner: 'draw', reason: 'draw_agreed' }, drawOfferedBy: null });
    expect(st.keepAlives).toBeGreaterThan(0);
    // The game as read now carries the same state as the last line.
    expect((await getGame(s, g.id)).outcome).toEqual(events[5].outcome);
  });

  it('SSE: an event id is its seq; Last-Event-ID (which wins over sinceSeq) and sinceSeq resume after it, without gameFull, nothing twice', async () => {
    const g = await createGame(s);
    await playAll(s, g, BRANDUBH_GAME.slice(0, 3));
    const sse = await openStream(base, g.id, { sse: true });
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const [full] = await sse.waitFor(1);
    expect(full).toMatchObject({ type: 'gameFull', seq: 3, game: { ply: 3 } });
    await play(s, g.id, BRANDUBH_GAME[3], 3, g.tokens[sideOfPly(3)]);
    await sse.waitFor(2);
    expect(sse.ids).toEqual(['3', '4']);
    sse.close();

    // What a browser's EventSource sends when it reconnects to the URL it first opened.
    const resumed = await openStream(base, g.id, { sse: true, lastEventId: '1', sinceSeq: 3 });
    await resumed.waitFor(3);
    await play(s, g.id, BRANDUBH_GAME[4], 4, g.tokens[sideOfPly(4)]);
    await resumed.waitFor(4);
    expect(resumed.ids).toEqual(['2', '3', '4', '5']);
    expect(resumed.events.map((e) => e.type)).toEqual(['gameState', 'gameState', 'gameState', 'gameState']);
    const ndjson = await openStream(base, g.id, { sinceSeq: 2 });
    expect(seqsOf(await ndjson.waitFor(3))).toEqual([3, 4, 5]);
    await sleep(300);
    expect(resumed.keepAlives).toBeGreaterThan(0);
    resumed.close();
    ndjson.close();
  });

  it('a reader that drops and reconnects with the last seq it saw misses no event and gets none twice while the game is played', async () => {
    const g = await createGame(s);
    const first = await openStream(base, g.id);
    const [full] = await first.waitFor(1);
    expect(full).toMatchObject({ type: 'gameFull', seq: 0 });
    const writer = (async () => {
      for (let ply = 0; ply < BRANDUBH_GAME.length; ply++) {
        const r = await play(s, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)]);
        expect(r.status).toBe(201);
        await sleep(ply % 3 === 0 ? 15 : 0);
      }
    })();
    const seen: number[] = [];
    let last = 0;
    let connections = 0;
    for (let st = first; ; st = await openStream(base, g.id, { sinceSeq: last })) {
      connections++;
      const want = st.events.length + 1 + (connections % 3);
      await Promise.race([st.waitFor(want).catch(() => undefined), st.ended]);
      st.close();
      await eventually(() => streams.openBy('127.0.0.1') === 0, 5_000, 'the dropped stream released');
      for (const seq of seqsOf(st.events)) {
        seen.push(seq);
        last = seq;
      }
      if (st.events.at(-1)?.outcome?.status === 'finished') break;
    }
    await writer;
    expect(seen).toEqual(Array.from({ length: BRANDUBH_GAME.length }, (_, i) => i + 1));
    expect(connections).toBeGreaterThan(2);
  });

  it('a finished game: gameFull, then the end; resumed at its last seq 204 No Content; earlier, the events after it, then the end', async () => {
    const g = await createGame(s);
    await playAll(s, g, BRANDUBH_GAME);
    const full = await openStream(base, g.id);
    expect(await full.ended).toBe('end');
    expect(full.events).toEqual([{ type: 'gameFull', seq: 15, game: await getGame(s, g.id) }]);
    const atEnd = await openStream(base, g.id, { sinceSeq: 15 });
    expect(atEnd.status).toBe(204);
    expect(await atEnd.ended).toBe('end');
    expect(atEnd.events).toEqual([]);
    const sseAtEnd = await openStream(base, g.id, { sse: true, lastEventId: '15' });
    expect(sseAtEnd.status).toBe(204);
    const before = await openStream(base, g.id, { sinceSeq: 13, sse: true });
    expect(await before.ended).toBe('end');
    expect(before.ids).toEqual(['14', '15']);
    expect(before.events[1]).toMatchObject({ outcome: { status: 'finished', winner: 'attackers', reason: 'king_captured' } });
  });

  it('refusals are problems before any line: unknown game 404, a malformed or future seq 400, a HEAD opens nothing', async () => {
    const g = await createGame(s);
    const cases: [string, Parameters<typeof openStream>[2], number, string, string | null][] = [
      ['00000000-0000-4000-8000-000000000000', {}, 404, 'GAME_NOT_FOUND', null],
      ['not-a-game', {}, 404, 'GAME_NOT_FOUND', null],
      [g.id, { sinceSeq: 'abc' }, 400, 'BAD_USER_INPUT', 'sinceSeq'],
      [g.id, { sinceSeq: '-1' }, 400, 'BAD_USER_INPUT', 'sinceSeq'],
      [g.id, { sinceSeq: '99999999999' }, 400, 'BAD_USER_INPUT', 'sinceSeq'],
      [g.id, { sinceSeq: 1 }, 400, 'BAD_USER_INPUT', 'sinceSeq'],
      [g.id, { sse: true, lastEventId: 'x' }, 400, 'BAD_USER_INPUT', 'Last-Event-ID'],
    ];
    for (const [id, o, status, code, field] of cases) {
      const st = await openStream(base, id, o);
      expect(problemOf(st), `${id} ${JSON.stringify(o)}`).toEqual({ status, code, contentType: 'application/problem+json; charset=utf-8' });
      await st.ended;
      if (field) expect(JSON.parse(st.body).errors[0]).toMatchObject({ field, code: o?.sinceSeq === 1 ? 'SEQ_AHEAD' : 'BAD_SEQ' });
    }
    const head = await s.request('HEAD', `/v1/games/${g.id}/stream`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/x-ndjson');
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('MAX_STREAMS_PER_CLIENT counts streams and subscriptions together: past it 429 TOO_MANY_STREAMS (and the GraphQL code); closing one makes room', async () => {
    const g = await createGame(s);
    const open = [await openStream(base, g.id), await openStream(base, g.id, { sse: true }), await openStream(base, g.id)];
    const sub = subscribeGame(base, g.id);
    await sub.waitFor(1);
    for (const st of open) await st.waitFor(1);
    expect(streams.openBy('127.0.0.1')).toBe(4);

    const refused = await openStream(base, g.id);
    expect(problemOf(refused)).toEqual({ status: 429, code: 'TOO_MANY_STREAMS', contentType: 'application/problem+json; charset=utf-8' });
    const refusedSub = subscribeGame(base, g.id);
    expect(await refusedSub.done).toEqual({ how: 'complete' });
    expect(refusedSub.errors.map((e) => e.extensions.code)).toEqual(['TOO_MANY_STREAMS']);
    await refusedSub.dispose();

    open[0].close();
    await eventually(() => streams.openBy('127.0.0.1') === 3, 5_000, 'a slot freed');
    const again = await openStream(base, g.id);
    expect(again.status).toBe(200);
    for (const st of [again, ...open]) st.close();
    await sub.dispose();
  });

  it('GraphQL gameUpdated: gameFull, then every change in order; sinceSeq resumes; completes after the finishing event', async () => {
    const g = await createGame(s);
    const sub = subscribeGame(base, g.id);
    const [full] = await sub.waitFor(1);
    expect(full).toMatchObject({ type: 'gameFull', seq: 0, event: null, ply: 0, move: null, game: { id: g.id, ply: 0, moves: [] } });
    const answers = [];
    for (let ply = 0; ply < 3; ply++) answers.push(await play(s, g.id, BRANDUBH_GAME[ply], ply, g.tokens[sideOfPly(ply)]));
    const updates = await sub.waitFor(4);
    expect(updates.slice(1).map((u) => [u.type, u.seq, u.event, u.ply, u.move.notation, u.position])).toEqual(
      answers.map((a, i) => ['gameState', i + 1, 'move', i + 1, a.body.move.notation, a.body.game.position]),
    );
    expect(updates[1]).toMatchObject({ game: null, clocks: null, drawOfferedBy: null, outcome: { status: 'ongoing' } });

    const resumed = subscribeGame(base, g.id, { sinceSeq: 2 });
    expect((await resumed.waitFor(1)).map((u) => u.seq)).toEqual([3]);
    await action(s, g.id, 'resign', g.tokens.defenders);
    expect(await sub.done).toEqual({ how: 'complete' });
    expect(await resumed.done).toEqual({ how: 'complete' });
    expect(sub.updates.at(-1)).toMatchObject({
      seq: 4,
      event: 'resign',
      outcome: { status: 'finished', winner: 'attackers', reason: 'resigned' },
    });
    expect(resumed.updates.map((u) => u.seq)).toEqual([3, 4]);
    await sub.dispose();
    await resumed.dispose();
  });

  it('GraphQL refusals carry client codes: unknown game, bad sinceSeq, a query over the socket, a bad document, a subscription over POST', async () => {
    const g = await createGame(s);
    const codes = async (sub: ReturnType<typeof subscribeGame>) => {
      await sub.done;
      await sub.dispose();
      return sub.errors.map((e) => e.extensions?.code);
    };
    expect(await codes(subscribeGame(base, '00000000-0000-4000-8000-000000000000'))).toEqual(['GAME_NOT_FOUND']);
    expect(await codes(subscribeGame(base, g.id, { sinceSeq: -1 }))).toEqual(['BAD_USER_INPUT']);
    expect(await codes(subscribeGame(base, g.id, { sinceSeq: 7 }))).toEqual(['BAD_USER_INPUT']);
    expect(await codes(subscribeGame(base, g.id, { query: '{ variants { id } }' }))).toEqual(['BAD_REQUEST']);
    expect(await codes(subscribeGame(base, g.id, { query: 'subscription { gameUpdated(id: ' }))).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(await codes(subscribeGame(base, g.id, { query: 'subscription { gameUpdated(id: "x") { nope } }' }))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    // Over the limits graphql-js's own rules are slow on (document-size.ts): refused before validation.
    const copies = `subscription { gameUpdated(id: "${g.id}") { ${'seq '.repeat(501)}} }`;
    expect(await codes(subscribeGame(base, g.id, { query: copies }))).toEqual(['QUERY_TOO_COMPLEX']);
    const overPost = await gql(s, 'subscription($id: ID!) { gameUpdated(id: $id) { seq } }', { id: g.id });
    expect(overPost.body.errors.map((e: any) => e.extensions.code)).toEqual(['BAD_REQUEST']);
  });

  it('a stream outlives REQUEST_TIMEOUT_MS (1 s here) and still delivers', async () => {
    const g = await createGame(s);
    const st = await openStream(base, g.id);
    await st.waitFor(1);
    await sleep(2_500);
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    expect(seqsOf(await st.waitFor(2))).toEqual([1]);
    expect(st.keepAlives).toBeGreaterThan(5);
    st.close();
  });

  it('a reader that stops reading is dropped once STREAM_BUFFER_BYTES wait for it; other streams go on', async () => {
    const g = await createGame(s);
    const other = await createGame(s);
    await play(s, g.id, BRANDUBH_GAME[0], 0, g.tokens.attackers);
    const watcher = await openStream(base, other.id);
    await watcher.waitFor(1);
    // A client that sends its request and never reads: the kernel's buffers fill (a few MB), then ours.
    const port = Number(new URL(base).port);
    const slow = connect(port, '127.0.0.1');
    let received = 0;
    slow.on('data', (d: Buffer) => (received += d.length));
    slow.on('error', () => undefined);
    await new Promise((r) => slow.once('connect', r));
    slow.write(`GET /v1/games/${g.id}/stream?sinceSeq=1 HTTP/1.1\r\nHost: x\r\n\r\n`);
    slow.pause();
    await eventually(() => hub.stats().subscriptions === 2, 5_000, 'slow reader subscribed');

    // Thirty thousand events (about 10 MB of NDJSON) written straight into the log: as many real moves
    // would take minutes. The notification is the one a commit would send.
    const COUNT = 30_000;
    const database = s.app.get(DatabaseService);
    await database.transaction(async (m) => {
      const [{ state }] = (await m.query('SELECT state FROM game_events WHERE game_id = $1 AND seq = 1', [g.id])) as { state: unknown }[];
      await m.query(
        `INSERT INTO game_events (game_id, seq, event, state, created_at)
         SELECT $1, n, 'draw_offer', $2::jsonb, now() FROM generate_series(2, $3::int) AS n`,
        [g.id, JSON.stringify(state), COUNT + 1],
      );
      await m.query('UPDATE games SET last_seq = $2 WHERE id = $1', [g.id, COUNT + 1]);
      await m.query(`SELECT pg_notify('tafl_game_events', json_build_object('gameId', $1::uuid, 'seq', $2::int)::text)`, [g.id, COUNT + 1]);
    });
    await eventually(() => hub.stats().subscriptions === 1, 30_000, 'the slow reader dropped');

    // The stream was cut, not finished: what arrives is short of the 30,000 lines of 300+ bytes.
    slow.resume();
    await new Promise((r) => slow.once('close', r));
    expect(received).toBeLessThan(COUNT * 250);
    await play(s, other.id, BRANDUBH_GAME[0], 0, other.tokens.attackers);
    expect(seqsOf(await watcher.waitFor(2))).toEqual([1]);
    watcher.close();
  });

  it('a request asking for another upgrade (h2c, as curl --http2 sends) is still answered as HTTP/1.1, with its body', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(text));
        let out = '';
        socket.on('data', (d: Buffer) => (out += d.toString()));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
      });
    const upgrade = 'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n';
    const get = await raw(`GET /v1/variants/brandubh HTTP/1.1\r\nHost: x\r\n${upgrade}\r\n`);
    expect(get).toMatch(/^HTTP\/1\.1 200 /);
    expect(get).toMatch(/"id":"brandubh"/);
    const body = JSON.stringify({ variant: 'brandubh', from: 'd5' });
    const post = await raw(
      `POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\n${upgrade}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(post).toMatch(/^HTTP\/1\.1 200 /);
    expect(post).toMatch(/"count":\d+/);
  });

  it.runIf(db.name === 'postgres')('one listening connection per instance, on its own', async () => {
    const url = new URL(db.env().DATABASE_URL);
    const r = await getJson(s, '/ready');
    expect(r.status).toBe(200);
    const { Client } = await import('pg');
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const rows = await c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await c.end();
    }
  });

  // Last: it closes the app.
  it('shutdown ends every stream cleanly (NDJSON, SSE) and closes WebSockets with 1001, so clients reconnect elsewhere', async () => {
    const g = await createGame(s);
    const nd = await openStream(base, g.id);
    const sse = await openStream(base, g.id, { sse: true });
    const sub = subscribeGame(base, g.id);
    await Promise.all([nd.waitFor(1), sse.waitFor(1), sub.waitFor(1)]);
    closed = true;
    await s.close();
    expect(await nd.ended).toBe('end');
    expect(await sse.ended).toBe('end');
    expect(await sub.done).toEqual({ how: 'closed', code: 1001 });
    await sub.dispose();
  });
});
