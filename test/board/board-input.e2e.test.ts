/**
 * <tafl-board>'s other two ways to move, in Chromium with real input events: the keyboard (the arrow keys
 * walk the squares from the tab stop, Enter picks the piece and plays on the destination) and a drag with
 * the mouse (press on a piece, move past the drag threshold, release on a destination). Each plays Brandubh's
 * d2-e2 on the /embed/position page's board, which then shows the position the rules give.
 */
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { isBuilt, startStatelessApp } from './board-service';

const AFTER_D2_E2 = '3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3 d';

describe.runIf(hasChromium() && isBuilt())('<tafl-board> moves by keyboard and by drag', () => {
  let app: Awaited<ReturnType<typeof startStatelessApp>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startStatelessApp();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 700, height: 700 } });
    await page.goto(`${app.base}/embed/position?variant=brandubh`);
    await page.locator('tafl-board [role=gridcell]').first().waitFor();
    await page.evaluate(async () => {
      const board = document.querySelector('tafl-board') as any;
      board.interactive = true;
      await board.updateComplete;
    });
  });

  afterEach(async () => {
    await page.close();
  });

  const position = () => page.evaluate(() => (document.querySelector('tafl-board') as any).position as string | null);
  const cell = (square: string) => page.locator(`tafl-board [role=gridcell][data-square="${square}"]`);

  it('plays d2-e2 with the arrow keys and Enter from the tab stop (a7, the top-left square)', async () => {
    await cell('a7').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']) {
      await page.keyboard.press(key);
    }
    await expect(cell('d2').getAttribute('aria-label')).resolves.toMatch(/^d2\b/);
    await page.keyboard.press('Enter');
    // The selected piece's destinations are announced on their squares.
    await expect(cell('e2').getAttribute('aria-label')).resolves.toMatch(/legal destination/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction((want) => (document.querySelector('tafl-board') as any).position === want, AFTER_D2_E2);
    expect(await position()).toBe(AFTER_D2_E2);
  });

  it('plays d2-e2 by dragging the piece with the mouse', async () => {
    const from = (await cell('d2').boundingBox())!;
    const to = (await cell('e2').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction((want) => (document.querySelector('tafl-board') as any).position === want, AFTER_D2_E2);
    expect(await position()).toBe(AFTER_D2_E2);
  });

  it('does not play a drag released on a square the piece cannot reach', async () => {
    const from = (await cell('d2').boundingBox())!;
    const to = (await cell('e3').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await position()).toBeNull();
  });
});
