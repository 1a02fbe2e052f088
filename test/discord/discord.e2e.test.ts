/**
 * The Discord app (api.md section 12) driven through signed interactions only, as Discord sends them:
 * a key pair made here, the service started with its public key, and a local receiver as
 * DISCORD_API_URL that records the edits of deferred answers. PING, bad and stale signatures, /tafl new
 * against a user, against "open" (the Join button) and against the computer, autocomplete, refusals,
 * a whole game whose REST replay gives the same outcome, the GIF and the record through the deferred
 * path, and no side token in any answer.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseService } from '../../src/games/database/database.service';
import { getJson, postJson, startApp } from '../api/harness';
import { BRANDUBH_GAME, sleep, whenReady } from '../games/client';
import { databases } from '../games/db';
import { Edit, button, command, discordReceiver, interact, keyPair, signed } from './discord-client';

vi.setConfig({ testTimeout: 60_000 });

const ALICE = '1000000000000000001';
const BOB = '1000000000000000002';
const CAROL = '1000000000000000003';
const EPHEMERAL = 64;

describe.each(databases())('the Discord app on $name', (db) => {
  let s: Awaited<ReturnType<typeof startApp>>;
  let receiver: Awaited<ReturnType<typeof discordReceiver>>;
  const { publicKeyHex, privateKey } = keyPair();
  /** Every answer body the app gave, for the token check at the end. */
  const answered: string[] = [];

  beforeAll(async () => {
    receiver = await discordReceiver();
    s = await whenReady(
      await startApp({
        ...(await db.setup()),
        DISCORD_PUBLIC_KEY: publicKeyHex,
        DISCORD_APPLICATION_ID: '1100000000000000001',
        DISCORD_API_URL: receiver.url,
        PUBLIC_BASE_URL: 'https://tafl.example',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await receiver?.close();
    await db.teardown();
  });

  async function send(payload: unknown) {
    const r = await interact(s, privateKey, payload);
    answered.push(r.text);
    expect(r.status, r.text).toBe(200);
    return r.body;
  }
  const gamesStored = async () => (await getJson(s, '/v1/games?limit=100')).body.items.length;
  const gameIdOf = (answer: any): string => /game ([0-9a-f-]{36})/.exec(answer.data.embeds[0].footer.text)![1];
  const restGame = async (id: string) => (await getJson(s, `/v1/games/${id}`)).body;
  /** The message of an answer given at once (type 4), or of the edit that completes a deferred one (type 5). */
  const answerOrEdit = async (answer: any, editsBefore: number): Promise<any> => {
    if (answer.type === 4) return answer.data;
    expect(answer.type).toBe(5);
    return JSON.parse((await waitForEdit(editsBefore + 1)).body.toString('utf8'));
  };
  const waitForEdit = async (n: number): Promise<Edit> => {
    for (let i = 0; i < 200 && receiver.edits.length < n; i++) await sleep(50);
    expect(receiver.edits.length).toBeGreaterThanOrEqual(n);
    return receiver.edits[n - 1];
  };

  it('answers PING with PONG; a bad, missing or stale signature is a 401 and stores nothing', async () => {
    expect(await send({ type: 1, id: '1', application_id: '1', token: 't', version: 1 })).toEqual({ type: 1 });
    const before = await gamesStored();
    const body = JSON.stringify(command(ALICE, 'new', { variant: 'brandubh', opponent: 'open' }));
    const good = signed(privateKey, body);
    const tampered = { ...good, 'x-signature-ed25519': good['x-signature-ed25519'].replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
    const stale = signed(privateKey, body, Math.floor(Date.now() / 1000) - 301);
    const other = signed(keyPair().privateKey, body);
    for (const headers of [tampered, stale, other, { 'content-type': 'application/json' }]) {
      const r = await s.request('POST', '/v1/discord/interactions', body, headers);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('UNAUTHORIZED');
    }
    // Signed, but not an interaction: a 400 naming it, never a 500.
    for (const odd of [[], { type: 2 }, { type: 3, token: 't', data: null }, 'text']) {
      const text = JSON.stringify(odd);
      const r = await s.request('POST', '/v1/discord/interactions', text, signed(privateKey, text));
      expect(r.status, text).toBe(400);
    }
    // The same body signed for another one: the signature covers every byte.
    const r = await s.request('POST', '/v1/discord/interactions', body.replace('brandubh', 'tablut'), good);
    expect(r.status).toBe(401);
    expect(await gamesStored()).toBe(before);
  });

  it('a game against a user: moves with autocomplete, refusals ephemeral and stored nowhere, and the end as REST replays it', async () => {
    const created = await send(command(ALICE, 'new', { variant: 'brandubh', opponent: `<@${BOB}>` }));
    expect(created.type).toBe(4);
    const id = gameIdOf(created);
    const embed = created.data.embeds[0];
    expect(embed.image.url).toBe(`https://tafl.example/v1/games/${id}/board.png?ply=0`);
    expect(embed.description).toContain(`<@${ALICE}>`);
    expect(embed.description).toContain(`<@${BOB}>`);
    expect(created.data.components[0].components.map((b: any) => b.label)).toEqual(['Resign', 'Offer draw', 'Flip', 'Suggest']);
    // Alice made the game and moves first: Bob is not pinged yet, and nobody else ever is.
    expect(created.data.allowed_mentions).toEqual({ parse: [], users: [] });

    // Autocomplete offers exactly the legal moves of the side to move, to its player only.
    const legal = (await postJson(s, '/v1/legal-moves', { variant: 'brandubh', moves: [] })).body.moves.map((m: any) => m.notation);
    const offered = (await send(command(ALICE, 'move', { move: '' }, 'move'))).data.choices.map((c: any) => c.value);
    expect(offered.length).toBe(Math.min(25, legal.length));
    for (const m of offered) expect(legal).toContain(m);
    const fromD2 = (await send(command(ALICE, 'move', { move: 'd2' }, 'move'))).data.choices.map((c: any) => c.value);
    expect(fromD2.sort()).toEqual(legal.filter((m: string) => m.startsWith('d2')).sort());
    expect((await send(command(BOB, 'move', { move: '' }, 'move'))).data.choices).toEqual([]);

    for (const [who, move, why] of [
      [ALICE, 'd2-d1', 'ILLEGAL'],
      [BOB, 'd3-d2', 'out of turn'],
      [CAROL, 'd2-e2', 'not a player'],
    ]) {
      const r = await send(command(who, 'move', { move }));
      expect(r.data.flags, why).toBe(EPHEMERAL);
      expect((await restGame(id)).ply).toBe(0);
    }

    let last: any = null;
    for (const [ply, move] of BRANDUBH_GAME.entries()) {
      last = await send(command(ply % 2 === 0 ? ALICE : BOB, 'move', { move }));
      expect(last.type, JSON.stringify(last)).toBe(4);
      expect(last.data.flags ?? 0).toBe(0);
      if (ply < BRANDUBH_GAME.length - 1) expect(last.data.allowed_mentions.users).toEqual([ply % 2 === 0 ? BOB : ALICE]);
    }
    expect(last.data.embeds[0].description).toContain('Game over');
    expect(last.data.embeds[0].image.url).toBe(`https://tafl.example/v1/games/${id}/board.png?ply=${BRANDUBH_GAME.length}`);
    const stored = await restGame(id);
    const replay = await postJson(s, '/v1/validate-game', { variant: 'brandubh', moves: stored.moves });
    expect(replay.body.outcome).toEqual(stored.outcome);
    expect(stored.outcome).toMatchObject({ status: 'finished', winner: 'attackers' });
    // After the end, moves are refused, ephemerally.
    expect((await send(command(BOB, 'move', { move: 'c3-c2' }))).data.flags).toBe(EPHEMERAL);
  });

  it('an open game: the Join button seats the first presser; a second press is refused; board, flip, draw and resign', async () => {
    const created = await send(command(ALICE, 'new', { variant: 'brandubh', opponent: 'open' }));
    const id = gameIdOf(created);
    const join = created.data.components[0].components.find((b: any) => b.label === 'Join');
    expect(join.custom_id).toBe(`join:${id}`);
    expect((await send(button(ALICE, join.custom_id))).data.flags).toBe(EPHEMERAL);
    const joined = await send(button(BOB, join.custom_id));
    expect(joined.type).toBe(7);
    expect(joined.data.embeds[0].description).toContain(`<@${BOB}>`);
    expect(joined.data.components[0].components.map((b: any) => b.label)).not.toContain('Join');
    expect((await send(button(CAROL, join.custom_id))).data.flags).toBe(EPHEMERAL);
    expect((await restGame(id)).seats).toEqual({ attackers: 'taken', defenders: 'taken' });

    expect((await send(command(ALICE, 'move', { move: 'd2-e2' }))).type).toBe(4);
    const board = await send(command(CAROL, 'board', { ply: 0 }));
    expect(board.data.embeds[0].image.url).toBe(`https://tafl.example/v1/games/${id}/board.png?ply=0`);
    const flip = board.data.components[0].components.find((b: any) => b.label === 'Flip');
    const flipped = await send(button(CAROL, flip.custom_id));
    expect(flipped.type).toBe(7);
    expect(flipped.data.embeds[0].image.url).toBe(`https://tafl.example/v1/games/${id}/board.png?ply=0&flip=1`);

    expect((await send(command(BOB, 'draw'))).data.content).toContain('offers a draw');
    expect((await send(button(ALICE, `draw:${id}`))).data.content).toContain('accepted the draw');
    expect((await restGame(id)).outcome).toMatchObject({ status: 'finished', winner: 'draw' });
    expect((await send(command(ALICE, 'resign'))).data.flags).toBe(EPHEMERAL);
  });

  it('against the computer, rules, and the GIF and record through deferred answers edited via DISCORD_API_URL', async () => {
    const created = await send(command(ALICE, 'new', { variant: 'brandubh', opponent: 'computer', level: 1 }));
    const id = gameIdOf(created);
    // The answer waits for the computer's reply: at once when it came within 2 s, else "thinking…" and an edit.
    const before = receiver.edits.length;
    const replied = await answerOrEdit(await send(command(ALICE, 'move', { move: 'd2-e2' })), before);
    const afterBoth = await restGame(id);
    expect(afterBoth.ply).toBe(2);
    expect(replied.content).toContain(`played d2-e2. The computer answered ${afterBoth.moves[1]}.`);
    expect(replied.embeds[0].image.url).toBe(`https://tafl.example/v1/games/${id}/board.png?ply=2`);
    const suggested = await answerOrEdit(await send(command(ALICE, 'suggest', { level: 1 })), receiver.edits.length);
    expect(suggested.content).toMatch(/^Suggested for the attackers: \*\*[a-g]\d-[a-g]\d/);

    const rules = await send(command(CAROL, 'rules', { variant: 'copenhagen' }));
    expect(rules.data.flags).toBe(EPHEMERAL);
    expect(rules.data.content).toContain('OpenTafl rules string');

    const edits = receiver.edits.length;
    const gif = await send(command(CAROL, 'gif'));
    expect(gif.type).toBe(5);
    const gifEdit = await waitForEdit(edits + 1);
    expect(gifEdit.method).toBe('PATCH');
    expect(gifEdit.url).toMatch(/^\/api\/v10\/webhooks\/1100000000000000001\/interaction-token-\d+\/messages\/@original$/);
    expect(gifEdit.contentType).toMatch(/^multipart\/form-data/);
    expect(gifEdit.body.includes(Buffer.from('GIF89a'))).toBe(true);
    expect(gifEdit.body.toString('latin1')).toContain('name="payload_json"');

    const record = await send(command(CAROL, 'export'));
    expect(record.type).toBe(5);
    const recordEdit = await waitForEdit(edits + 2);
    const text = recordEdit.body.toString('utf8');
    expect(text).toContain(`filename="tafl-${id}.otg"`);
    expect(text).toMatch(/1\. d2-e2 \S+/);
  });

  it('no answer and no edit carries a side token', async () => {
    const sql = s.app.get(DatabaseService) as DatabaseService;
    const rows = (await sql.read((m) => m.query('SELECT attackers_token_hash AS a, defenders_token_hash AS d FROM games'))) as {
      a: string;
      d: string;
    }[];
    const hashes = new Set(rows.flatMap((r) => [r.a, r.d]));
    const texts = [...answered, ...receiver.edits.map((e) => e.body.toString('latin1'))];
    for (const t of texts) {
      expect(t).not.toMatch(/"token"/);
      for (const word of t.match(/[A-Za-z0-9_-]{32}/g) ?? [])
        expect(hashes.has(createHash('sha256').update(word).digest('hex'))).toBe(false);
    }
    expect(texts.length).toBeGreaterThan(20);
  });
});

describe('without DISCORD_PUBLIC_KEY and DISCORD_APPLICATION_ID', () => {
  it('the interactions route answers 404', async () => {
    const s = await startApp({}, { database: false });
    try {
      const r = await s.request('POST', '/v1/discord/interactions', '{"type":1}', { 'content-type': 'application/json' });
      expect(r.status).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe('rate limits of the Discord app (RATE_LIMIT_MAX 3)', () => {
  it('per Discord user and per server, not per address; unsigned requests are charged to their address', async () => {
    const { publicKeyHex, privateKey } = keyPair();
    const dir = mkdtempSync(join(tmpdir(), 'tafl-discord-limits-'));
    const s = await whenReady(
      await startApp({
        PGLITE_DIR: dir,
        DISCORD_PUBLIC_KEY: publicKeyHex,
        DISCORD_APPLICATION_ID: '1100000000000000001',
        RATE_LIMIT_MAX: '3',
      }),
    );
    try {
      const rules = (who: string) => interact(s, privateKey, command(who, 'rules', { variant: 'brandubh' }));
      for (let i = 0; i < 3; i++) expect((await rules(ALICE)).body.data.content).toContain('Brandubh');
      const limited = await rules(ALICE);
      expect(limited.status).toBe(200);
      expect(limited.body.data).toMatchObject({ flags: EPHEMERAL, content: expect.stringMatching(/^Slow down: try again in \d+ s\.$/) });
      // Bob has his own window, but the server's (3 interactions) is spent too.
      expect((await rules(BOB)).body.data.content).toMatch(/^Slow down/);
      // Unsigned requests from one address: 401 until the address's window is spent, then 429.
      const body = JSON.stringify({ type: 1 });
      const unsigned = [];
      for (let i = 0; i < 4; i++)
        unsigned.push((await s.request('POST', '/v1/discord/interactions', body, { 'content-type': 'application/json' })).status);
      expect(unsigned).toEqual([401, 401, 401, 429]);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
