/**
 * Writes docs/discord/*.png (`npm run docs:discord`): the Discord app's answers to a short scripted
 * session, drawn as Discord's dark theme draws a message and photographed with headless Chromium.
 * The answers come from the app itself (in-process, on a throwaway embedded database, through signed
 * interactions as Discord sends them), so the docs show what the app really says, not a mock-up.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/config';

const ALICE = '1000000000000000001';
const BOB = '1000000000000000002';
const NAMES: Record<string, string> = { [ALICE]: 'Alice', [BOB]: 'Bob' };
const APPLICATION_ID = '1100000000000000001';
const GUILD = '1200000000000000001';
const CHANNEL = '1300000000000000001';
const BASE_URL = 'https://tafl.example';
/** A whole Brandubh game (attackers first) that the attackers win: the end shown in game-over.png. */
const GAME = 'd2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4 f4-f5 e6-e7 e2-e3 e7-d7 f5-e5'.split(' ');
const EPHEMERAL = 64;

/** The parts of an interaction response that show in Discord. */
interface Shown {
  content: string;
  ephemeral: boolean;
  embed: { title: string; description: string; footer: string; image: string | null } | null;
  buttons: { style: number; label: string }[];
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const string = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function shownOf(answer: unknown): Shown {
  const a = record(answer);
  if (a.type !== 4) throw new Error(`not a message answer: ${JSON.stringify(answer)}`);
  const data = record(a.data);
  const e = list(data.embeds).map(record)[0];
  return {
    content: string(data.content),
    ephemeral: ((Number(data.flags) || 0) & EPHEMERAL) !== 0,
    embed: e
      ? {
          title: string(e.title),
          description: string(e.description),
          footer: string(record(e.footer).text),
          image: string(record(e.image).url) || null,
        }
      : null,
    buttons: list(data.components)
      .flatMap((row) => list(record(row).components))
      .map(record)
      .map((b) => ({ style: Number(b.style), label: string(b.label) })),
  };
}

let serial = 0;
/** `/tafl <sub> name:value …` from a guild member, shaped as Discord delivers a slash command. */
function command(userId: string, sub: string, options: Record<string, string>) {
  serial++;
  const name = NAMES[userId] ?? userId;
  return {
    type: 2,
    id: `14${String(serial).padStart(17, '0')}`,
    application_id: APPLICATION_ID,
    token: `screenshot-token-${serial}`,
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0 },
    member: {
      user: { id: userId, username: name.toLowerCase(), global_name: name, discriminator: '0', avatar: null },
      roles: [],
      permissions: '0',
    },
    data: {
      id: '1500000000000000001',
      name: 'tafl',
      type: 1,
      options: [{ type: 1, name: sub, options: Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value })) }],
    },
  };
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The little Markdown the app writes: **bold**, `code` and user mentions (shown by name, as Discord does). */
function markdown(text: string): string {
  return escapeHtml(text)
    .replace(/&lt;@!?(\d+)&gt;/g, (_m, id: string) => `<span class="mention">@${escapeHtml(NAMES[id] ?? id)}</span>`)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}

const BUTTON_COLOURS: Record<number, string> = { 1: '#5865f2', 2: '#4e5058', 3: '#248046', 4: '#da373c' };

const CSS = `
body { margin: 0; background: #313338; color: #dbdee1; font-family: "gg sans", "Noto Sans", Helvetica, Arial, sans-serif; }
.message { display: flex; gap: 16px; padding: 16px; }
.avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; background: #5865f2; color: #fff;
  display: flex; align-items: center; justify-content: center; font-weight: 700; font-size: 20px; }
.body { min-width: 0; flex: 1; }
.header { display: flex; align-items: center; gap: 6px; line-height: 22px; }
.name { color: #f2f3f5; font-weight: 600; font-size: 16px; }
.badge { background: #5865f2; color: #fff; font-size: 10px; font-weight: 700; padding: 1px 4px; border-radius: 3px; line-height: 13px; }
.time { color: #949ba4; font-size: 12px; }
.content { font-size: 16px; line-height: 22px; white-space: pre-wrap; }
.embed { margin-top: 4px; max-width: 432px; background: #2b2d31; border-left: 4px solid #5865f2; border-radius: 4px; padding: 8px 16px 16px 12px; }
.title { margin-top: 8px; color: #f2f3f5; font-weight: 700; font-size: 16px; }
.description { margin-top: 8px; font-size: 14px; line-height: 18px; white-space: pre-wrap; }
.embed img { display: block; margin-top: 16px; width: 300px; height: 300px; border-radius: 4px; }
.footer { margin-top: 8px; color: #b5bac1; font-size: 12px; }
.buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { color: #fff; font-size: 14px; font-weight: 500; padding: 0 16px; height: 32px; line-height: 32px; border-radius: 3px; }
.mention { background: rgba(88, 101, 242, 0.3); color: #c9cdfb; border-radius: 3px; padding: 0 2px; font-weight: 500; }
code { background: #2b2d31; border-radius: 4px; padding: 0 3px; font-size: 85%; font-family: Consolas, "Noto Sans Mono", monospace; }
.ephemeral { margin-top: 4px; color: #949ba4; font-size: 12px; }
.ephemeral a { color: #00a8fc; }
`;

/** One message as Discord lays it out; `image` is the embed's picture as a data: URL (no network). */
function page(m: Shown, image: string | null): string {
  const e = m.embed;
  const embed = e
    ? `<div class="embed">
        ${e.title ? `<div class="title">${markdown(e.title)}</div>` : ''}
        ${e.description ? `<div class="description">${markdown(e.description)}</div>` : ''}
        ${image ? `<img src="${image}" alt="">` : ''}
        ${e.footer ? `<div class="footer">${escapeHtml(e.footer)}</div>` : ''}
      </div>`
    : '';
  const buttons = m.buttons.length
    ? `<div class="buttons">${m.buttons
        .map((b) => `<span class="button" style="background:${BUTTON_COLOURS[b.style] ?? BUTTON_COLOURS[2]}">${escapeHtml(b.label)}</span>`)
        .join('')}</div>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
    <div class="message">
      <div class="avatar">T</div>
      <div class="body">
        <div class="header"><span class="name">Tafl</span><span class="badge">APP</span><span class="time">Today at 12:00</span></div>
        ${m.content ? `<div class="content">${markdown(m.content)}</div>` : ''}
        ${embed}
        ${buttons}
        ${m.ephemeral ? '<div class="ephemeral">Only you can see this • <a>Dismiss message</a></div>' : ''}
      </div>
    </div></body></html>`;
}

async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  const out = join(root, 'docs', 'discord');
  mkdirSync(out, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // Discord gives the key as the raw 32 bytes in hex: the tail of the SubjectPublicKeyInfo.
  const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const dbDir = mkdtempSync(join(tmpdir(), 'tafl-discord-docs-'));
  const config = loadConfig({
    PGLITE_DIR: dbDir,
    DISCORD_PUBLIC_KEY: publicKeyHex,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    PUBLIC_BASE_URL: BASE_URL,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
  });
  const app = await createApp({ ...config, connectDatabase: true });
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    const fastify = app.getHttpAdapter().getInstance();
    // A fresh embedded database takes seconds to open; interactions before that would fail.
    for (const deadline = Date.now() + 60_000; (await fastify.inject({ method: 'GET', url: '/ready' })).statusCode !== 200;) {
      if (Date.now() > deadline) throw new Error('the app was not ready within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }

    const tafl = async (userId: string, sub: string, options: Record<string, string>): Promise<Shown> => {
      const body = JSON.stringify(command(userId, sub, options));
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), privateKey).toString('hex');
      const res = await fastify.inject({
        method: 'POST',
        url: '/v1/discord/interactions',
        headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`/tafl ${sub} answered ${res.statusCode}: ${res.body}`);
      return shownOf(JSON.parse(res.body));
    };
    // A refused move would otherwise end up, unnoticed, as the picture of the game in the docs.
    const move = async (userId: string, options: Record<string, string>): Promise<Shown> => {
      const m = await tafl(userId, 'move', options);
      if (m.ephemeral) throw new Error(`${options.move} was refused: ${m.content}`);
      return m;
    };

    const shots: [string, Shown][] = [];
    const created = await tafl(ALICE, 'new', { variant: 'brandubh', opponent: `<@${BOB}>` });
    const gameId = /game ([0-9a-f-]{36})/.exec(created.embed?.footer ?? '')?.[1];
    if (!gameId) throw new Error(`no game id in ${JSON.stringify(created)}`);
    shots.push(['new-game', created]);
    await move(ALICE, { move: GAME[0] });
    shots.push(['move', await move(BOB, { move: GAME[1] })]);
    const refusal = await tafl(ALICE, 'move', { move: 'd2-d1' });
    if (!refusal.ephemeral) throw new Error(`d2-d1 was not refused: ${JSON.stringify(refusal)}`);
    shots.push(['refusal', refusal]);
    shots.push(['open-game', await tafl(ALICE, 'new', { variant: 'copenhagen', opponent: 'open', time: '5+3' })]);
    // The open game is now the channel's game: the Brandubh moves name theirs.
    let last = created;
    for (let ply = 2; ply < GAME.length; ply++) last = await move(ply % 2 === 0 ? ALICE : BOB, { move: GAME[ply], game: gameId });
    if (!last.embed?.description.includes('Game over')) throw new Error(`the game did not end: ${JSON.stringify(last)}`);
    shots.push(['game-over', last]);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const tab = await browser.newPage({ viewport: { width: 640, height: 800 } });
    for (const [name, shown] of shots) {
      let image: string | null = null;
      if (shown.embed?.image) {
        // Discord would fetch the picture from PUBLIC_BASE_URL; the same path comes from the app here.
        const url = new URL(shown.embed.image);
        const res = await fastify.inject({ method: 'GET', url: url.pathname + url.search });
        if (res.statusCode !== 200) throw new Error(`${url.pathname}${url.search} answered ${res.statusCode}`);
        image = `data:${String(res.headers['content-type'] ?? 'image/png')};base64,${res.rawPayload.toString('base64')}`;
      }
      await tab.setContent(page(shown, image), { waitUntil: 'load' });
      const file = join(out, `${name}.png`);
      await tab.locator('.message').screenshot({ path: file });
      console.log(`${file.slice(root.length + 1)} (${statSync(file).size} bytes)`);
    }
  } finally {
    await browser?.close();
    await app.close();
    rmSync(dbDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
