/**
 * <tafl-board> on the service's /embed/position page, in Chromium, against the service's own answers:
 * the destinations it shows for a selected piece are the service's legal moves from that square, on
 * random positions of every built-in variant; and a screenshot of each variant's start matches the
 * service's PNG of it square by square (the same special squares, the same pieces on the same squares).
 * No database: the in-process app serves the stateless pages. `npm run build` first (the bundle).
 */
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { playoutState } from '../helpers/playout-game';
import { builtInVariant, builtInVariantIds } from '../../src/variants';
import { isBuilt, postJson, startStatelessApp } from './board-service';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const SIZE = 512;

describe.runIf(hasChromium() && isBuilt())('<tafl-board> against the service', () => {
  let app: Awaited<ReturnType<typeof startStatelessApp>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startStatelessApp();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 800, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const open = async (variant: string, position?: string) => {
    const q = new URLSearchParams({ variant, ...(position ? { position: position.replace(' ', '_') } : {}) });
    await page.goto(`${app.base}/embed/position?${q.toString()}`);
    await page.locator('tafl-board [role=gridcell]').first().waitFor();
  };

  it.each(builtInVariantIds())('shows the legal destinations of every piece as the service does: %s', async (id) => {
    for (const seed of [1, 2, 3]) {
      const tfen = playoutState(builtInVariant(id)!, seed * 7919, 6 + seed * 9).tfen();
      const expected = await postJson(app.base, '/v1/legal-moves', { variant: id, position: tfen });
      expect(expected.status).toBe(200);
      const want = new Map<string, string[]>();
      for (const m of expected.body.moves as { from: string; to: string }[]) want.set(m.from, [...(want.get(m.from) ?? []), m.to]);

      await open(id, tfen);
      // Every piece selected in turn by a click; what the board marks as destinations, by square.
      const shown: [string, string[]][] = await page.evaluate(async () => {
        const board = document.querySelector('tafl-board') as any;
        board.interactive = true;
        await board.updateComplete;
        const out: [string, string[]][] = [];
        const squares = [...board.shadowRoot.querySelectorAll('[role=gridcell][data-piece]')].map((c: any) => c.dataset.square as string);
        for (const sq of squares) {
          board.shadowRoot.querySelector(`[role=gridcell][data-square="${sq}"]`).click();
          await board.updateComplete;
          const dests = [...board.shadowRoot.querySelectorAll('[role=gridcell][data-dest]')].map((c: any) => c.dataset.square as string);
          out.push([sq, dests]);
          // A second click drops the selection, so the next piece starts afresh.
          if (dests.length) board.shadowRoot.querySelector(`[role=gridcell][data-square="${sq}"]`).click();
          await board.updateComplete;
        }
        return out;
      });
      expect(shown.length).toBeGreaterThan(0);
      for (const [sq, dests] of shown) expect([...dests].sort(), `${id} ${tfen} ${sq}`).toEqual([...(want.get(sq) ?? [])].sort());
      // Every square the service lets move is a piece the board offered.
      expect(shown.filter(([, d]) => d.length).length).toBe(want.size);
    }
  });

  it.each(builtInVariantIds())('draws the start of %s as the service PNG does, square by square', async (id) => {
    await open(id);
    await page.evaluate((size) => {
      const board = document.querySelector('tafl-board') as HTMLElement;
      board.style.setProperty('width', `${size}px`);
      board.style.setProperty('max-width', 'none');
    }, SIZE);
    const shot = await page.locator('tafl-board').screenshot();
    const png = Buffer.from(await (await fetch(`${app.base}/v1/variants/${id}/board.png?size=${SIZE}`)).arrayBuffer());
    const n = builtInVariant(id)!.geo.size;
    // The picture's layout (src/render/svg.ts): 40 units a square, 34 on the coordinates' sides, 10 elsewhere.
    const extent = n * 40 + 44;
    const points: { name: string; x: number; y: number }[] = [];
    for (let row = 0; row < n; row++)
      for (let col = 0; col < n; col++) {
        const name = `${'abcdefghijklmnopqrstuvwxy'[col]}${n - row}`;
        const x0 = 34 + col * 40;
        const y0 = 10 + row * 40;
        const at = (ux: number, uy: number) => ({ x: Math.floor((ux / extent) * SIZE), y: Math.floor((uy / extent) * SIZE) });
        // The centre (the piece, or the special square's mark) and a point near the corner (the square's own colour).
        points.push({ name: `${name} centre`, ...at(x0 + 20, y0 + 20) }, { name: `${name} corner`, ...at(x0 + 7, y0 + 7) });
      }
    const differing: string[] = await page.evaluate(
      async ({ a, b, pts }) => {
        const pixels = async (b64: string) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return { data: ctx.getImageData(0, 0, img.width, img.height).data, w: img.width };
        };
        const [pa, pb] = [await pixels(a), await pixels(b)];
        const bad: string[] = [];
        for (const p of pts) {
          const ia = (p.y * pa.w + p.x) * 4;
          const ib = (p.y * pb.w + p.x) * 4;
          const diff = Math.max(...[0, 1, 2].map((k) => Math.abs(pa.data[ia + k] - pb.data[ib + k])));
          if (diff > 24) bad.push(`${p.name}: ${[0, 1, 2].map((k) => pa.data[ia + k])} vs ${[0, 1, 2].map((k) => pb.data[ib + k])}`);
        }
        return bad;
      },
      { a: shot.toString('base64'), b: png.toString('base64'), pts: points },
    );
    expect(differing).toEqual([]);
  });
});
